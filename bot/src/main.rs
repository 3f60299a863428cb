//! `akron`: the Akron command line: the console game, the Discord and Matrix bots, the worker,
//! the web companion, database tools, and the rules and engine tools.

mod cli;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Akron, Cameron Browne's 3D connection game: rules tools, a console game and a Discord bot.
///
/// Without a command: the Discord bot when `DISCORD_TOKEN` is set, the Matrix bot when the
/// Matrix settings are, both when both are, else the console game.
#[derive(Parser)]
#[command(name = "akron", version, about)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// How the bots, the worker and the web companion write their log to standard error:
    /// `text` (coloured only on a terminal, never with `NO_COLOR`) or `json` for log
    /// collectors (default: `$AKRON_LOG_FORMAT`, else text).
    #[arg(long, global = true, value_enum)]
    log_format: Option<cli::LogFormat>,
    /// On SIGTERM or Ctrl-C, how long the bots, the worker, the web companion and the
    /// console wait for the work in flight before they exit, in seconds (default:
    /// `$AKRON_STOP_TIMEOUT`, else 10).
    #[arg(long, global = true, value_name = "SECONDS")]
    stop_timeout: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Lists every legal move of a position (swap excluded), one per line.
    Moves(cli::rules::MovesArgs),
    /// Applies moves to a position, printing `MOVE CODE STATUS` after each.
    Apply(cli::rules::ApplyArgs),
    /// Prints which colour spans: black, white or none.
    Spans(cli::rules::SpansArgs),
    /// Counts the leaves of the legal move tree to a depth.
    Perft(cli::rules::PerftArgs),
    /// Plays uniformly random games with the fast playout and prints one summary line.
    Selfplay(cli::rules::SelfplayArgs),
    /// Plays in the console: slash-command text on standard input, same service and database
    /// as the bot.
    Play(cli::play::PlayArgs),
    /// Draws a position as a PNG board image. With --last-move, the move is played on CODE
    /// first, and the image shows the position after it with the move and its drops marked.
    Render(cli::render::RenderArgs),
    /// Draws a game as an animated GIF: a record (file or text), or a position code and moves.
    Replay(cli::replay::ReplayArgs),
    /// Runs the Discord bot (token from `DISCORD_TOKEN` or `--token-file`).
    Discord(cli::discord::DiscordArgs),
    /// Runs the Matrix bot (password from `MATRIX_PASSWORD`, or a token from
    /// `MATRIX_ACCESS_TOKEN`, or a file).
    Matrix(cli::matrix::MatrixArgs),
    /// Serves the read-only web companion (game, tournament, player and server pages) on the
    /// bots' database.
    Web(cli::web::WebArgs),
    /// Searches a position and prints `MOVE WINRATE PV...`.
    Bestmove(cli::ai::BestmoveArgs),
    /// Proves a forced win: prints `win MOVE...`, `loss` or `unknown`, then the time taken.
    Solve(cli::ai::SolveArgs),
    /// Plays engines against each other and prints the score and the Elo difference.
    Arena(cli::ai::ArenaArgs),
    /// Generates or checks the puzzle bank.
    Puzzles(cli::ai::PuzzlesArgs),
    /// Runs the background work without any chat connection: the scheduler, the AI's moves
    /// and the delivery of Discord notices (several processes on one PostgreSQL database).
    Worker(cli::worker::WorkerArgs),
    /// Checks what an operator sets up and says how to fix what is wrong: the database
    /// (reachable, current, consistent), `AKRON_WEB_URL`, the Discord token, the registered
    /// commands and the bot's permissions in each server's channels, the Matrix login and
    /// cross-signing.
    Doctor(cli::doctor::DoctorArgs),
    /// Works on a whole database: `akron db copy --from akron.db --to postgres://...`,
    /// `akron db backup --to FILE`, `akron db check`.
    Db(cli::db::DbArgs),
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        // Help, version and usage errors: clap would ignore a failed write and exit 0.
        Err(error) => {
            return match error.print() {
                Ok(()) => ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2)),
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "error: cannot write the help: {e}");
                    ExitCode::from(2)
                }
            };
        }
    };
    if let Err(error) = cli::choose_log_format(args.log_format) {
        return finish(Err(error));
    }
    if let Err(error) = cli::choose_stop_timeout(args.stop_timeout) {
        return finish(Err(error));
    }
    let Some(command) = args.command else {
        return finish(cli::bot_or_console());
    };
    finish(match command {
        Command::Moves(a) => cli::rules::moves(&a),
        Command::Apply(a) => cli::rules::apply(&a),
        Command::Spans(a) => cli::rules::spans(&a),
        Command::Perft(a) => cli::rules::perft(&a),
        Command::Selfplay(a) => cli::rules::selfplay(&a),
        Command::Play(a) => cli::play::play(&a),
        Command::Render(a) => cli::render::render(&a),
        Command::Replay(a) => cli::replay::replay(&a),
        Command::Discord(a) => cli::discord::discord(&a),
        Command::Matrix(a) => cli::matrix::matrix(&a),
        Command::Web(a) => cli::web::web(&a),
        Command::Bestmove(a) => cli::ai::bestmove(&a),
        Command::Solve(a) => cli::ai::solve(&a),
        Command::Arena(a) => cli::ai::arena(&a),
        Command::Puzzles(a) => cli::ai::puzzles(&a),
        Command::Db(a) => cli::db::db(&a),
        Command::Doctor(a) => cli::doctor::doctor(&a),
        Command::Worker(a) => cli::worker::worker(&a),
    })
}

/// Exit status 0, or 2 after printing the error.
fn finish(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // If standard error fails too, the exit code is all that is left to say it.
            let _ = writeln!(std::io::stderr(), "error: {error:#}");
            ExitCode::from(2)
        }
    }
}
