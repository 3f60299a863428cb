//! Rules engine speed: perft on middle games, random 8 × 8 playouts, move generation.
//!
//! Run with `cargo bench -p akron-rules --bench rules`.

use akron_rules::{Position, WinRule};
use divan::{black_box, Bencher};
use rand::SeedableRng;

fn main() {
    divan::main();
}

/// Middle-game positions from `tests/perft.txt`.
const MIDDLE_GAMES: [&str; 3] = [
    "8:b:12,10:1w1b2bw/bwb1www1/bwb1wb1b/w3wwww/bbw2wb1/bbb1b3/w2w1wbw/bb2w1bw|7/1w5/7/7/b6/7/7",
    "8:b:0,0:1w3wwb/wb2w3/wbw2wwb/3wbw2/bw1bbwbw/wb1wbwbb/bww1b1b1/b2bbwb1",
    "8:b:2,3:w1bwb1ww/2wb1w2/wbbwwbbb/2bwbwbb/wwwb2bw/ww1wbw1w/b1bbbbww/bwbwbwwb|2b4/2w4/2wwbww/2b4/b6/3ww2/2w1wbw",
];

fn position(code: &str) -> Position {
    Position::from_code(code).unwrap_or_default()
}

#[divan::bench(args = [0, 1, 2])]
fn perft_3_middle_game(bencher: Bencher, which: usize) {
    let p = position(MIDDLE_GAMES[which]);
    bencher.bench_local(|| black_box(&p).perft(3));
}

#[divan::bench(args = [0, 1, 2])]
fn legal_moves_middle_game(bencher: Bencher, which: usize) {
    let p = position(MIDDLE_GAMES[which]);
    bencher.bench_local(|| black_box(&p).legal_moves());
}

/// The same 100 uniformly random 8 × 8 games (seeded) with a 300-ply cap per iteration:
/// games per second = 100 / time.
#[divan::bench(args = [WinRule::Delayed, WinRule::Immediate], sample_count = 30)]
fn random_games_8x8_x100(bencher: Bencher, rule: WinRule) {
    let start = Position::default();
    bencher.bench_local(|| {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(42);
        (0..100)
            .map(|_| start.random_playout(rule, 300, &mut rng).plies)
            .sum::<u32>()
    });
}

/// The same 10 random 16 × 16 games (the 256-bit board) with a 300-ply cap per iteration.
#[divan::bench(sample_count = 10)]
fn random_games_16x16_x10(bencher: Bencher) {
    let Ok(start) = Position::start(16, 128) else {
        return;
    };
    bencher.bench_local(|| {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(42);
        (0..10)
            .map(|_| start.random_playout(WinRule::Delayed, 300, &mut rng).plies)
            .sum::<u32>()
    });
}
