//! The companion's limits: requests per address, open live streams, work at once.

use axum::http::{header, HeaderMap};
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
    /// Live streams one address may hold open at once (its fair share of [`Self::max_streams`]).
    pub streams_per_address: usize,
    /// Connections open at once, from everyone.
    pub max_connections: usize,
    /// Connections one address may hold open at once (a trusted proxy is held only to
    /// [`Self::max_connections`]).
    pub connections_per_address: usize,
    /// How long a client may take to send a request's headers, and a kept-alive connection
    /// may wait for its next request, before it is closed.
    pub header_timeout: Duration,
    /// How long a connection may move no byte either way (a client that stops reading)
    /// before it is closed. Longer than a live stream's keep-alive comments (15 s).
    pub idle_timeout: Duration,
    /// The proxies (a TLS terminator) whose `Forwarded` / `X-Forwarded-For` header names
    /// the visitor: requests through them are limited by the visitor's address instead of
    /// the proxy's. A header from any other address is ignored.
    pub trusted_proxies: Vec<IpAddr>,
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
            streams_per_address: 20,
            max_connections: 2000,
            connections_per_address: 64,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            trusted_proxies: Vec::new(),
            poll_interval: Duration::from_millis(100),
            cached_pictures: 2048,
            concurrent_work: 8,
        }
    }
}

/// The visitor's address: the connection's `peer`, unless `peer` is one of the `trusted`
/// proxies, in which case the nearest address in its forwarding headers (RFC 7239
/// `Forwarded: for=`, else `X-Forwarded-For`) that is not itself a trusted proxy. A header
/// the proxy did not write cannot be told from one it did, so only the hops after the last
/// untrusted one count; an entry that is not an address (`unknown`, an obfuscated name)
/// stops the walk and the last trusted hop stands for the visitor.
///
/// Hand-written: the two headers' address lists are a few lines to read, and the crates
/// that parse `Forwarded` whole bring more than this needs.
pub(super) fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops = forwarded_for(headers).or_else(|| x_forwarded_for(headers));
    let Some(hops) = hops else {
        return peer;
    };
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop {
            Some(address) => {
                client = *address;
                if !trusted.contains(address) {
                    break;
                }
            }
            None => break,
        }
    }
    client
}

/// The `for=` addresses of every `Forwarded` header, in order (`None` for one that is not
/// an address); `None` when there is no such header.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    for value in headers.get_all(header::FORWARDED) {
        let value = value.to_str().ok()?;
        for element in value.split(',') {
            for pair in element.split(';') {
                let Some((key, value)) = pair.trim().split_once('=') else {
                    continue;
                };
                if key.trim().eq_ignore_ascii_case("for") {
                    hops.push(node_address(value.trim().trim_matches('"')));
                }
            }
        }
    }
    (!hops.is_empty()).then_some(hops)
}

/// The addresses of every `X-Forwarded-For` header, in order.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        let value = value.to_str().ok()?;
        hops.extend(value.split(',').map(|hop| node_address(hop.trim())));
    }
    (!hops.is_empty()).then_some(hops)
}

/// An address from a forwarding header's node: `192.0.2.1`, `192.0.2.1:80`, `[2001:db8::1]`,
/// `[2001:db8::1]:80` or a bare `2001:db8::1`.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Ok(address) = node.parse::<IpAddr>() {
        return Some(address);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    node.parse::<std::net::SocketAddr>().ok().map(|a| a.ip())
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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        map
    }

    #[test]
    fn forwarding_headers_count_only_from_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.9".parse().unwrap();
        let other: IpAddr = "10.0.0.7".parse().unwrap();
        let trusted = [proxy];
        let xff = headers(&[("x-forwarded-for", "203.0.113.5")]);
        assert_eq!(
            client_address(proxy, &xff, &trusted),
            "203.0.113.5".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            client_address(other, &xff, &trusted),
            other,
            "an untrusted peer's header is ignored"
        );
        assert_eq!(client_address(proxy, &HeaderMap::new(), &trusted), proxy);
        let spoofed = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.5")]);
        assert_eq!(
            client_address(proxy, &spoofed, &trusted),
            "203.0.113.5".parse::<IpAddr>().unwrap(),
            "what the visitor wrote before the proxy's entry is not believed"
        );
        let forwarded = headers(&[
            (
                "forwarded",
                "for=192.0.2.60;proto=https, for=\"[2001:db8:cafe::17]:4711\"",
            ),
            ("x-forwarded-for", "1.1.1.1"),
        ]);
        assert_eq!(
            client_address(proxy, &forwarded, &trusted),
            "2001:db8:cafe::17".parse::<IpAddr>().unwrap(),
            "Forwarded wins over X-Forwarded-For, its last hop nearest"
        );
        let chain = headers(&[("x-forwarded-for", "198.51.100.1, 10.0.0.9")]);
        assert_eq!(
            client_address(proxy, &chain, &trusted),
            "198.51.100.1".parse::<IpAddr>().unwrap(),
            "trusted hops are walked past"
        );
        let unknown = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(client_address(proxy, &unknown, &trusted), proxy);
    }

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
