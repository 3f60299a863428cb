use super::*;
use crate::tournament::pairing::{GameResult, Pairing};

fn game(first: PlayerId, second: PlayerId, result: GameResult) -> Pairing {
    Pairing {
        first,
        second,
        result: Some(result),
    }
}

fn order(standings: &[Standing]) -> Vec<(PlayerId, u32)> {
    standings.iter().map(|s| (s.player, s.rank)).collect()
}

/// A four-player round robin, by hand. Points: 2 has 2½, 3 has 2, 1 has 1½, 4 has 0.
/// Sonneborn–Berger: 1 beat 4 (0) and drew 3 (2 / 2) = 1; 2 drew 3 (1), beat 1 (1½) and
/// beat 4 (0) = 2½; 3 drew 2 (1¼), beat 4 (0), drew 1 (¾) = 2.
#[test]
fn round_robin_with_sonneborn_berger() {
    let entrants: Vec<Entrant> = (1..=4).map(|id| Entrant::new(id, 1500.0)).collect();
    let rounds = vec![
        Round {
            pairings: vec![
                game(1, 4, GameResult::FirstWon),
                game(2, 3, GameResult::Draw),
            ],
            bye: None,
        },
        Round {
            pairings: vec![
                game(4, 3, GameResult::SecondWon),
                game(1, 2, GameResult::SecondWon),
            ],
            bye: None,
        },
        Round {
            pairings: vec![
                game(2, 4, GameResult::FirstWon),
                game(3, 1, GameResult::Draw),
            ],
            bye: None,
        },
    ];
    let table = standings(&entrants, &rounds, Tiebreak::SonnebornBerger).unwrap();
    assert_eq!(order(&table), vec![(2, 1), (3, 2), (1, 3), (4, 4)]);
    let points: Vec<u32> = table.iter().map(|s| s.points.halves()).collect();
    assert_eq!(points, vec![5, 4, 3, 0]);
    let sb: Vec<f64> = table.iter().map(|s| s.tiebreak).collect();
    assert_eq!(sb, vec![2.5, 2.0, 1.0, 0.0]);
    assert_eq!((table[0].wins, table[0].draws, table[0].losses), (2, 1, 0));
}

/// Six players, two Swiss rounds, by hand. R1: A–B 1–0, C–D 1–0, E–F 1–0. R2: A–F 0–1,
/// B–C 1–0, D–E ½–½. Points: E 1½; A, B, C, F 1; D ½. Buchholz: F = E 1½ + A 1 = 2½;
/// A = B 1 + F 1 = 2; B = A 1 + C 1 = 2; C = D ½ + B 1 = 1½. A and B tie on points and
/// Buchholz; A beat B, so A is ahead although B is rated higher.
#[test]
fn swiss_with_buchholz_then_head_to_head() {
    let (a, b, c, d, e, f) = (1, 2, 3, 4, 5, 6);
    let mut entrants: Vec<Entrant> = (1..=6).map(|id| Entrant::new(id, 1500.0)).collect();
    entrants[1].rating = 1900.0; // B
    entrants[3].withdrawn = true; // D withdrew after round 2: still in the table
    let rounds = vec![
        Round {
            pairings: vec![
                game(a, b, GameResult::FirstWon),
                game(c, d, GameResult::FirstWon),
                game(e, f, GameResult::FirstWon),
            ],
            bye: None,
        },
        Round {
            pairings: vec![
                game(a, f, GameResult::SecondWon),
                game(b, c, GameResult::FirstWon),
                game(d, e, GameResult::Draw),
            ],
            bye: None,
        },
    ];
    let table = standings(&entrants, &rounds, Tiebreak::Buchholz).unwrap();
    assert_eq!(
        order(&table),
        vec![(e, 1), (f, 2), (a, 3), (b, 4), (c, 5), (d, 6)]
    );
    let buchholz: Vec<f64> = table.iter().map(|s| s.tiebreak).collect();
    assert_eq!(buchholz, vec![1.5, 2.5, 2.0, 2.0, 1.5, 2.5]);
    assert_eq!(table[2].head_to_head, Points::WIN);
    assert_eq!(table[3].head_to_head, Points::ZERO);
    assert!(table[5].withdrawn);
}

