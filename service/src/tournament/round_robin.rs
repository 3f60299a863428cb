//! Round robin by the circle method, laid out as the FIDE Berger tables.
//!
//! Entrants get pairing numbers 1..n by rating (highest first; ties by id). With an odd count a
//! phantom player n + 1 is added, and whoever meets it has the bye. Player n (the fixed point of
//! the circle) alternates sides; the others rotate. In a double round robin the last two
//! rounds of the first cycle are swapped (as FIDE recommends) and the second cycle is the
//! table again with sides reversed, so nobody plays the same side three times in a row across
//! the seam.
//!
//! The schedule is fixed when the tournament starts: a player who withdraws keeps their place,
//! and the service records their remaining games as forfeits.

use super::pairing::{Entrant, Pairing, PairingError, PlayerId, Round};

/// The number of rounds a round robin of `players` entrants takes.
#[must_use]
pub fn round_robin_rounds(players: usize, double: bool) -> usize {
    let even = players + players % 2;
    let single = even.saturating_sub(1);
    if double {
        2 * single
    } else {
        single
    }
}

/// The Berger table for `players` pairing numbers (1-based): for each round, the boards as
/// `(first, second)`, with `players + 1` standing for the bye when `players` is odd.
#[must_use]
pub fn berger_table(players: usize) -> Vec<Vec<(usize, usize)>> {
    let n = players + players % 2;
    if n < 2 {
        return Vec::new();
    }
    let m = n - 1; // the rotating players 1..=m; n is fixed
    let wrap = |x: usize| (x + m - 1) % m + 1; // into 1..=m
    let half_inverse = m.div_ceil(2); // 2 * half_inverse ≡ 1 (mod m), m odd
    (1..=m)
        .map(|round| {
            // The player opposite n: 2p ≡ round + 1 (mod m).
            let p = wrap((round + 1) * half_inverse % m);
            let mut boards = Vec::with_capacity(n / 2);
            boards.push(if round % 2 == 1 { (p, n) } else { (n, p) });
            for k in 1..n / 2 {
                boards.push((wrap(p + k), wrap(p + m - k)));
            }
            boards
        })
        .collect()
}

