//! `moves`, `apply`, `spans`, `perft` and `selfplay`: the rules engine on the command line.
//!
//! Their output formats are fixed, because other tools read them.

use akron_rules::{notation, Color, Game, Outcome, Position, Reason, WinRule};
use anyhow::{anyhow, Context, Result};
use clap::Args;
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

/// Arguments of `akron moves`.
#[derive(Args)]
pub struct MovesArgs {
    /// Position code, e.g. `8:b:32,32:8/8/8/8/8/8/8/8`.
    code: String,
}

/// Arguments of `akron apply`.
#[derive(Args)]
pub struct ApplyArgs {
    /// When a connection wins.
    #[arg(long, default_value = "delayed", value_parser = parse_rule)]
    rule: WinRule,
    /// Position code to start from. The empty board with Black to move is ply 0, so `swap`
    /// is legal as the second move; from any other code swap is illegal.
    code: String,
    /// Moves in notation, applied in order (`F6`, `A2-D3'`, `swap`). Options may follow
    /// them: a move never starts with `-`.
    moves: Vec<String>,
}

/// Arguments of `akron spans`.
#[derive(Args)]
pub struct SpansArgs {
    /// Position code.
    code: String,
}

/// Arguments of `akron perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Position code.
    code: String,
    /// Depth in plies.
    depth: u32,
}

/// Arguments of `akron selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Random seed; a random one if not given.
    #[arg(long)]
    seed: Option<u64>,
    /// Board side, 3 to 16.
    #[arg(long, default_value_t = 8)]
    size: u8,
    /// Plies after which a game is cut off and counted as unfinished.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// When a connection wins.
    #[arg(long, default_value = "delayed", value_parser = parse_rule)]
    rule: WinRule,
}

fn parse_rule(text: &str) -> Result<WinRule, String> {
    text.parse()
}

fn position(code: &str) -> Result<Position> {
    Position::from_code(code).map_err(|e| anyhow!("bad position code: {e}"))
}

/// The status word of `apply`.
fn status(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(|| "ongoing".to_string(), |o| o.to_string())
}

/// `akron moves CODE`.
pub fn moves(args: &MovesArgs) -> Result<()> {
    let position = position(&args.code)?;
    let mut out = std::io::stdout().lock();
    for mv in position.legal_moves() {
        writeln!(out, "{mv}").context(super::STDOUT)?;
    }
    out.flush().context(super::STDOUT)
}

/// `akron apply [--rule R] CODE MOVE...`.
pub fn apply(args: &ApplyArgs) -> Result<()> {
    let mut game = Game::from_position(position(&args.code)?, args.rule);
    let mut out = std::io::stdout().lock();
    for text in &args.moves {
        let mv = notation::read_move(text, game.position().size())
            .map_err(|e| anyhow!("{text}: {e}"))?;
        let report = game.play(mv).map_err(|e| anyhow!("{mv}: {e}"))?;
        writeln!(
            out,
            "{mv} {} {}",
            game.position().code(),
            status(report.outcome)
        )
        .and_then(|()| out.flush())
        .context(super::STDOUT)?;
    }
    Ok(())
}

/// `akron spans CODE`.
pub fn spans(args: &SpansArgs) -> Result<()> {
    let position = position(&args.code)?;
    super::print_line(position.spanner().map_or("none", Color::name))
}

/// `akron perft CODE DEPTH`.
pub fn perft(args: &PerftArgs) -> Result<()> {
    let position = position(&args.code)?;
    super::print_line(position.perft(args.depth))
}

/// `akron selfplay`.
pub fn selfplay(args: &SelfplayArgs) -> Result<()> {
    let start = Position::start(args.size, akron_rules::default_pile(args.size))
        .map_err(|e| anyhow!("{e}"))?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for key in [
        "black_connection",
        "white_connection",
        "black_no_moves",
        "white_no_moves",
        "draw_repetition",
        "unfinished",
    ] {
        counts.insert(key.to_string(), 0);
    }
    let mut plies = 0u64;
    let cpu_start = cpu_seconds();
    let clock = Instant::now();
    for _ in 0..args.games {
        let result = start.random_playout(args.rule, args.max_plies, &mut rng);
        plies += u64::from(result.plies);
        let key = match result.outcome {
            None => "unfinished".to_string(),
            Some(Outcome {
                winner: Some(c),
                reason: Reason::Connection,
            }) => format!("{c}_connection"),
            Some(Outcome {
                winner: Some(c),
                reason: Reason::NoLegalMove,
            }) => format!("{c}_no_moves"),
            Some(o) => o.to_string().replace([' ', '-'], "_"),
        };
        *counts.entry(key).or_default() += 1;
    }
    let seconds = clock.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        args.games as f64 / seconds
    } else {
        0.0
    };
    // CPU time of the process, so that other work on a shared machine does not hide the
    // engine's speed; the wall clock where it cannot be read.
    let cpu = match (cpu_start, cpu_seconds()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => seconds,
    };
    let cpu_rate = if cpu > 0.0 {
        args.games as f64 / cpu
    } else {
        0.0
    };
    let outcomes: Vec<String> = counts.iter().map(|(k, v)| format!("{k}={v}")).collect();
    super::print_line(format!(
        "games={} plies={plies} seconds={seconds:.3} games_per_second={rate:.1} cpu_seconds={cpu:.3} games_per_cpu_second={cpu_rate:.1} {} size={} rule={} seed={seed}",
        args.games,
        outcomes.join(" "),
        args.size,
        args.rule
    ))
}

/// CPU seconds this process has used (Linux: `/proc/self/stat`, in 1/100 s), if readable.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}
