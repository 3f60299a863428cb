//! The admin listener (`--admin ADDRESS`, off by default): what an operator's monitoring
//! asks, on an address of its own, never the public web companion's.
//!
//! - `GET /healthz`: the process is alive (always 200 while it answers).
//! - `GET /readyz`: the database answers and is at this build's schema, and each chat
//!   connection the process runs is up (Discord's shards connected, Matrix syncing); one
//!   line per component, 200 when all are, else 503.
//! - `GET /metrics`: the Prometheus text format (version 0.0.4): the service's counters
//!   ([`akron_service::metrics`]), the front ends' ([`crate::metrics`]), and the backlog
//!   read from the database at each scrape.

use crate::service::Service;
use akron_service::service::operations::DatabaseState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use prometheus_client::registry::Registry;
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;

/// The environment setting for the admin listener's address when `--admin` is not given.
pub const ADMIN_LISTEN: &str = "AKRON_ADMIN_LISTEN";

/// The content type of the Prometheus text format.
pub const METRICS_CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// What the listener reads: the service and the registry of every metric.
struct Admin {
    service: Arc<Service>,
    registry: Registry,
}

/// The admin routes on `service`: its metrics and the front ends' of this process.
pub fn router(service: Arc<Service>) -> Router {
    let mut registry = Registry::default();
    akron_service::metrics::register(&service, &mut registry);
    crate::metrics::front_ends().register(&mut registry);
    let admin = Arc::new(Admin { service, registry });
    Router::new()
        .route("/healthz", get(|| async { "alive\n" }))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(admin)
}

/// Binds `address` and serves the admin routes in the background, logging where.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn spawn(address: &str, service: Arc<Service>) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    let bound = listener.local_addr()?;
    tracing::info!(%bound, "serving /healthz, /readyz and /metrics (the admin listener)");
    let app = router(service);
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!(%error, "the admin listener stopped");
        }
    });
    Ok(bound)
}

/// The address of the admin listener: `given` (`--admin`), else `$AKRON_ADMIN_LISTEN`,
/// else none.
#[must_use]
pub fn address(given: Option<&str>) -> Option<String> {
    given.map(str::to_owned).or_else(|| {
        std::env::var(ADMIN_LISTEN)
            .ok()
            .map(|a| a.trim().to_owned())
            .filter(|a| !a.is_empty())
    })
}

/// Whether the process is ready, with one line per component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readiness {
    /// Whether every component is up.
    pub ready: bool,
    /// `name: up (detail)` or `name: down (detail)`, the database first.
    pub lines: Vec<String>,
}

/// Asks the database and reads the components' health.
#[must_use]
pub fn readiness(service: &Service) -> Readiness {
    let mut ready = true;
    let mut lines = Vec::new();
    match service.database_state() {
        DatabaseState::Current => lines.push("database: up (answers, schema current)".into()),
        DatabaseState::Behind { found, known } => {
            ready = false;
            lines.push(format!(
                "database: down (schema at version {found}, this akron's is {known})"
            ));
        }
        DatabaseState::Unreachable(error) => {
            ready = false;
            lines.push(format!("database: down ({error})"));
        }
    }
    for (name, component) in service.health().components() {
        ready &= component.up;
        let state = if component.up { "up" } else { "down" };
        lines.push(format!("{name}: {state} ({})", component.detail));
    }
    Readiness { ready, lines }
}

async fn readyz(State(admin): State<Arc<Admin>>) -> Response {
    let service = Arc::clone(&admin.service);
    let Ok(readiness) = tokio::task::spawn_blocking(move || readiness(&service)).await else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the check failed\n",
        )
            .into_response();
    };
    let mut body = String::new();
    for line in &readiness.lines {
        let _ = writeln!(body, "{line}");
    }
    let status = if readiness.ready {
        body.push_str("ready\n");
        StatusCode::OK
    } else {
        body.push_str("not ready\n");
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, body).into_response()
}

async fn metrics(State(admin): State<Arc<Admin>>) -> Response {
    // The backlog's gauges read the database: off the async threads.
    let encoded = tokio::task::spawn_blocking(move || {
        let mut text = String::new();
        prometheus_client::encoding::prometheus_text::encode(&mut text, &admin.registry)
            .map(|()| text)
    })
    .await;
    match encoded {
        Ok(Ok(text)) => ([(header::CONTENT_TYPE, METRICS_CONTENT_TYPE)], text).into_response(),
        _ => (
            StatusCode::INTERNAL_SERVER_ERROR,
            "could not encode the metrics\n",
        )
            .into_response(),
    }
}
