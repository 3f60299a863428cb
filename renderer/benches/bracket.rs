//! Drawing plus PNG encoding of bracket pictures (issue 43): a 64-player single elimination
//! at its first round (32 matches, the picture's three columns: 32, 16 and 8 matches) and at
//! its last three rounds, an 8-player one, and a 16-player double elimination's first three
//! columns (both brackets).
//!
//! Run with `cargo bench -p akron-renderer --bench bracket`.

use akron_renderer::bracket::{
    render, render_double, Bracket, Column, DoubleBracket, Entry, Match, Round,
};

fn main() {
    for (name, png) in [
        ("single_64_first_rounds", render(&single(64, 0))),
        ("single_64_last_rounds", render(&single(64, 3))),
        ("single_8", render(&single(8, 0))),
        ("double_16", render_double(&double(16))),
    ] {
        match png {
            Ok(png) => {
                let dimension = |at: usize| {
                    png.get(at..at + 4)
                        .and_then(|b| b.try_into().ok())
                        .map_or(0, u32::from_be_bytes)
                };
                println!(
                    "{name}: {} × {} px, {} bytes",
                    dimension(16),
                    dimension(20),
                    png.len()
                );
            }
            Err(e) => println!("{name}: {e}"),
        }
    }
    divan::main();
}

/// Names of varied lengths and scripts, as a community's are.
const NAMES: [&str; 6] = [
    "alice",
    "Bergström-Lindqvist",
    "carol",
    "Дмитрий",
    "frank_the_tank",
    "María José",
];

fn entry(seed: usize, score: &str) -> Entry {
    Entry {
        seed: u32::try_from(seed).unwrap_or(0),
        name: format!("{}{seed}", NAMES[seed % NAMES.len()]),
        score: score.to_string(),
        mark: if seed % 11 == 5 {
            "(WD)".to_string()
        } else {
            String::new()
        },
    }
}

/// Round `r` (from 0) of a bracket of `players`: its matches, the first two rounds decided.
fn round(players: usize, r: usize) -> Round {
    let matches = players >> (r + 1);
    Round {
        name: format!("Round {}", r + 1),
        matches: (0..matches)
            .map(|m| {
                Some(Match {
                    top: entry(m + 1, if r < 2 { "2" } else { "" }),
                    bottom: Some(entry(2 * matches - m, if r < 2 { "1" } else { "" })),
                    winner: (r < 2).then_some(m % 3 != 1),
                })
            })
            .collect(),
    }
}

/// A single elimination of `players` from round `from` (the picture's columns).
fn single(players: usize, from: usize) -> Bracket {
    let rounds = players.trailing_zeros() as usize;
    Bracket {
        title: format!("Spring Knockout ({players} players)"),
        subtitle: "single elimination, best of 3 · WD withdrew, DQ disqualified".to_string(),
        bye: "bye".to_string(),
        rounds: (from..rounds).map(|r| round(players, r)).collect(),
    }
}

/// A double elimination of `players`: its first three columns.
fn double(players: usize) -> DoubleBracket {
    DoubleBracket {
        title: format!("Spring Double ({players} players)"),
        subtitle: "double elimination, best of 3, bracket reset".to_string(),
        bye: "bye".to_string(),
        winners: "Winners' bracket".to_string(),
        losers: "Losers' bracket".to_string(),
        columns: (0..3)
            .map(|c| Column {
                winners: Some(round(players, c)),
                losers: (c > 0).then(|| round(players / 2, c - 1)),
            })
            .collect(),
    }
}

#[divan::bench]
fn single_64_first_rounds(bencher: divan::Bencher) {
    let bracket = single(64, 0);
    bencher.bench(|| render(divan::black_box(&bracket)).map(|png| png.len()));
}

#[divan::bench]
fn single_64_last_rounds(bencher: divan::Bencher) {
    let bracket = single(64, 3);
    bencher.bench(|| render(divan::black_box(&bracket)).map(|png| png.len()));
}

#[divan::bench]
fn single_8(bencher: divan::Bencher) {
    let bracket = single(8, 0);
    bencher.bench(|| render(divan::black_box(&bracket)).map(|png| png.len()));
}

#[divan::bench]
fn double_16(bencher: divan::Bencher) {
    let bracket = double(16);
    bencher.bench(|| render_double(divan::black_box(&bracket)).map(|png| png.len()));
}
