//! Engine against engine without building the bot: `arena A B GAMES TIME_MS SIZE [RULE] [SEED]`
//! (A and B: a level 1 to 8, `uct`, `full` or `baseline`).
//!
//! `cargo run --release -p akron-ai --example arena -- full uct 200 100 8 delayed`

use akron_ai::arena::{run, ArenaOptions, Player};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let (Ok(a), Ok(b)) = (
        arg(0, "full").parse::<Player>(),
        arg(1, "uct").parse::<Player>(),
    ) else {
        eprintln!("usage: arena A B GAMES TIME_MS SIZE [RULE] [SEED]");
        return;
    };
    let games: u32 = arg(2, "20").parse().unwrap_or(20);
    let options = ArenaOptions {
        time: Duration::from_millis(arg(3, "100").parse().unwrap_or(100)),
        size: arg(4, "8").parse().unwrap_or(8),
        rule: arg(5, "delayed").parse().unwrap_or_default(),
        seed: arg(6, "1").parse().unwrap_or(1),
        ..ArenaOptions::default()
    };
    let score = run(a, b, games, &options, |i, result, score| {
        println!(
            "game {} {:?} score {}-{}-{}",
            i + 1,
            result,
            score.a_wins,
            score.b_wins,
            score.draws
        );
    });
    let (elo, low, high) = score.elo();
    println!(
        "{a} vs {b}: {} wins, {} losses, {} draws ({:.1} %), Elo {elo:+.0} [{low:+.0}, {high:+.0}]",
        score.a_wins,
        score.b_wins,
        score.draws,
        100.0 * score.fraction()
    );
}
