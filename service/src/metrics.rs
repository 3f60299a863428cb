//! What the service counts for an operator (`/metrics` on the admin listener) and what it
//! knows of its own health (`/readyz`). Platform-neutral: a front end adds its own metrics
//! (interactions, gateway shards, web requests) to the same registry, and reports whether
//! its chat connection is up as a [`Component`].
//!
//! Names follow Prometheus's conventions: `akron_` first, counters end in `_total`, times in
//! `_seconds`; no label carries a user, server, channel or game id.

use crate::service::Service;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Registry, Unit};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, Weak};

/// A command's name and how it ended.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CommandOutcome {
    /// The command (`move`, `challenge`, ...), one of the service's fixed names.
    pub command: &'static str,
    /// `answered`, `refused` (the user's mistake, nothing changed), `conflict` (another
    /// change won a race; the user is asked to try again) or `failed` (the service failed).
    pub outcome: &'static str,
}

/// A command's name alone.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CommandName {
    /// The command.
    pub command: &'static str,
}

/// Latency buckets of a command or a request, seconds: 1 ms to about 16 s.
fn latency_buckets() -> impl Iterator<Item = f64> {
    exponential_buckets(0.001, 2.0, 15)
}

/// The service's own counters. Cheap to clone: each metric is shared.
#[derive(Clone, Debug)]
pub struct ServiceMetrics {
    /// Commands handled, by command and outcome.
    pub commands: Family<CommandOutcome, Counter>,
    /// Time the service took on a command, by command.
    pub command_seconds: Family<CommandName, Histogram>,
    /// Moves written (players' and the AI's).
    pub moves: Counter,
    /// Notices delivered.
    pub notices_delivered: Counter,
    /// Notices given up (failed for good, or too many tries).
    pub notices_failed: Counter,
    /// Failed deliveries that will be tried again.
    pub notices_retried: Counter,
    /// Deadlines settled by the scheduler (challenges expired, clocks run out, reminders).
    pub deadlines_settled: Counter,
    /// Time an AI move took, from the job's start to the move written.
    pub ai_move_seconds: Histogram,
    /// Failures of the database seen by the service (a command, a loop, a scrape).
    pub db_errors: Counter,
}

impl Default for ServiceMetrics {
    fn default() -> Self {
        ServiceMetrics {
            commands: Family::default(),
            command_seconds: Family::new_with_constructor(|| Histogram::new(latency_buckets())),
            moves: Counter::default(),
            notices_delivered: Counter::default(),
            notices_failed: Counter::default(),
            notices_retried: Counter::default(),
            deadlines_settled: Counter::default(),
            ai_move_seconds: Histogram::new(exponential_buckets(0.01, 2.0, 14)),
            db_errors: Counter::default(),
        }
    }
}

/// Adds the service's metrics, and the gauges read from its database at each scrape, to
/// `registry`. The gauges hold the service weakly: a scrape after it is gone shows none.
pub fn register(service: &Arc<Service>, registry: &mut Registry) {
    let metrics = service.metrics().clone();
    registry.register(
        "akron_commands",
        "Commands handled by the game service, by command and outcome",
        metrics.commands,
    );
    registry.register_with_unit(
        "akron_command_duration",
        "Time the game service took to handle a command",
        Unit::Seconds,
        metrics.command_seconds,
    );
    registry.register("akron_moves_played", "Moves written", metrics.moves);
    registry.register(
        "akron_notices_delivered",
        "Notices delivered",
        metrics.notices_delivered,
    );
    registry.register(
        "akron_notices_failed",
        "Notices given up: failed for good or too many times",
        metrics.notices_failed,
    );
    registry.register(
        "akron_notices_retried",
        "Failed deliveries of notices that will be tried again",
        metrics.notices_retried,
    );
    registry.register(
        "akron_deadlines_settled",
        "Deadlines the scheduler settled",
        metrics.deadlines_settled,
    );
    registry.register_with_unit(
        "akron_ai_move_duration",
        "Time an AI move took, from taking the job to writing the move",
        Unit::Seconds,
        metrics.ai_move_seconds,
    );
    registry.register(
        "akron_db_errors",
        "Database failures seen by the service",
        metrics.db_errors,
    );
    registry.register(
        "akron_db_connections_in_use",
        "Database connections in use right now",
        service.db_in_use().clone(),
    );
    registry.register_collector(Box::new(BacklogCollector(Arc::downgrade(service))));
}

/// The backlog gauges, read from the database at each scrape.
#[derive(Debug)]
struct BacklogCollector(Weak<Service>);

impl prometheus_client::collector::Collector for BacklogCollector {
    fn encode(
        &self,
        mut encoder: prometheus_client::encoding::DescriptorEncoder,
    ) -> Result<(), std::fmt::Error> {
        use prometheus_client::encoding::EncodeMetric;
        use prometheus_client::metrics::gauge::ConstGauge;
        let Some(service) = self.0.upgrade() else {
            return Ok(());
        };
        let backlog = match service.backlog() {
            Ok(backlog) => backlog,
            Err(error) => {
                tracing::warn!(%error, "/metrics could not read the backlog from the database");
                return Ok(());
            }
        };
        let gauges: [(&str, &str, Option<&Unit>, i64); 5] = [
            (
                "akron_notices_waiting",
                "Notices waiting to be delivered",
                None,
                backlog.notices_waiting,
            ),
            (
                "akron_notice_oldest_waiting",
                "How long the oldest waiting notice has waited",
                Some(&Unit::Seconds),
                backlog.oldest_notice_seconds,
            ),
            (
                "akron_scheduler_lag",
                "How late the oldest deadline that fell due and is not settled yet is",
                Some(&Unit::Seconds),
                backlog.scheduler_lag_seconds,
            ),
            (
                "akron_ai_jobs_waiting",
                "Games where the AI is to move",
                None,
                backlog.ai_jobs_waiting,
            ),
            (
                "akron_ai_job_oldest_waiting",
                "How long the AI's longest waiting move has waited",
                Some(&Unit::Seconds),
                backlog.oldest_ai_job_seconds,
            ),
        ];
        for (name, help, unit, value) in gauges {
            let gauge = ConstGauge::new(value);
            let metric = encoder.encode_descriptor(name, help, unit, gauge.metric_type())?;
            gauge.encode(metric)?;
        }
        Ok(())
    }
}

/// Whether a part of the process (a chat connection) is up, with a word on why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Whether it works now.
    pub up: bool,
    /// What it is doing, in plain words (`2 of 2 shards connected`, `syncing`).
    pub detail: String,
}

/// The parts of the process that must be up for it to be ready, by name (`discord`,
/// `matrix`). Front ends report them; `/readyz` reads them.
#[derive(Debug, Default)]
pub struct Health {
    components: Mutex<BTreeMap<String, Component>>,
}

impl Health {
    /// Records the state of the component `name`.
    pub fn report(&self, name: &str, up: bool, detail: impl Into<String>) {
        if let Ok(mut components) = self.components.lock() {
            components.insert(
                name.to_owned(),
                Component {
                    up,
                    detail: detail.into(),
                },
            );
        }
    }

    /// Forgets the component `name` (it stopped on purpose).
    pub fn forget(&self, name: &str) {
        if let Ok(mut components) = self.components.lock() {
            components.remove(name);
        }
    }

    /// Every component's state, by name.
    #[must_use]
    pub fn components(&self) -> BTreeMap<String, Component> {
        self.components
            .lock()
            .map(|components| components.clone())
            .unwrap_or_default()
    }
}