/// The whole round-robin schedule: every round's pairings and bye.
///
/// # Errors
/// [`PairingError::DuplicateEntrant`] when two entrants share an id, and
/// [`PairingError::NotEnoughPlayers`] with fewer than two entrants.
///
/// # Examples
/// ```
/// use akron_service::tournament::{round_robin, Entrant};
///
/// let entrants: Vec<Entrant> = (1..=5).map(|id| Entrant::new(id, 1500.0)).collect();
/// let rounds = round_robin(&entrants, false).unwrap();
/// assert_eq!(rounds.len(), 5);
/// assert!(rounds.iter().all(|r| r.pairings.len() == 2 && r.bye.is_some()));
/// ```
pub fn round_robin(entrants: &[Entrant], double: bool) -> Result<Vec<Round>, PairingError> {
    let mut seen = std::collections::HashSet::with_capacity(entrants.len());
    for entrant in entrants {
        if !seen.insert(entrant.id) {
            return Err(PairingError::DuplicateEntrant(entrant.id));
        }
    }
    if entrants.len() < 2 {
        return Err(PairingError::NotEnoughPlayers);
    }
    let mut seeded: Vec<&Entrant> = entrants.iter().collect();
    seeded.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    let number = |k: usize| -> Option<PlayerId> { seeded.get(k - 1).map(|e| e.id) };
    let table = berger_table(entrants.len());
    let to_round = |boards: &Vec<(usize, usize)>, reversed: bool| {
        let mut round = Round::default();
        for &(first, second) in boards {
            let (first, second) = if reversed {
                (second, first)
            } else {
                (first, second)
            };
            match (number(first), number(second)) {
                (Some(first), Some(second)) => round.pairings.push(Pairing::new(first, second)),
                (Some(player), None) | (None, Some(player)) => round.bye = Some(player),
                (None, None) => {}
            }
        }
        round
    };
    if !double {
        return Ok(table.iter().map(|boards| to_round(boards, false)).collect());
    }
    let mut first_cycle: Vec<&Vec<(usize, usize)>> = table.iter().collect();
    if first_cycle.len() >= 2 {
        let last = first_cycle.len() - 1;
        first_cycle.swap(last - 1, last);
    }
    let rounds = first_cycle
        .into_iter()
        .map(|boards| to_round(boards, false))
        .chain(table.iter().map(|boards| to_round(boards, true)))
        .collect();
    Ok(rounds)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn six_players_match_the_fide_berger_table() {
        let expected = vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        assert_eq!(berger_table(6), expected);
    }

    #[test]
    fn eight_players_match_the_fide_berger_table() {
        let expected = vec![
            vec![(1, 8), (2, 7), (3, 6), (4, 5)],
            vec![(8, 5), (6, 4), (7, 3), (1, 2)],
            vec![(2, 8), (3, 1), (4, 7), (5, 6)],
            vec![(8, 6), (7, 5), (1, 4), (2, 3)],
            vec![(3, 8), (4, 2), (5, 1), (6, 7)],
            vec![(8, 7), (1, 6), (2, 5), (3, 4)],
            vec![(4, 8), (5, 3), (6, 2), (7, 1)],
        ];
        assert_eq!(berger_table(8), expected);
    }

    #[test]
    fn seven_players_use_the_eight_table_with_a_bye() {
        // Entrant ids 10..=70 rated so that pairing number k is id 10k.
        let entrants: Vec<Entrant> = (1..=7)
            .map(|k| Entrant::new(10 * k, 2000.0 - f64::from(k)))
            .collect();
        let rounds = round_robin(&entrants, false).unwrap();
        let expected_byes = [10, 50, 20, 60, 30, 70, 40]; // whoever meets number 8
        let byes: Vec<PlayerId> = rounds.iter().map(|r| r.bye.unwrap()).collect();
        assert_eq!(byes, expected_byes);
        assert_eq!(
            rounds[1].pairings,
            vec![
                Pairing::new(60, 40),
                Pairing::new(70, 30),
                Pairing::new(10, 20)
            ]
        );
    }

    /// Each pair meets exactly once per cycle, everyone plays or has the bye every round, sides
    /// stay balanced and nobody has the same side three times running.
    fn check_schedule(players: u32, double: bool) {
        let entrants: Vec<Entrant> = (0..players).map(|id| Entrant::new(id, 1500.0)).collect();
        let rounds = round_robin(&entrants, double).unwrap();
        assert_eq!(rounds.len(), round_robin_rounds(players as usize, double));
        let mut meetings: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
        let mut sides: HashMap<PlayerId, Vec<bool>> = HashMap::new();
        for round in &rounds {
            let mut present = HashSet::new();
            for p in &round.pairings {
                assert!(present.insert(p.first) && present.insert(p.second));
                *meetings
                    .entry((p.first.min(p.second), p.first.max(p.second)))
                    .or_default() += 1;
                sides.entry(p.first).or_default().push(true);
                sides.entry(p.second).or_default().push(false);
            }
            if let Some(bye) = round.bye {
                assert!(present.insert(bye));
            }
            assert_eq!(present.len(), players as usize);
        }
        let cycles = if double { 2 } else { 1 };
        assert_eq!(meetings.len(), (players * (players - 1) / 2) as usize);
        assert!(meetings.values().all(|&c| c == cycles));
        if double {
            // Each pair met once on each side.
            for round in &rounds {
                for p in &round.pairings {
                    assert!(rounds
                        .iter()
                        .any(|r| r.pairings.contains(&Pairing::new(p.second, p.first))));
                }
            }
        }
        for (player, list) in sides {
            let firsts = list.iter().filter(|&&f| f).count() as i64;
            let difference = 2 * firsts - list.len() as i64;
            assert!(
                difference.abs() <= 1 + i64::from(double),
                "player {player}: {difference}"
            );
            assert!(
                !list.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "player {player} has one side three times running: {list:?}"
            );
        }
    }

    #[test]
    fn schedules_are_complete_and_balanced() {
        for players in 2..=16 {
            check_schedule(players, false);
            check_schedule(players, true);
        }
    }

    #[test]
    fn too_few_or_duplicate_entrants_are_refused() {
        assert_eq!(
            round_robin(&[Entrant::new(1, 1.0)], false),
            Err(PairingError::NotEnoughPlayers)
        );
        assert_eq!(
            round_robin(&[Entrant::new(1, 1.0), Entrant::new(1, 2.0)], false),
            Err(PairingError::DuplicateEntrant(1))
        );
    }
}
