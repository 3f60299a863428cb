//! Table images: they decode, grow with their rows, stay within the phone-friendly widths,
//! and survive hostile text; two of them (8-player standings, pairings with a bye) are golden
//! images in `tests/golden/table_*.png` (rerun with `UPDATE_GOLDEN=1` after a deliberate
//! change, and look at them). `AKRON_TABLE_OUT=DIR` also writes the images for a person to
//! look at (8-player standings, 50-player standings, pairings with a bye, hostile names).

#![allow(clippy::unwrap_used)]

use akron_renderer::table::{render, Align, Column, Table, MAX_WIDTH, MIN_WIDTH};

const NAMES: [&str; 13] = [
    "alice",
    "bob",
    "carol",
    "dmitri",
    "Élodie",
    "frank_the_tank",
    "gus",
    "hannah",
    "Ingrid Bergström-Lindqvist",
    "**jo**",
    "karl",
    "李小龙",
    "Дмитрий",
];

fn standings(players: usize) -> Table {
    Table {
        title: "Spring Swiss (#3)".to_string(),
        subtitle: "Standings after 3 of 3 rounds · points, Buchholz, head-to-head".to_string(),
        columns: vec![
            Column::new("#", Align::Right),
            Column::new("Player", Align::Left),
            Column::new("Pts", Align::Right),
            Column::new("BH", Align::Right),
            Column::new("W-D-L", Align::Centre),
        ],
        rows: (0..players)
            .map(|i| {
                let points = (players - i) as f32 * 3.0 / players as f32;
                vec![
                    (i + 1).to_string(),
                    format!(
                        "{}{}",
                        NAMES[i % NAMES.len()],
                        if i >= NAMES.len() {
                            (i / NAMES.len()).to_string()
                        } else {
                            String::new()
                        }
                    ),
                    format!("{}", (points * 2.0).round() / 2.0),
                    format!("{}", 4.5 + (i % 5) as f32),
                    format!("{}-{}-{}", 3 - i % 4 % 3, i % 2, i % 4 % 3),
                ]
            })
            .collect(),
    }
}

fn pairings() -> Table {
    Table {
        title: "Spring Swiss (#3), round 2 of 3".to_string(),
        subtitle: String::new(),
        columns: vec![
            Column::new("Board", Align::Right),
            Column::new("Black (first)", Align::Left),
            Column::new("White", Align::Left),
            Column::new("Result", Align::Centre),
            Column::new("Game", Align::Right),
        ],
        rows: vec![
            vec![
                "1".into(),
                "alice".into(),
                "Ingrid Bergström-Lindqvist".into(),
                "1–0".into(),
                "#41".into(),
            ],
            vec![
                "2".into(),
                "carol".into(),
                "dmitri".into(),
                "0.5–0.5".into(),
                "#42".into(),
            ],
            vec![
                "3".into(),
                "Élodie".into(),
                "frank_the_tank".into(),
                "playing".into(),
                "#43".into(),
            ],
            vec![
                "bye".into(),
                "李小龙".into(),
                "".into(),
                "1".into(),
                "".into(),
            ],
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

fn save(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

#[test]
fn tables_decode_and_grow_with_their_rows() {
    let mut heights = Vec::new();
    for players in [2, 8, 16, 24] {
        let png = render(&standings(players)).unwrap();
        let (width, height, _) = size_of(&png);
        assert!((MIN_WIDTH..=MAX_WIDTH).contains(&width), "{width}");
        heights.push(height);
        save(&format!("standings-{players}.png"), &png);
    }
    assert!(heights.windows(2).all(|w| w[0] < w[1]), "{heights:?}");
    let pairings = render(&pairings()).unwrap();
    save("pairings-bye.png", &pairings);
    assert!(size_of(&pairings).0 <= MAX_WIDTH);
}

#[test]
fn fifty_rows_make_two_blocks_side_by_side() {
    let png = render(&standings(50)).unwrap();
    save("standings-50.png", &png);
    let (width, height, _) = size_of(&png);
    let (_, single, _) = size_of(&render(&standings(24)).unwrap());
    assert_eq!(width, MAX_WIDTH);
    assert!(
        height < 2 * single && height > single,
        "{height} against {single}"
    );
}

#[test]
fn hostile_text_is_cut_and_drawn_without_panicking() {
    let mut table = standings(3);
    table.title = "🏆".repeat(500);
    table.rows[0][1] = "\u{202e}\u{0}\n\t".repeat(100) + &"ﷺ".repeat(100);
    table.rows[1] = vec![String::new(); 1];
    table.rows.push(vec!["x".repeat(10_000); 40]);
    table
        .columns
        .extend((0..20).map(|i| Column::new(format!("c{i}"), Align::Right)));
    let png = render(&table).unwrap();
    save("hostile.png", &png);
    let (width, _, _) = size_of(&png);
    assert!(width <= MAX_WIDTH);
    let empty = render(&Table::default()).unwrap();
    assert_eq!(size_of(&empty).0, MIN_WIDTH);
}

#[test]
fn rows_beyond_the_cap_are_counted_not_drawn() {
    let (_, capped, _) = size_of(&render(&standings(200)).unwrap());
    let (_, more, _) = size_of(&render(&standings(5_000)).unwrap());
    assert!(more <= capped + 60, "{more} against {capped}");
}

/// Compares `png` with `tests/golden/table_NAME.png`, pixel for pixel within a small tolerance
/// for anti-aliasing on another CPU.
fn golden(name: &str, png: &[u8]) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
        .join(format!("table_{name}.png"));
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
    // Indexed PNGs with the same palette: compare palette indices.
    let differing = actual.iter().zip(&expected).filter(|(a, b)| a != b).count();
    assert!(
        differing * 500 <= actual.len(),
        "{name}: {differing} of {} pixels differ from {}",
        actual.len(),
        path.display()
    );
}

#[test]
fn golden_standings_and_pairings() {
    golden("standings_8", &render(&standings(8)).unwrap());
    golden("pairings_bye", &render(&pairings()).unwrap());
}

/// Issue 39: a standings table with Arabic, Hebrew and mixed names: each drawn shaped and right
/// to left in its cell, the ranks, points and records beside it in their columns.
#[test]
fn golden_standings_with_right_to_left_names() {
    let mut table = standings(4);
    let names = ["ملك الشطرنج", "שלום עולם", "Sara سارة", "\u{202E}evil bob"];
    for (row, name) in table.rows.iter_mut().zip(names) {
        row[1] = name.to_string();
    }
    golden("standings_rtl", &render(&table).unwrap());
}
