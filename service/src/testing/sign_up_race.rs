//! The sign-up race of issue 26, shared by the service's test (threads on one service) and
//! the bot's (`akron play` processes on one file): what the players were told, checked
//! against what round 1 holds in the database.

use crate::db::Db;
use std::collections::BTreeSet;

/// The user names of a tournament's entrants, and of the players round 1 pairs or gives
/// the bye, read from the database.
pub fn entrants_and_round_one(db: &Db) -> (BTreeSet<String>, BTreeSet<String>) {
    let names = |sql: &str| -> BTreeSet<String> {
        db.read(|tx| tx.query(sql, &[], |r| r.get::<String>(0)))
            .unwrap()
            .into_iter()
            .collect()
    };
    let entrants = names("SELECT name FROM tournament_entrants");
    let paired = names(
        "SELECT e.name FROM tournament_pairings p JOIN tournament_entrants e \
         ON e.tournament_id = p.tournament_id AND (e.player = p.first OR e.player = p.second) \
         WHERE p.round = 1",
    );
    (entrants, paired)
}

/// What the players were told, whoever's command landed first.
#[derive(Default)]
pub struct Told {
    /// Told they are in (a join that succeeded, or signed up before the race).
    pub entered: BTreeSet<String>,
    /// Told they left.
    pub left: BTreeSet<String>,
    /// The successful start's player count.
    pub started_with: Option<usize>,
    /// Starts that succeeded.
    pub starts: usize,
}

impl Told {
    /// Checks the outcome of one race against round 1 in the database.
    pub fn check(&self, entrants: &BTreeSet<String>, paired: &BTreeSet<String>, run: usize) {
        assert_eq!(self.starts, 1, "run {run}: exactly one start wins");
        let still_in: BTreeSet<String> = self.entered.difference(&self.left).cloned().collect();
        assert_eq!(
            &still_in, paired,
            "run {run}: every player told they are in is paired or has the bye, and nobody \
             who left is"
        );
        assert_eq!(entrants, paired, "run {run}: round 1 holds every entrant");
        assert_eq!(
            self.started_with,
            Some(paired.len()),
            "run {run}: the start message counts the players paired"
        );
    }
}

/// The players of the race: p0..p4 sign up first; p2..p4 leave and p5..p7 join while the
/// organiser starts it twice.
pub const LEAVERS: [&str; 3] = ["p2", "p3", "p4"];
pub const JOINERS: [&str; 3] = ["p5", "p6", "p7"];

/// The start message's player count: `T starts: 4 players, 3 rounds ...`.
pub fn started_count(text: &str) -> Option<usize> {
    let rest = &text[text.find("starts: ")? + "starts: ".len()..];
    rest.split_whitespace().next()?.parse().ok()
}
