//! `bestmove`, `solve`, `arena` and `puzzles`: the engine on the command line.
//!
//! Their output formats are fixed, because other tools read them.

use akron_ai::arena::{self, ArenaOptions, Player};
use akron_ai::puzzles::{self, MineOptions};
use akron_ai::{solve_limited, Budget, Engine, EngineConfig, Proof};
use akron_rules::{Position, WinRule};
use anyhow::{anyhow, Context, Result};
use clap::{Args, Subcommand};
use std::collections::HashSet;
use std::io::Write;
use std::time::{Duration, Instant};

fn parse_rule(text: &str) -> Result<WinRule, String> {
    text.parse()
}

fn position(code: &str) -> Result<Position> {
    Position::from_code(code).map_err(|e| anyhow!("bad position code: {e}"))
}

/// Arguments of `akron bestmove`.
#[derive(Args)]
pub struct BestmoveArgs {
    /// Position code, e.g. `8:b:32,32:8/8/8/8/8/8/8/8`.
    code: String,
    /// When a connection wins.
    #[arg(long, default_value = "delayed", value_parser = parse_rule)]
    rule: WinRule,
    /// Thinking time in milliseconds (at most 10,000); 1,000 if neither limit is given.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Simulations to run instead of (or besides) a time limit.
    #[arg(long)]
    playouts: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `akron bestmove CODE`: prints `MOVE WINRATE PV...`.
pub fn bestmove(args: &BestmoveArgs) -> Result<()> {
    let position = position(&args.code)?;
    let time = match (args.time_ms, args.playouts) {
        (None, None) => Some(Duration::from_millis(1000)),
        (t, _) => t.map(Duration::from_millis),
    };
    let mut engine = Engine::new(EngineConfig {
        threads: args.threads.clamp(1, 64),
        seed: args.seed,
        ..EngineConfig::default()
    });
    let budget = Budget {
        time,
        playouts: args.playouts,
    };
    let analysis = engine.analyze(&position, args.rule, budget)?;
    let pv: Vec<String> = analysis.pv.iter().map(ToString::to_string).collect();
    super::print_line(format_args!(
        "{} {:.3} {}",
        analysis.best,
        analysis.winrate,
        pv.join(" ")
    ))
}

/// Arguments of `akron solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// Position code.
    code: String,
    /// When a connection wins.
    #[arg(long, default_value = "delayed", value_parser = parse_rule)]
    rule: WinRule,
    /// Longest win looked for, in own moves of the side to move.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Positions the solver may visit before it answers unknown.
    #[arg(long, default_value_t = akron_ai::DEFAULT_NODE_LIMIT)]
    nodes: u64,
}

/// `akron solve CODE`: prints `win MOVE...`, `loss` or `unknown`, then `time SECONDS`.
pub fn solve(args: &SolveArgs) -> Result<()> {
    let position = position(&args.code)?;
    let clock = Instant::now();
    let proof = solve_limited(&position, args.rule, args.depth.clamp(1, 8), args.nodes);
    let seconds = clock.elapsed().as_secs_f64();
    match proof {
        Proof::Win(line) => {
            let line: Vec<String> = line.iter().map(ToString::to_string).collect();
            super::print_line(format_args!("win {}", line.join(" ")))?;
        }
        Proof::Loss => super::print_line("loss")?,
        Proof::Unknown => super::print_line("unknown")?,
    }
    super::print_line(format_args!("time {seconds:.3}"))
}

/// Arguments of `akron arena`.
#[derive(Args)]
pub struct ArenaArgs {
    /// Player A: a level 1 to 8, `uct` (plain UCT), `full` (the full engine, all the time) or
    /// `baseline` (also `8-2026-11-28`: level 8 as it played before the stronger top level).
    #[arg(long)]
    a: Player,
    /// Player B, as A.
    #[arg(long)]
    b: Player,
    /// Games; A plays Black in the odd-numbered ones (1st, 3rd, ...).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 100)]
    time_ms: u64,
    /// Board side.
    #[arg(long, default_value_t = 8)]
    size: u8,
    /// When a connection wins.
    #[arg(long, default_value = "delayed", value_parser = parse_rule)]
    rule: WinRule,
    /// Threads per engine.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the first game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `akron arena`: one line per game, then `a=.. b=.. wins=.. losses=.. draws=.. elo=.. low=.. high=..`.
pub fn arena(args: &ArenaArgs) -> Result<()> {
    if !(akron_rules::MIN_SIZE..=akron_rules::MAX_SIZE).contains(&args.size) {
        return Err(anyhow!("size {} must be from 3 to 16", args.size));
    }
    let options = ArenaOptions {
        size: args.size,
        rule: args.rule,
        time: Duration::from_millis(args.time_ms.min(10_000)),
        threads: args.threads.clamp(1, 64),
        seed: args.seed,
        ..ArenaOptions::default()
    };
    let score = arena::run(args.a, args.b, args.games, &options, |i, result, s| {
        let line = super::print_line(format_args!(
            "game {} {result:?} score {}-{}-{}",
            i + 1,
            s.a_wins,
            s.b_wins,
            s.draws
        ));
        if let Err(error) = line {
            // Nobody can read the rest: stop now rather than play every game for nothing.
            let _ = writeln!(std::io::stderr(), "error: {error:#}");
            std::process::exit(2);
        }
    });
    let (elo, low, high) = score.elo();
    super::print_line(format_args!(
        "a={} b={} wins={} losses={} draws={} score={:.3} elo={elo:.0} low={low:.0} high={high:.0}",
        args.a.to_string().replace(' ', ""),
        args.b.to_string().replace(' ', ""),
        score.a_wins,
        score.b_wins,
        score.draws,
        score.fraction()
    ))
}

/// Arguments of `akron puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

/// What `akron puzzles` does.
#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Mines self-play games for positions with a forced win and prints one bank line each.
    Generate(GenerateArgs),
    /// Proves every puzzle of a bank again and prints the time each took.
    Check(CheckArgs),
}

