//! Random 8 × 8 games per CPU-second, as `akron selfplay` counts them, without building the bot.
//!
//! `cargo run --release -p akron-rules --example playout_rate -- [GAMES] [SIZE]`

use akron_rules::{default_pile, Position, WinRule};
use rand::SeedableRng;

/// CPU seconds used by this process so far (Linux `/proc/self/stat`, 100 ticks a second).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let size: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let Ok(start) = Position::start(size, default_pile(size)) else {
        return;
    };
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let cpu = cpu_seconds().unwrap_or(0.0);
    let clock = std::time::Instant::now();
    let mut plies = 0u64;
    for _ in 0..games {
        plies += u64::from(start.random_playout(WinRule::Delayed, 300, &mut rng).plies);
    }
    let wall = clock.elapsed().as_secs_f64();
    let cpu = cpu_seconds().unwrap_or(0.0) - cpu;
    println!(
        "games={games} plies={plies} wall={wall:.3}s cpu={cpu:.2}s games_per_cpu_second={:.0}",
        games as f64 / cpu.max(0.01)
    );
}
