//! The admin listener (`--admin`): `/metrics` moves while a game is played and its text is
//! Prometheus's format (checked by `promtool check metrics` and read back by a parser);
//! `/readyz` is ready with a database and not while a chat connection is down.

use crate::discord_e2e;
use crate::fake_discord::payloads::{self, ALICE, BOB};
use akron_bot::console::Console;
use akron_bot::service::{Config, ManualClock, Service};
use akron_bot::web::{self, Limits, Web};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use std::sync::Arc;
use tower::ServiceExt;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// A service on a new SQLite file, with a clock the test holds still.
fn service(dir: &tempfile::TempDir) -> Arc<Service> {
    let clock = Arc::new(ManualClock::new(1_700_000_000));
    Service::with_clock(Config::with_db(dir.path().join("akron.db")), clock)
        .map(Arc::new)
        .unwrap_or_else(|e| panic!("the service opens: {e}"))
}

/// `GET path` on a router: the status and the body.
async fn get(router: axum::Router, path: &str) -> (StatusCode, String, Option<String>) {
    let request = Request::get(path)
        .body(Body::empty())
        .unwrap_or_else(|e| panic!("a request: {e}"));
    let response = router
        .oneshot(request)
        .await
        .unwrap_or_else(|e| panic!("{path} answers: {e}"));
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap_or_else(|e| panic!("{path}'s body: {e}"));
    (
        status,
        String::from_utf8_lossy(&body).into_owned(),
        content_type,
    )
}

/// Scrapes `/metrics`, checks its format, and reads it back.
async fn scrape(service: &Arc<Service>) -> prometheus_parse::Scrape {
    let (status, text, content_type) =
        get(akron_bot::admin::router(Arc::clone(service)), "/metrics").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        content_type.as_deref(),
        Some(akron_bot::admin::METRICS_CONTENT_TYPE)
    );
    promtool_accepts(&text);
    prometheus_parse::Scrape::parse(text.lines().map(|line| Ok(line.to_owned())))
        .unwrap_or_else(|e| panic!("the metrics parse: {e}\n{text}"))
}

/// `promtool check metrics` (Debian's `prometheus` package) accepts the text: its format and
/// Prometheus's naming rules. Without promtool the check is skipped with a note, except
/// under CI, where `.ci/run` installs it.
fn promtool_accepts(text: &str) {
    use std::io::Write;
    let spawned = std::process::Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "promtool is missing under CI ({error}): .ci/run installs Debian's prometheus"
            );
            eprintln!("note: promtool is not installed ({error}); the format check is skipped");
            return;
        }
    };
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(text.as_bytes())
            .unwrap_or_else(|e| panic!("writing to promtool: {e}"));
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("promtool runs: {e}"));
    assert!(
        output.status.success(),
        "promtool check metrics refused the text: {}{}\n{text}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The value of the sample `name` whose labels include `labels`, if there is one.
fn value(scrape: &prometheus_parse::Scrape, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    scrape
        .samples
        .iter()
        .filter(|sample| sample.metric == name)
        .find(|sample| {
            labels
                .iter()
                .all(|(key, wanted)| sample.labels.get(key) == Some(*wanted))
        })
        .and_then(|sample| match sample.value {
            prometheus_parse::Value::Counter(v)
            | prometheus_parse::Value::Gauge(v)
            | prometheus_parse::Value::Untyped(v) => Some(v),
            _ => None,
        })
}

/// A console game (a challenge, its acceptance and two moves) and a web page moved the
/// counters: commands by name and outcome, moves, the notices' backlog, web requests by
/// route template; no label carries an id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_move_during_a_console_game() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a folder: {e}"));
    let service = service(&dir);
    let before = scrape(&service).await;
    assert_eq!(value(&before, "akron_moves_played_total", &[]), Some(0.0));
    assert_eq!(value(&before, "akron_notices_waiting", &[]), Some(0.0));
    assert_eq!(
        value(&before, "akron_scheduler_lag_seconds", &[]),
        Some(0.0)
    );

    let script = "/akron challenge bob size:3 colour:black\n\
                  as bob\n/akron accept #1\nas alice\n/akron move b2\n\
                  as bob\n/akron move Q9\nmove A1\n";
    let console_service = Arc::clone(&service);
    let out = dir.path().join("boards");
    let printed = tokio::task::spawn_blocking(move || {
        let mut printed = Vec::new();
        Console::new(&console_service, &out)
            .run(script.as_bytes(), &mut printed)
            .map(|()| String::from_utf8_lossy(&printed).into_owned())
    })
    .await
    .unwrap_or_else(|e| panic!("the console ran: {e}"))
    .unwrap_or_else(|e| panic!("the console's output: {e}"));
    assert!(printed.contains("placed B2"), "{printed}");

    let page = web::router(Web::new(Arc::clone(&service), Limits::default()));
    let (status, _, _) = get(page.clone(), "/").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = get(page, "/game/1/not-a-token").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let after = scrape(&service).await;
    let moves = value(&after, "akron_moves_played_total", &[]).unwrap_or(0.0);
    assert_eq!(moves, 2.0, "B2 and A1");
    let answered = [("command", "move"), ("outcome", "answered")];
    assert_eq!(value(&after, "akron_commands_total", &answered), Some(2.0));
    let refused = [("command", "move"), ("outcome", "refused")];
    assert_eq!(
        value(&after, "akron_commands_total", &refused),
        Some(1.0),
        "Q9"
    );
    assert!(
        value(
            &after,
            "akron_command_duration_seconds_count",
            &[("command", "challenge")]
        )
        .is_some_and(|count| count >= 1.0),
        "the challenge was timed"
    );
    assert!(
        value(&after, "akron_web_requests_total", &[("route", "/")])
            .is_some_and(|count| count >= 1.0),
        "the home page was counted by its route"
    );
    assert!(
        value(
            &after,
            "akron_web_requests_total",
            &[("route", "/game/:id/:token"), ("status", "404")]
        )
        .is_some_and(|count| count >= 1.0),
        "a game page is counted by its template, never its path: {:?}",
        after
            .samples
            .iter()
            .filter(|s| s.metric == "akron_web_requests_total")
            .map(|s| s.labels.to_string())
            .collect::<Vec<_>>()
    );
    assert!(value(&after, "akron_db_connections_in_use", &[]).is_some());
    assert!(value(&after, "akron_ai_jobs_waiting", &[]).is_some());
    for sample in &after.samples {
        for (key, label) in sample.labels.iter() {
            assert!(
                !label.contains("not-a-token") && !label.contains("bob") && !label.contains("#1"),
                "{}: the label {key}={label} carries an id",
                sample.metric
            );
        }
    }
}

