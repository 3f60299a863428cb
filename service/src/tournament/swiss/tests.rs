use super::super::matching::max_weight_matching;
use super::super::pairing::{records, GameResult, Record};
use super::*;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};

fn field(count: u32) -> Vec<Entrant> {
    (1..=count)
        .map(|id| Entrant::new(id, 2000.0 - 10.0 * f64::from(id)))
        .collect()
}

#[test]
fn default_rounds_are_log2_plus_one() {
    assert_eq!(default_rounds(3), 3);
    assert_eq!(default_rounds(4), 3);
    assert_eq!(default_rounds(5), 4);
    assert_eq!(default_rounds(8), 4);
    assert_eq!(default_rounds(9), 5);
    assert_eq!(default_rounds(64), 7);
    assert_eq!(default_rounds(500), 10);
}

/// Regression (issue 26): 2 players got 2 rounds by default, so the second repeated the first.
#[test]
fn default_rounds_never_force_a_repeat() {
    assert_eq!(default_rounds(2), 1);
    for players in 2..200 {
        assert!(
            default_rounds(players) <= max_swiss_rounds(players),
            "{players}"
        );
    }
    assert_eq!(max_swiss_rounds(6), 5);
    assert_eq!(max_swiss_rounds(7), 7);
}

#[test]
fn round_one_is_top_half_against_bottom_half_with_alternating_sides() {
    let round = pair_swiss(&field(8), &[], 1).unwrap();
    let pairs: Vec<(u32, u32)> = round
        .pairings
        .iter()
        .map(|p| (p.first.min(p.second), p.first.max(p.second)))
        .collect();
    assert_eq!(pairs, vec![(1, 5), (2, 6), (3, 7), (4, 8)]);
    let top_seed_first = round.pairings[0].first == 1;
    for (board, pairing) in round.pairings.iter().enumerate() {
        let higher_first = pairing.first < pairing.second;
        assert_eq!(
            higher_first,
            top_seed_first == (board % 2 == 0),
            "board {board}"
        );
    }
    assert_eq!(round.bye, None);
    // The seed decides only the top seed's side.
    let other = (0..64)
        .map(|seed| pair_swiss(&field(8), &[], seed).unwrap())
        .find(|r| (r.pairings[0].first == 1) != top_seed_first)
        .unwrap();
    assert_eq!(
        other.pairings[0],
        Pairing::new(round.pairings[0].second, round.pairings[0].first)
    );
}

#[test]
fn odd_round_one_gives_the_lowest_seed_the_bye() {
    let round = pair_swiss(&field(7), &[], 3).unwrap();
    assert_eq!(round.bye, Some(7));
    let pairs: Vec<(u32, u32)> = round
        .pairings
        .iter()
        .map(|p| (p.first.min(p.second), p.first.max(p.second)))
        .collect();
    assert_eq!(pairs, vec![(1, 4), (2, 5), (3, 6)]);
}

/// Worked by hand. Six players A..F (ids 1..6) seeded by rating. Round 1: A–D (A first) 1–0,
/// E–B (E first) 1–0, C–F (C first) ½–½. Score groups: {A, E} on 1, {C, F} on ½, {B, D} on 0.
/// A–E pair in the top group. C and F have met, so both float into the bottom group, where
/// the floaters (S1 = C, F) meet S2 = B, D in order: C–B and F–D. Sides: A and E both last
/// played first, so the higher-ranked A gets second; C is due second and B first; F and D
/// are both due first and F, on more points, gets it.
#[test]
fn hand_worked_round_two() {
    let entrants = field(6);
    let history = vec![Round {
        pairings: vec![
            Pairing {
                first: 1,
                second: 4,
                result: Some(GameResult::FirstWon),
            },
            Pairing {
                first: 5,
                second: 2,
                result: Some(GameResult::FirstWon),
            },
            Pairing {
                first: 3,
                second: 6,
                result: Some(GameResult::Draw),
            },
        ],
        bye: None,
    }];
    let round = pair_swiss(&entrants, &history, 0).unwrap();
    assert_eq!(
        round.pairings,
        vec![Pairing::new(5, 1), Pairing::new(2, 3), Pairing::new(6, 4)]
    );
    assert_eq!(round.bye, None);
}

#[test]
fn withdrawn_players_are_not_paired_and_the_bye_moves_up() {
    let mut entrants = field(6);
    entrants[5].withdrawn = true; // 6 withdraws: 5 left, 5 is lowest and gets the bye
    let round = pair_swiss(&entrants, &[], 0).unwrap();
    assert_eq!(round.bye, Some(5));
    assert!(round.pairings.iter().all(|p| p.first != 6 && p.second != 6));
    // Having had the bye, 5 does not get it again: the next lowest does.
    let history = vec![Round {
        pairings: vec![
            Pairing {
                first: 1,
                second: 3,
                result: Some(GameResult::FirstWon),
            },
            Pairing {
                first: 4,
                second: 2,
                result: Some(GameResult::FirstWon),
            },
        ],
        bye: Some(5),
    }];
    let round = pair_swiss(&entrants, &history, 0).unwrap();
    assert_eq!(round.bye, Some(3));
}

#[test]
fn errors() {
    let mut lone = field(2);
    lone[0].withdrawn = true;
    assert_eq!(
        pair_swiss(&lone, &[], 0),
        Err(PairingError::NotEnoughPlayers)
    );
    let bad = vec![Round {
        pairings: vec![Pairing::new(1, 1)],
        bye: None,
    }];
    assert_eq!(
        pair_swiss(&field(4), &bad, 0),
        Err(PairingError::SelfPairing(1))
    );
}

