//! `akron doctor`: what an operator runs when something is wrong (the database, the web
//! address, Discord, Matrix). Each check says in plain
//! words what it found and, when something is wrong, how to fix it.

use akron_bot::discord::doctor::{self, Finding};
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `akron doctor`.
#[derive(Args, Default)]
pub struct DoctorArgs {
    /// The database: a SQLite file, or `postgres://user@host/dbname` (default: `$AKRON_DB`,
    /// else `akron.db`).
    #[arg(long)]
    db: Option<PathBuf>,
    /// A file holding the Discord bot token, instead of `DISCORD_TOKEN`.
    #[arg(long)]
    token_file: Option<PathBuf>,
    /// The development server the commands are registered in, if the bot runs with
    /// `--dev-guild` (else they are looked for globally).
    #[arg(long)]
    dev_guild: Option<u64>,
    /// Another REST base URL instead of `https://discord.com`, such as an HTTP proxy.
    #[arg(long, hide = true)]
    api_url: Option<String>,
}

/// Runs every check and prints its findings.
///
/// # Errors
///
/// When a check found a problem (after printing them all), or the output fails.
pub fn doctor(args: &DoctorArgs) -> Result<()> {
    let mut findings = database(args);
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    findings.extend(runtime.block_on(web_url()));
    findings.extend(runtime.block_on(discord(args)));
    findings.extend(runtime.block_on(matrix(args)));
    let mut problems = 0;
    for finding in &findings {
        if finding.ok {
            super::print_line(format_args!("ok: {}", finding.what))?;
        } else {
            problems += 1;
            super::print_line(format_args!("problem: {}", finding.what))?;
            if let Some(fix) = &finding.fix {
                super::print_line(format_args!("  fix: {fix}"))?;
            }
        }
    }
    match problems {
        0 => super::print_line("no problem found"),
        1 => anyhow::bail!("1 problem found"),
        n => anyhow::bail!("{n} problems found"),
    }
}

/// The database answers, is at this build's schema, and is consistent.
fn database(args: &DoctorArgs) -> Vec<Finding> {
    let config = super::service_config(args.db.as_deref());
    let name = config.database();
    // Read-only: the doctor migrates nothing and writes nothing.
    if let Err(error) = config.open_db_read_only() {
        return vec![Finding::problem(
            format!("the database {name} cannot be used: {error}"),
            "check --db or AKRON_DB (and for PostgreSQL that the server runs and the address, \
             user and password are right); a database behind this akron is brought up to date \
             by starting the bot once",
        )];
    }
    let mut findings = vec![Finding::ok(format!(
        "the database {name} answers and is at this akron's schema"
    ))];
    match akron_service::service::check::check_database(&config) {
        Ok(report) if report.problems.is_empty() => findings.push(Finding::ok(format!(
            "the database is consistent: {} games replay, {} tournaments agree with their games",
            report.games, report.tournaments
        ))),
        Ok(report) => findings.extend(report.problems.into_iter().map(|problem| {
            Finding::problem(
                format!("the database: {problem}"),
                "restore the last good backup (docs/operating.md, Back up and restore)",
            )
        })),
        Err(error) => findings.push(Finding::problem(
            format!("the database could not be checked: {error}"),
            "run `akron db check` for the details",
        )),
    }
    findings
}

/// `AKRON_WEB_URL` answers, when it is set.
async fn web_url() -> Option<Finding> {
    let url = akron_bot::web::public_url()?;
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        .build()
        .ok()?;
    Some(match client.get(&url).send().await {
        Ok(response) if response.status().is_success() => {
            Finding::ok(format!("AKRON_WEB_URL {url} answers"))
        }
        Ok(response) => Finding::problem(
            format!("AKRON_WEB_URL {url} answers {}", response.status()),
            "check the proxy in front of `akron web` and that it forwards to its --listen \
             address",
        ),
        Err(error) => Finding::problem(
            format!("AKRON_WEB_URL {url} does not answer: {error}"),
            "start `akron web` (or `--web` beside a bot), and check the address, the proxy and \
             its certificate",
        ),
    })
}

/// The Discord checks, when a token is given.
async fn discord(args: &DoctorArgs) -> Vec<Finding> {
    let given = args.token_file.is_some()
        || std::env::var("DISCORD_TOKEN").is_ok_and(|token| !token.trim().is_empty());
    if !given {
        return vec![Finding::ok(
            "Discord: not checked (no DISCORD_TOKEN nor --token-file)",
        )];
    }
    let discord_args = super::discord::DiscordArgs::for_doctor(
        args.token_file.clone(),
        args.dev_guild,
        args.api_url.clone(),
    );
    match super::discord::settings(&discord_args) {
        Ok(settings) => doctor::check(&settings).await,
        Err(error) => vec![Finding::problem(
            format!("Discord: {error:#}"),
            "put the bot's token in DISCORD_TOKEN or the --token-file",
        )],
    }
}

/// The Matrix checks, when the environment configures the Matrix bot: it logs in, and its
/// identity is cross-signed.
async fn matrix(args: &DoctorArgs) -> Vec<Finding> {
    if !super::matrix::configured() {
        return vec![Finding::ok("Matrix: not configured")];
    }
    let db = super::service_config(args.db.as_deref()).db_path;
    match super::matrix::settings(&super::matrix::MatrixArgs::default(), &db) {
        Ok(settings) => akron_bot::matrix::doctor::check(&settings).await,
        Err(error) => vec![Finding::problem(
            format!("Matrix: {error:#}"),
            "set MATRIX_HOMESERVER, MATRIX_USER and MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN",
        )],
    }
}
