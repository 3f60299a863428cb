//! Knockout brackets as pictures: the six-player bracket of the console transcript after its
//! final, and an eight-place bracket at its start with a right-to-left name, as golden images
//! in `tests/golden/bracket_*.png` (rerun with `UPDATE_GOLDEN=1` after a deliberate change,
//! then look at them); `AKRON_TABLE_OUT=DIR` keeps every picture drawn here.
#![allow(clippy::unwrap_used)]

use akron_renderer::bracket::{render, Bracket, Entry, Match, Round};

fn entry(seed: u32, name: &str, score: &str) -> Entry {
    Entry {
        seed,
        name: name.to_string(),
        score: score.to_string(),
        mark: String::new(),
    }
}

fn played(top: Entry, bottom: Option<Entry>, winner: Option<bool>) -> Option<Match> {
    Some(Match {
        top,
        bottom,
        winner,
    })
}

/// The console transcript's tournament after its final.
fn six_over() -> Bracket {
    Bracket {
        title: "Winter Cup".to_string(),
        subtitle: "single elimination, best of 3".to_string(),
        bye: "bye".to_string(),
        rounds: vec![
            Round {
                name: "Quarter-finals".to_string(),
                matches: vec![
                    played(entry(1, "ana", ""), None, Some(true)),
                    played(
                        entry(4, "dani", "1½"),
                        Some(entry(5, "eli", "1½")),
                        Some(false),
                    ),
                    played(entry(2, "ben", ""), None, Some(true)),
                    played(
                        entry(3, "cleo (out)", "1"),
                        Some(entry(6, "fay (out)", "0")),
                        Some(true),
                    ),
                ],
            },
            Round {
                name: "Semi-finals".to_string(),
                matches: vec![
                    played(entry(1, "ana", "2"), Some(entry(5, "eli", "0")), Some(true)),
                    played(
                        entry(2, "ben", "1"),
                        Some(entry(3, "cleo (out)", "1")),
                        Some(true),
                    ),
                ],
            },
            Round {
                name: "Final".to_string(),
                matches: vec![played(
                    entry(1, "ana", "1"),
                    Some(entry(2, "ben", "2")),
                    Some(false),
                )],
            },
        ],
    }
}

/// Eight places at the start: every first-round match unplayed, later rounds empty, a long
/// name and a right-to-left one.
fn eight_start() -> Bracket {
    let names = [
        "Alexandria Konstantinopoulou",
        "ملك بن سلمان",
        "cleo",
        "dani",
        "eli",
        "fay",
        "gus",
        "hal",
    ];
    let order = [(1, 8), (4, 5), (2, 7), (3, 6)];
    Bracket {
        title: "Spring Knockout".to_string(),
        subtitle: "single elimination, best of 1".to_string(),
        bye: "bye".to_string(),
        rounds: vec![
            Round {
                name: "Quarter-finals".to_string(),
                matches: order
                    .iter()
                    .map(|&(a, b)| {
                        played(
                            entry(a, names[a as usize - 1], ""),
                            Some(entry(b, names[b as usize - 1], "")),
                            None,
                        )
                    })
                    .collect(),
            },
            Round {
                name: "Semi-finals".to_string(),
                matches: vec![None, None],
            },
            Round {
                name: "Final".to_string(),
                matches: vec![None],
            },
        ],
    }
}

fn size_of(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    (info.width, info.height, buffer)
}

/// Compares `png` with `tests/golden/bracket_NAME.png`, palette index by index within a small
/// tolerance for anti-aliasing on another CPU.
fn golden(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            std::path::Path::new(&dir).join(format!("bracket_{name}.png")),
            png,
        )
        .unwrap();
    }
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
        .join(format!("bracket_{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    let (width, height, actual) = size_of(png);
    let (golden_width, golden_height, expected) = size_of(&expected);
    assert_eq!(
        (width, height),
        (golden_width, golden_height),
        "{name}: size"
    );
    let differing = actual.iter().zip(&expected).filter(|(a, b)| a != b).count();
    assert!(
        differing * 500 <= actual.len(),
        "{name}: {differing} of {} pixels differ from {}",
        actual.len(),
        path.display()
    );
}

#[test]
fn golden_brackets() {
    golden("six_over", &render(&six_over()).unwrap());
    golden("eight_start", &render(&eight_start()).unwrap());
}

#[test]
fn a_bracket_fits_a_phone_chat() {
    for bracket in [six_over(), eight_start()] {
        let (width, height, _) = size_of(&render(&bracket).unwrap());
        assert!((640..=1000).contains(&width), "{width}");
        assert!(height <= 600, "{height}");
    }
}
