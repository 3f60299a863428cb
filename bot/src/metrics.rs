//! What the front ends count for an operator, beside the service's own counters
//! ([`akron_service::metrics`]): interactions received and answered with their latency,
//! the gateway's shards, the web companion's requests and live streams.
//!
//! They are the process's, kept in one place ([`front_ends`]) that the admin listener reads.
//! No label carries a user, server, channel or game id: commands are their names, web
//! requests their route's template (`/game/:id/:token`), never the path asked.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Registry, Unit};
use std::collections::BTreeMap;
use std::sync::{LazyLock, Mutex};

/// An interaction: where it came from and which command it is.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Interaction {
    /// `discord` or `matrix`.
    pub platform: &'static str,
    /// The command (`akron move`), `button` for a button press.
    pub command: String,
}

/// An interaction and how its answer went.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Answered {
    /// `discord` or `matrix`.
    pub platform: &'static str,
    /// The command (`akron move`), `button` for a button press.
    pub command: String,
    /// `ok`, or `error` when the answer failed.
    pub outcome: &'static str,
}

/// A web request: its route's template and the response's status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct WebRequest {
    /// The route's template (`/game/:id/:token`), `other` when none matched.
    pub route: String,
    /// The HTTP status code.
    pub status: u16,
}

/// A web route's template.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct WebRoute {
    /// The route's template, `other` when none matched.
    pub route: String,
}

/// A gateway shard's state, as a label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ShardState {
    state: &'static str,
}

/// The front ends' metrics of this process.
#[derive(Debug)]
pub struct FrontEnds {
    /// Interactions received (slash commands, button presses, Matrix commands).
    pub received: Family<Interaction, Counter>,
    /// Interactions answered, by outcome.
    pub answered: Family<Answered, Counter>,
    /// Time from an interaction's receipt to its answer.
    pub answer_seconds: Family<Interaction, Histogram>,
    /// The Discord gateway's shards run by this process, by number, and their state.
    shards: Mutex<BTreeMap<u32, &'static str>>,
    /// Times a shard that was connected lost its connection (it reconnects by itself).
    pub shard_reconnects: Counter,
    /// Web requests answered, by route and status.
    pub web_requests: Family<WebRequest, Counter>,
    /// Time to answer a web request, by route (a live stream: until it closes).
    pub web_request_seconds: Family<WebRoute, Histogram>,
    /// Live streams of the web companion open now.
    pub live_streams: Gauge,
}

fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Default for FrontEnds {
    fn default() -> Self {
        FrontEnds {
            received: Family::default(),
            answered: Family::default(),
            answer_seconds: Family::new_with_constructor(latency_histogram),
            shards: Mutex::default(),
            shard_reconnects: Counter::default(),
            web_requests: Family::default(),
            web_request_seconds: Family::new_with_constructor(latency_histogram),
            live_streams: Gauge::default(),
        }
    }
}

impl FrontEnds {
    /// Records the state of shard `shard` (`connected`, `connecting`, `resuming`, ...).
    pub fn shard_state(&self, shard: u32, state: &'static str) {
        if let Ok(mut shards) = self.shards.lock() {
            shards.insert(shard, state);
        }
    }

    /// Counts shards by state.
    #[must_use]
    pub fn shards_by_state(&self) -> BTreeMap<&'static str, i64> {
        let mut counted = BTreeMap::new();
        if let Ok(shards) = self.shards.lock() {
            for state in shards.values() {
                *counted.entry(*state).or_insert(0) += 1;
            }
        }
        counted
    }

    /// Counts an interaction received now; returns when, for [`FrontEnds::answered`].
    pub fn receive(&self, platform: &'static str, command: &str) -> std::time::Instant {
        self.received
            .get_or_create(&Interaction {
                platform,
                command: command.to_owned(),
            })
            .inc();
        std::time::Instant::now()
    }

    /// Counts an interaction answered, `ok` or not, received at `since`.
    pub fn answer(
        &self,
        platform: &'static str,
        command: &str,
        ok: bool,
        since: std::time::Instant,
    ) {
        self.answered
            .get_or_create(&Answered {
                platform,
                command: command.to_owned(),
                outcome: if ok { "ok" } else { "error" },
            })
            .inc();
        self.answer_seconds
            .get_or_create(&Interaction {
                platform,
                command: command.to_owned(),
            })
            .observe(since.elapsed().as_secs_f64());
    }

    /// Adds these metrics to `registry`.
    pub fn register(&'static self, registry: &mut Registry) {
        registry.register(
            "akron_interactions_received",
            "Interactions received (slash commands, buttons, Matrix commands), by command",
            self.received.clone(),
        );
        registry.register(
            "akron_interactions_answered",
            "Interactions answered, by command and outcome",
            self.answered.clone(),
        );
        registry.register_with_unit(
            "akron_interaction_duration",
            "Time from receiving an interaction to answering it",
            Unit::Seconds,
            self.answer_seconds.clone(),
        );
        registry.register(
            "akron_discord_shard_reconnects",
            "Times a connected gateway shard lost its connection",
            self.shard_reconnects.clone(),
        );
        registry.register_collector(Box::new(ShardCollector(self)));
        registry.register(
            "akron_web_requests",
            "Web requests answered, by route template and status",
            self.web_requests.clone(),
        );
        registry.register_with_unit(
            "akron_web_request_duration",
            "Time to answer a web request, by route template",
            Unit::Seconds,
            self.web_request_seconds.clone(),
        );
        registry.register(
            "akron_web_live_streams",
            "Live streams of the web companion open now",
            self.live_streams.clone(),
        );
    }
}

/// The shards by state, read at each scrape.
#[derive(Debug)]
struct ShardCollector(&'static FrontEnds);

impl prometheus_client::collector::Collector for ShardCollector {
    fn encode(
        &self,
        mut encoder: prometheus_client::encoding::DescriptorEncoder,
    ) -> Result<(), std::fmt::Error> {
        use prometheus_client::encoding::EncodeMetric;
        use prometheus_client::metrics::gauge::ConstGauge;
        use prometheus_client::metrics::MetricType;
        let by_state = self.0.shards_by_state();
        if by_state.is_empty() {
            return Ok(());
        }
        let mut family = encoder.encode_descriptor(
            "akron_discord_shards",
            "Gateway shards this process runs, by state",
            None,
            MetricType::Gauge,
        )?;
        for (state, count) in by_state {
            let labels = ShardState { state };
            let metric = family.encode_family(&labels)?;
            ConstGauge::new(count).encode(metric)?;
        }
        Ok(())
    }
}

static FRONT_ENDS: LazyLock<FrontEnds> = LazyLock::new(FrontEnds::default);

/// The front ends' metrics of this process.
#[must_use]
pub fn front_ends() -> &'static FrontEnds {
    &FRONT_ENDS
}