/// Arguments of `akron puzzles generate`.
#[derive(Args)]
struct GenerateArgs {
    /// Puzzles to find.
    #[arg(long, default_value_t = 200)]
    count: usize,
    /// Board side.
    #[arg(long, default_value_t = 8)]
    size: u8,
    /// When a connection wins.
    #[arg(long, default_value = "delayed", value_parser = parse_rule)]
    rule: WinRule,
    /// Longest win looked for, in own moves.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Shortest win kept, in own moves.
    #[arg(long, default_value_t = 1)]
    min_moves: u32,
    /// Playouts per move of the self-play games.
    #[arg(long, default_value_t = 300)]
    playouts: u64,
    /// Solver nodes per position.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// Seed of the first game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Arguments of `akron puzzles check`.
#[derive(Args)]
struct CheckArgs {
    /// The bank file; the bank shipped with the engine if not given.
    file: Option<std::path::PathBuf>,
}

/// `akron puzzles generate|check`.
pub fn puzzles(args: &PuzzlesArgs) -> Result<()> {
    match &args.command {
        PuzzlesCommand::Generate(a) => generate(a),
        PuzzlesCommand::Check(a) => check(a),
    }
}

fn generate(args: &GenerateArgs) -> Result<()> {
    if !(akron_rules::MIN_SIZE..=akron_rules::MAX_SIZE).contains(&args.size) {
        return Err(anyhow!("size {} must be from 3 to 16", args.size));
    }
    let options = MineOptions {
        size: args.size,
        rule: args.rule,
        depth: args.depth.clamp(1, 4),
        playouts: args.playouts,
        node_limit: args.nodes,
        seed: args.seed,
    };
    super::print_line(format_args!(
        "# akron puzzles generate --size {} --rule {} --depth {} --min-moves {} --playouts {} --nodes {} --seed {}",
        args.size, args.rule, options.depth, args.min_moves, args.playouts, args.nodes, args.seed
    ))?;
    let mut seen = HashSet::new();
    let mut found = 0;
    let mut game = 0;
    while found < args.count && game < 100_000 {
        for puzzle in puzzles::mine_game(&options, game, &mut seen) {
            if puzzle.moves >= args.min_moves && found < args.count {
                super::print_line(&puzzle)?;
                found += 1;
            }
        }
        game += 1;
    }
    Ok(())
}

fn check(args: &CheckArgs) -> Result<()> {
    let text = match &args.file {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the bank {}", path.display()))?,
        None => puzzles::BANK.to_string(),
    };
    let bank = puzzles::parse_bank(&text)?;
    let mut slowest = 0.0f64;
    let mut total = 0.0;
    let mut failed = 0;
    for (i, puzzle) in bank.iter().enumerate() {
        let clock = Instant::now();
        let proof = akron_ai::solve(&puzzle.position, puzzle.rule, puzzle.moves);
        let seconds = clock.elapsed().as_secs_f64();
        let ok = matches!(proof, Proof::Win(_));
        failed += usize::from(!ok);
        slowest = slowest.max(seconds);
        total += seconds;
        super::print_line(format_args!(
            "{} {} {seconds:.4}",
            i + 1,
            if ok { "win" } else { "FAILED" }
        ))?;
    }
    super::print_line(format_args!(
        "puzzles={} failed={failed} mean={:.4} slowest={slowest:.4}",
        bank.len(),
        total / bank.len().max(1) as f64
    ))?;
    if failed > 0 {
        return Err(anyhow!("{failed} puzzles were not proven"));
    }
    Ok(())
}
