//! Drawing plus PNG encoding of a table image: 50-player standings (two blocks side by side)
//! and an 8-player one.
//!
//! Run with `cargo bench -p akron-renderer --bench table`.

use akron_renderer::table::{render, Align, Column, Table};

fn main() {
    for players in [8, 50] {
        match render(&standings(players)) {
            Ok(png) => {
                let dimension = |at: usize| {
                    png.get(at..at + 4)
                        .and_then(|b| b.try_into().ok())
                        .map_or(0, u32::from_be_bytes)
                };
                println!(
                    "standings_{players}_rows: {} × {} px, {} bytes",
                    dimension(16),
                    dimension(20),
                    png.len()
                );
            }
            Err(e) => println!("standings_{players}_rows: {e}"),
        }
    }
    divan::main();
}

/// Standings of `players` with names of varied lengths.
fn standings(players: usize) -> Table {
    let names = [
        "alice",
        "Bergström-Lindqvist",
        "carol",
        "Дмитрий",
        "frank_the_tank",
    ];
    Table {
        title: "Spring Swiss (#3)".to_string(),
        subtitle: "Standings after 6 of 6 rounds · points, Buchholz, head-to-head".to_string(),
        columns: vec![
            Column::new("#", Align::Right),
            Column::new("Player", Align::Left),
            Column::new("Pts", Align::Right),
            Column::new("BH", Align::Right),
            Column::new("W-D-L", Align::Centre),
        ],
        rows: (0..players)
            .map(|i| {
                vec![
                    (i + 1).to_string(),
                    format!("{}{i}", names[i % names.len()]),
                    format!("{}½", 6 - i * 6 / players),
                    format!("{}.5", 20 - i % 7),
                    format!("{}-1-{}", 5 - i * 5 / players, i * 5 / players),
                ]
            })
            .collect(),
    }
}

#[divan::bench]
fn standings_8_rows(bencher: divan::Bencher) {
    let table = standings(8);
    bencher.bench(|| render(divan::black_box(&table)).map(|png| png.len()));
}

#[divan::bench]
fn standings_50_rows(bencher: divan::Bencher) {
    let table = standings(50);
    bencher.bench(|| render(divan::black_box(&table)).map(|png| png.len()));
}