#[test]
fn the_same_standings_give_the_same_round_whatever_the_order() {
    let entrants = field(13);
    let mut shuffled = entrants.clone();
    shuffled.reverse();
    shuffled.swap(2, 9);
    let round = pair_swiss(&entrants, &[], 11).unwrap();
    assert_eq!(pair_swiss(&shuffled, &[], 11).unwrap(), round);
    assert_eq!(pair_swiss(&entrants, &[], 11).unwrap(), round);
}

/// Whether the active players can all be paired (one with the bye vertex when odd) using only
/// the allowed edges: the oracle for "while one can be avoided".
fn perfect_matching_exists(
    active: &[PlayerId],
    records: &HashMap<PlayerId, Record>,
    avoid_colour_breaks: bool,
) -> bool {
    let n = active.len();
    let fewest_byes = active.iter().map(|p| records[p].byes).min().unwrap_or(0);
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (ra, rb) = (&records[&active[a]], &records[&active[b]]);
            let met = ra.opponents.contains(&active[b]);
            let fits = (ra.may_play(Side::First) && rb.may_play(Side::Second))
                || (ra.may_play(Side::Second) && rb.may_play(Side::First));
            if !met && (fits || !avoid_colour_breaks) {
                edges.push((a, b, 1));
            }
        }
        if n % 2 == 1 && records[&active[a]].byes == fewest_byes {
            edges.push((a, n, 1));
        }
    }
    let vertices = n + n % 2;
    let mate = max_weight_matching(vertices, &edges, true);
    mate.iter().all(Option::is_some)
}

/// Plays a random tournament round by round and checks every round it pairs.
fn play(
    players: u32,
    seed: u64,
    withdraw_chance: f64,
    draw_chance: f64,
) -> Result<(), TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut entrants: Vec<Entrant> = (0..players)
        .map(|id| Entrant::new(id * 7 + 3, rng.random_range(800.0..2400.0)))
        .collect();
    let mut history: Vec<Round> = Vec::new();
    let rounds = default_rounds(players as usize);
    for _ in 0..rounds {
        for e in entrants.iter_mut() {
            if rng.random_bool(withdraw_chance) {
                e.withdrawn = true;
            }
        }
        let active: Vec<PlayerId> = entrants
            .iter()
            .filter(|e| !e.withdrawn)
            .map(|e| e.id)
            .collect();
        if active.len() < 2 {
            break;
        }
        let before = records(&entrants, &history).unwrap();
        let round = pair_swiss(&entrants, &history, seed).unwrap();

        // Everyone active plays once, or has the single bye; nobody else appears.
        let mut seen = HashSet::new();
        for p in &round.pairings {
            prop_assert!(seen.insert(p.first) && seen.insert(p.second));
        }
        if let Some(bye) = round.bye {
            prop_assert!(seen.insert(bye));
        }
        prop_assert_eq!(round.bye.is_some(), active.len() % 2 == 1);
        let active_set: HashSet<PlayerId> = active.iter().copied().collect();
        prop_assert_eq!(&seen, &active_set);

        // No repeat, and no second bye while someone active has none, unless unavoidable.
        let fewest_byes = active.iter().map(|p| before[p].byes).min().unwrap_or(0);
        let repeats = round
            .pairings
            .iter()
            .filter(|p| before[&p.first].opponents.contains(&p.second))
            .count();
        let bye_again = round.bye.is_some_and(|b| before[&b].byes > fewest_byes);
        if repeats > 0 || bye_again {
            prop_assert!(
                !perfect_matching_exists(&active, &before, false),
                "avoidable repeat in {:?}",
                round
            );
        }
        // The colour rules hold unless no pairing without repeats could keep them.
        let breaks = round
            .pairings
            .iter()
            .filter(|p| {
                !before[&p.first].may_play(Side::First) || !before[&p.second].may_play(Side::Second)
            })
            .count();
        if breaks > 0 {
            prop_assert!(
                !perfect_matching_exists(&active, &before, true),
                "avoidable colour break in {:?}",
                round
            );
        }

        // Results: wins, losses, draws and the odd forfeit.
        let mut played = round;
        for p in &mut played.pairings {
            let roll: f64 = rng.random();
            p.result = Some(if roll < draw_chance {
                GameResult::Draw
            } else if roll < 0.95 {
                if rng.random_bool(0.5) {
                    GameResult::FirstWon
                } else {
                    GameResult::SecondWon
                }
            } else if rng.random_bool(0.5) {
                GameResult::FirstForfeited
            } else {
                GameResult::SecondForfeited
            });
        }
        history.push(played);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_tournaments_keep_the_rules(
        players in 4u32..=64,
        seed in any::<u64>(),
        withdraw_chance in prop_oneof![Just(0.0), 0.0..0.08],
        draw_chance in 0.0..0.4,
    ) {
        play(players, seed, withdraw_chance, draw_chance)?;
    }

    #[test]
    fn small_tournaments_keep_the_rules(players in 4u32..=9, seed in any::<u64>()) {
        play(players, seed, 0.05, 0.2)?;
    }
}

/// The catalogue's sign-up text (`tournament-format-swiss-default`) and the `rounds` option's
/// description give these numbers of rounds in words; they must stay true.
#[test]
fn the_default_rounds_the_catalogue_names_are_the_ones_played() {
    assert_eq!([4, 8, 16, 32].map(default_rounds), [3, 4, 5, 6]);
}
