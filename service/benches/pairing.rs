//! Tournament pairing: one Swiss round for 500 players late in the event, and a 200-player
//! round-robin schedule.
//!
//! `cargo bench -p akron-bot --bench pairing`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use akron_service::tournament::{
    default_rounds, pair_swiss, round_robin, Entrant, GameResult, Round,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    divan::main();
}

fn entrants(count: u32, rng: &mut SmallRng) -> Vec<Entrant> {
    (0..count)
        .map(|id| Entrant::new(id, rng.random_range(800.0..2400.0)))
        .collect()
}

/// A Swiss tournament of `count` players with `played` rounds of random results.
fn swiss_history(count: u32, played: usize) -> (Vec<Entrant>, Vec<Round>) {
    let mut rng = SmallRng::seed_from_u64(42);
    let entrants = entrants(count, &mut rng);
    let mut history = Vec::new();
    for _ in 0..played {
        let mut round = pair_swiss(&entrants, &history, 1).unwrap();
        for p in &mut round.pairings {
            let roll: f64 = rng.random();
            p.result = Some(if roll < 0.15 {
                GameResult::Draw
            } else if roll < 0.575 {
                GameResult::FirstWon
            } else {
                GameResult::SecondWon
            });
        }
        history.push(round);
    }
    (entrants, history)
}

/// Pairing round `n` of a 500-player Swiss (the default is 10 rounds).
#[divan::bench(args = [1, 2, 5, 9])]
fn swiss_500_round(bencher: divan::Bencher, round: usize) {
    assert!(round <= default_rounds(500) as usize);
    let (entrants, history) = swiss_history(500, round - 1);
    bencher
        .bench(|| pair_swiss(divan::black_box(&entrants), divan::black_box(&history), 1).unwrap());
}

/// Pairing round 5 of a 64-player Swiss, a more usual community event.
#[divan::bench]
fn swiss_64_round_5(bencher: divan::Bencher) {
    let (entrants, history) = swiss_history(64, 4);
    bencher
        .bench(|| pair_swiss(divan::black_box(&entrants), divan::black_box(&history), 1).unwrap());
}

/// The whole schedule of a 200-player round robin (199 rounds).
#[divan::bench]
fn round_robin_200(bencher: divan::Bencher) {
    let mut rng = SmallRng::seed_from_u64(7);
    let entrants = entrants(200, &mut rng);
    bencher.bench(|| round_robin(divan::black_box(&entrants), false).unwrap());
}
