//! Tournaments without storage: pairing (Swiss, round robin and knockout brackets) and standings, as pure
//! functions of the entrants and the rounds played. The service stores rounds and results and
//! calls these; any round can be re-derived and checked from what is stored.
//!
//! One of three places called tournament: this module is the pure logic; the service's
//! tournament commands, which store what these functions decide, are in
//! `service/tournaments/` ([`crate::service`]); the queries on the tournament tables are
//! `db/tournaments.rs` (`crate::db::tournaments`).

pub mod double;
pub mod knockout;
mod matching;
pub mod pairing;
pub mod round_robin;
pub mod standings;
pub mod swiss;

pub use pairing::{Entrant, GameResult, Pairing, PairingError, PlayerId, Points, Round, Side};
pub use round_robin::{berger_table, round_robin, round_robin_rounds};
pub use standings::{
    format_table, format_table_in, standings, trim_number, Standing, TableWords, Tiebreak,
};
pub use swiss::{default_rounds, max_swiss_rounds, pair_swiss};