/// `/readyz`: ready with a current database; not ready (503, naming it) while a chat
/// connection is down; ready again when it is back. `/healthz` always answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_is_ready_with_a_database_and_not_while_a_component_is_down() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a folder: {e}"));
    let service = service(&dir);
    let admin = || akron_bot::admin::router(Arc::clone(&service));
    let (status, body, _) = get(admin(), "/healthz").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body, _) = get(admin(), "/readyz").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body.contains("database: up") && body.ends_with("ready\n"),
        "{body}"
    );

    service
        .health()
        .report("discord", false, "0 of 2 shards connected");
    service.health().report("matrix", true, "syncing");
    let (status, body, _) = get(admin(), "/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body.contains("discord: down (0 of 2 shards connected)"),
        "{body}"
    );
    assert!(body.contains("matrix: up (syncing)"), "{body}");
    assert!(body.ends_with("not ready\n"), "{body}");

    service
        .health()
        .report("discord", true, "2 of 2 shards connected");
    let (status, body, _) = get(admin(), "/readyz").await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// A database behind this build's schema is not ready.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_is_not_ready_when_the_database_is_not_current() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let service = service(&dir);
    set_user_version(&dir.path().join("akron.db"), 1)?;
    let (status, body, _) = get(akron_bot::admin::router(Arc::clone(&service)), "/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body.contains("database: down (schema at version 1"),
        "{body}"
    );
    Ok(())
}

/// Sets the file's schema version behind the service's back (as an older akron's file).
fn set_user_version(path: &std::path::Path, version: i64) -> Result<(), Error> {
    let db = akron_service::db::Db::open(path)?;
    db.write(|c| {
        c.execute(&format!("PRAGMA user_version = {version}"), &[])
            .map(drop)
    })?;
    Ok(())
}

/// Through the fake Discord: slash commands and button presses are counted as interactions
/// received and answered, by command, with their latency.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_discord_interactions() -> Result<(), Error> {
    let (fake, bot, dir) = discord_e2e::setup().await?;
    let scraped = tempfile::tempdir()?;
    let admin = service(&scraped);
    let before = scrape(&admin).await;
    let received = |scrape: &prometheus_parse::Scrape, command: &str| {
        value(
            scrape,
            "akron_interactions_received_total",
            &[("platform", "discord"), ("command", command)],
        )
        .unwrap_or(0.0)
    };
    let challenge = discord_e2e::akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &BOB),
            payloads::integer_option("size", discord_e2e::SIZE),
        ],
    );
    let reply = fake.interact_and_wait(&challenge).await?;
    let accept = reply
        .buttons()
        .into_iter()
        .find(|(_, label)| label == "Accept")
        .map(|(id, _)| id)
        .ok_or("an Accept button")?;
    let message = reply.message.ok_or("the challenge message")?;
    fake.interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    let after = scrape(&admin).await;
    assert!(received(&after, "akron challenge") > received(&before, "akron challenge"));
    assert!(received(&after, "button") > received(&before, "button"));
    assert!(
        value(
            &after,
            "akron_interactions_answered_total",
            &[("command", "akron challenge"), ("outcome", "ok")]
        )
        .is_some_and(|count| count >= 1.0),
        "the challenge was answered"
    );
    assert!(
        value(
            &after,
            "akron_interaction_duration_seconds_count",
            &[("command", "akron challenge")]
        )
        .is_some_and(|count| count >= 1.0),
        "its latency was observed"
    );
    discord_e2e::stop_bot(bot).await?;
    drop(dir);
    Ok(())
}