/// A cycle (A beat B, B beat C, C beat A) with one bye each: all equal on points, Buchholz
/// and head-to-head, so they share first place.
#[test]
fn full_ties_share_a_rank_and_byes_score() {
    let entrants: Vec<Entrant> = (1..=3).map(|id| Entrant::new(id, 1500.0)).collect();
    let rounds = vec![
        Round {
            pairings: vec![game(1, 2, GameResult::FirstWon)],
            bye: Some(3),
        },
        Round {
            pairings: vec![game(2, 3, GameResult::FirstWon)],
            bye: Some(1),
        },
        Round {
            pairings: vec![game(3, 1, GameResult::FirstForfeited)],
            bye: Some(2),
        },
    ];
    let table = standings(&entrants, &rounds, Tiebreak::Buchholz).unwrap();
    // 3 forfeited to 1 in round 3, so 1 has 3 points: bye 1, win 1, forfeit win 1.
    assert_eq!(order(&table), vec![(1, 1), (2, 2), (3, 3)]);
    assert_eq!(table[0].points, Points::from_halves(6));
    assert_eq!(table[0].byes, 1);
    let rounds_cycle = vec![
        rounds[0].clone(),
        rounds[1].clone(),
        Round {
            pairings: vec![game(3, 1, GameResult::FirstWon)],
            bye: Some(2),
        },
    ];
    let table = standings(&entrants, &rounds_cycle, Tiebreak::Buchholz).unwrap();
    assert!(table
        .iter()
        .all(|s| s.rank == 1 && s.points == Points::from_halves(4)));
}

#[test]
fn unfinished_games_count_for_nothing_yet() {
    let entrants: Vec<Entrant> = (1..=2).map(|id| Entrant::new(id, 1500.0)).collect();
    let rounds = vec![Round {
        pairings: vec![Pairing::new(1, 2)],
        bye: None,
    }];
    let table = standings(&entrants, &rounds, Tiebreak::Buchholz).unwrap();
    assert!(table
        .iter()
        .all(|s| s.points == Points::ZERO && s.rank == 1 && s.wins + s.losses == 0));
}

fn many(count: u32) -> Vec<Standing> {
    (1..=count)
        .map(|id| Standing {
            rank: id,
            player: id,
            points: Points::from_halves(2 * count - id),
            tiebreak: 12.25,
            head_to_head: Points::ZERO,
            wins: 3,
            draws: 1,
            losses: 2,
            byes: 0,
            withdrawn: id == 7,
        })
        .collect()
}

#[test]
fn the_table_fits_a_discord_message_for_fifty_players() {
    let table = many(50);
    let long = format_table(
        &table,
        |id| format!("a rather long display name {id}"),
        Tiebreak::Buchholz,
        2000,
    );
    assert!(long.chars().count() <= 2000, "{}", long.chars().count());
    assert!(long.starts_with("```\n") && long.ends_with("```"));
    // All fifty lines are there, with shortened names.
    assert_eq!(long.lines().count(), 1 + 1 + 50 + 1);
    assert!(long.contains("a rather long…"));
    let short = format_table(&table, |id| format!("p{id}"), Tiebreak::Buchholz, 2000);
    assert!(short.contains("p7 (wd)"));
    assert!(short.contains(" 1 p1 "));
    assert!(short.contains("12.25"));
    assert!(short.contains("3-1-2"));
}

#[test]
fn long_tables_are_cut_with_a_note() {
    let table = many(200);
    let text = format_table(
        &table,
        |id| format!("player `{id}`"),
        Tiebreak::SonnebornBerger,
        2000,
    );
    assert!(text.chars().count() <= 2000);
    assert!(text.contains("more\n```"));
    assert_eq!(
        text.matches('`').count(),
        6,
        "backticks in names are replaced"
    );
    assert!(text.contains(" SB "));
}

#[test]
fn shared_ranks_show_as_equals() {
    let mut table = many(3);
    table[1].rank = 1;
    let text = format_table(&table, |id| format!("p{id}"), Tiebreak::Buchholz, 2000);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].starts_with("1 p1"));
    assert!(lines[3].starts_with("= p2"));
    assert!(lines[4].starts_with("3 p3"));
}
