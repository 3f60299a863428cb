//! Engine against engine without building the bot: `arena A B GAMES TIME_MS SIZE [RULE] [SEED]`
//! (A and B: a level 1 to 8, `uct`, `full` or `baseline`).
//!
//! `cargo run --release -p akron-ai --example arena -- full uct 200 100 8 delayed`

use akron_ai::arena::{play_counted, ArenaOptions, Player, Score};
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
    // The loop of `arena::run`, printing each side's simulations a move as well.
    let mut score = Score::default();
    for i in 0..games {
        let game = play_counted(a, b, i % 2 == 0, &options, options.seed + u64::from(i));
        score.add(game.result);
        let per_move = |side: usize| game.simulations[side] / u64::from(game.searches[side].max(1));
        println!(
            "game {} {:?} score {}-{}-{} plies {} sims/move A {} B {}",
            i + 1,
            game.result,
            score.a_wins,
            score.b_wins,
            score.draws,
            game.moves.len(),
            per_move(0),
            per_move(1)
        );
    }
    let (elo, low, high) = score.elo();
    println!(
        "{a} vs {b}: {} wins, {} losses, {} draws ({:.1} %), Elo {elo:+.0} [{low:+.0}, {high:+.0}]",
        score.a_wins,
        score.b_wins,
        score.draws,
        100.0 * score.fraction()
    );
}
