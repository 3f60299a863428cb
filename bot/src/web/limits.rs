//! The companion's limits: requests per address, open live streams, work at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the companion allows.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Requests an address may make at once (the bucket's size); 0 turns the limit off.
    pub burst: u32,
    /// Requests an address may make per second, on average.
    pub per_second: u32,
    /// Live streams open at once, over every page.
    pub max_streams: usize,
    /// How often a watched game or tournament is checked for a change.
    pub poll_interval: Duration,
    /// Board pictures kept in memory.
    pub cached_pictures: usize,
    /// Pages, pictures and replays built at once.
    pub concurrent_work: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            burst: 120,
            per_second: 20,
            max_streams: 1000,
            poll_interval: Duration::from_millis(100),
            cached_pictures: 2048,
            concurrent_work: 8,
        }
    }
}

/// Addresses remembered before the full buckets are forgotten.
const MAX_ADDRESSES: usize = 10_000;

/// A token bucket per address.
#[derive(Debug)]
pub(super) struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimiter {
    pub(super) fn new(limits: &Limits) -> RateLimiter {
        RateLimiter {
            burst: f64::from(limits.burst),
            per_second: f64::from(limits.per_second),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a request from `address` may go on (taking one token). A request with no
    /// known address (not through a socket, as in tests) shares one bucket.
    pub(super) fn allow(&self, address: Option<IpAddr>) -> bool {
        if self.burst <= 0.0 {
            return true;
        }
        let address = address.unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
        let now = Instant::now();
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() >= MAX_ADDRESSES {
            let (burst, rate) = (self.burst, self.per_second);
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(address).or_insert((self.burst, now));
        *tokens =
            (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_burst_then_waits() {
        let limits = Limits {
            burst: 3,
            per_second: 1,
            ..Limits::default()
        };
        let limiter = RateLimiter::new(&limits);
        let one = Some(IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1)));
        let two = Some(IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 2)));
        assert!((0..3).all(|_| limiter.allow(one)));
        assert!(!limiter.allow(one), "the fourth at once waits");
        assert!(limiter.allow(two), "another address has its own bucket");
        let off = RateLimiter::new(&Limits {
            burst: 0,
            ..Limits::default()
        });
        assert!((0..1000).all(|_| off.allow(one)));
    }
}
