//! The standings and a round's pairings, as text and as tables (a picture), for a command's
//! reply and for the notices that announce rounds.

use super::escape;
use crate::catalogue::Language;
use crate::images::{Column, ColumnAlign, Table};
use crate::say;
use crate::service::read_model::{PairingDetail, TournamentDetail};
use crate::service::types::{Reply, User};
use crate::tournament::{format_table_in, GameResult, TableWords, Tiebreak};

/// Characters a posted table may take (Discord allows 2,000 per message).
pub(super) const TABLE_CHARS: usize = 1_700;
/// The standings of every round played or being played, best first, with each line's user.
pub(super) fn final_standings(t: &TournamentDetail) -> Vec<(u32, User)> {
    t.standings
        .iter()
        .filter_map(|l| t.entrant(l.player).map(|e| (l.rank, e.user.clone())))
        .collect()
}

/// The tiebreak's name, in `language`.
pub(super) fn tiebreak_name(tiebreak: Tiebreak, language: Language) -> String {
    say!(
        language,
        "tournament-tiebreak",
        tiebreak = tiebreak_key(tiebreak)
    )
}

/// The tiebreak's key for the catalogue's selectors.
pub(super) fn tiebreak_key(tiebreak: Tiebreak) -> &'static str {
    match tiebreak {
        Tiebreak::Buchholz => "buchholz",
        Tiebreak::SonnebornBerger => "sonneborn-berger",
    }
}

/// The standings table as text, in a code block, in `language`.
pub(super) fn standings_text(t: &TournamentDetail, language: Language) -> String {
    if t.current_round == 0 {
        return say!(
            language,
            "tournament-not-started-entrants",
            tournament = escape(&t.name),
            count = t.entrants.len()
        );
    }
    let done = t.rounds_complete();
    let more = |rest: usize| say!(language, "tournament-table-more", count = rest);
    let words = TableWords {
        player: say!(language, "tournament-column-player"),
        points: say!(language, "tournament-column-points"),
        record: say!(language, "tournament-column-record"),
        tiebreak: say!(
            language,
            "tournament-column-tiebreak",
            tiebreak = tiebreak_key(t.tiebreak)
        ),
        withdrawn: say!(language, "tournament-withdrawn-mark"),
        more: &more,
        number: &|value| crate::catalogue::numbers::decimal(value, language),
    };
    let table = format_table_in(
        &t.standings,
        |player| {
            t.entrant(player)
                .map_or_else(String::new, |e| e.user.name.clone())
        },
        TABLE_CHARS,
        &words,
    );
    say!(
        language,
        "tournament-standings",
        tournament = escape(&t.name),
        done = done,
        rounds = t.planned_rounds.unwrap_or(t.current_round),
        playing = being_played(t, language),
        tiebreak = tiebreak_name(t.tiebreak, language),
        table = table
    )
}

/// `, round N being played` while the current round has games without a result.
pub(super) fn being_played(t: &TournamentDetail, language: Language) -> String {
    if (t.rounds_complete() as u32) < t.current_round && t.status.is_live() {
        say!(
            language,
            "tournament-round-being-played",
            round = t.current_round
        )
    } else {
        String::new()
    }
}

/// A player's name when the tournament no longer has them.
pub(super) fn unknown_player(player: u32, language: Language) -> String {
    say!(language, "tournament-unknown-player", player = player)
}

/// A pairing's result as the tables write it, an adjudication marked as one.
pub(super) fn result_mark(pairing: &PairingDetail, language: Language) -> String {
    let score = score_mark(pairing.result, language);
    if pairing.adjudicated && pairing.result.is_some() {
        say!(language, "tournament-result-adjudicated", score = score)
    } else {
        score
    }
}

/// A result's score as the tables write it.
fn score_mark(result: Option<GameResult>, language: Language) -> String {
    match result {
        None => say!(language, "tournament-result-playing"),
        Some(GameResult::FirstWon) => "1–0".to_string(),
        Some(GameResult::SecondWon) => "0–1".to_string(),
        Some(GameResult::Draw) => "½–½".to_string(),
        Some(GameResult::FirstForfeited) => {
            say!(language, "tournament-result-forfeit", score = "0–1")
        }
        Some(GameResult::SecondForfeited) => {
            say!(language, "tournament-result-forfeit", score = "1–0")
        }
        Some(GameResult::BothForfeited) => {
            say!(language, "tournament-result-forfeit", score = "0–0")
        }
    }
}

/// The standings as a table image's rows (names as plain text), `None` before the start.
pub(super) fn standings_table(t: &TournamentDetail, language: Language) -> Option<Table> {
    if t.current_round == 0 {
        return None;
    }
    let rows = t
        .standings
        .iter()
        .map(|line| {
            let name = t.entrant(line.player).map_or_else(
                || unknown_player(line.player, language),
                |e| e.user.name.clone(),
            );
            vec![
                line.rank.to_string(),
                if line.withdrawn && t.entrant(line.player).is_some_and(|e| e.disqualified) {
                    say!(language, "tournament-disqualified-name", name = name)
                } else if line.withdrawn {
                    say!(language, "tournament-withdrawn-name", name = name)
                } else {
                    name
                },
                line.points.to_string(),
                crate::catalogue::numbers::decimal(line.tiebreak, language),
                line.record(),
            ]
        })
        .collect();
    Some(Table {
        title: t.name.clone(),
        subtitle: say!(
            language,
            "tournament-standings-subtitle",
            done = t.rounds_complete(),
            rounds = t.planned_rounds.unwrap_or(t.current_round),
            playing = being_played(t, language),
            tiebreak = tiebreak_name(t.tiebreak, language)
        ),
        columns: vec![
            Column::new("#", ColumnAlign::Right),
            Column::new(
                say!(language, "tournament-column-player"),
                ColumnAlign::Left,
            ),
            Column::new(
                say!(language, "tournament-column-points"),
                ColumnAlign::Right,
            ),
            Column::new(
                say!(
                    language,
                    "tournament-column-tiebreak",
                    tiebreak = tiebreak_key(t.tiebreak)
                ),
                ColumnAlign::Right,
            ),
            Column::new(
                say!(language, "tournament-column-record"),
                ColumnAlign::Centre,
            ),
        ],
        rows,
    })
}

/// A round's pairings and results as a table image's rows.
pub(super) fn pairings_table(t: &TournamentDetail, round: u32, language: Language) -> Table {
    let name = |player: u32| {
        t.entrant(player)
            .map_or_else(|| unknown_player(player, language), |e| e.user.name.clone())
    };
    let mut rows: Vec<Vec<String>> = Vec::new();
    let detail = t.round(round);
    for pairing in detail.map_or(&[][..], |r| &r.pairings) {
        rows.push(vec![
            pairing.board.to_string(),
            name(pairing.black),
            name(pairing.white),
            result_mark(pairing, language),
            pairing.game.map_or_else(String::new, |g| g.to_string()),
        ]);
    }
    // The bye last.
    if let Some(bye) = detail.and_then(|r| r.bye) {
        rows.push(vec![
            say!(language, "tournament-bye"),
            name(bye),
            String::new(),
            say!(language, "tournament-bye-score"),
            String::new(),
        ]);
    }
    Table {
        title: say!(
            language,
            "tournament-pairings-title",
            tournament = t.name.clone(),
            round = round,
            rounds = t.planned_rounds.unwrap_or(round)
        ),
        subtitle: String::new(),
        columns: vec![
            Column::new(
                say!(language, "tournament-column-board"),
                ColumnAlign::Right,
            ),
            Column::new(say!(language, "tournament-column-black"), ColumnAlign::Left),
            Column::new(say!(language, "tournament-column-white"), ColumnAlign::Left),
            Column::new(
                say!(language, "tournament-column-result"),
                ColumnAlign::Centre,
            ),
            Column::new(say!(language, "tournament-column-game"), ColumnAlign::Right),
        ],
        rows,
    }
}

/// A round's pairings and results as text; `reply` names the games' channels.
pub(super) fn pairings_text(
    t: &TournamentDetail,
    round: u32,
    reply: &mut Reply,
    language: Language,
) -> String {
    let name = |player: u32| {
        t.entrant(player).map_or_else(
            || unknown_player(player, language),
            |e| e.user.shown_in(language),
        )
    };
    let mut text = say!(
        language,
        "tournament-pairings-heading",
        tournament = escape(&t.name),
        round = round,
        rounds = t.planned_rounds.unwrap_or(round)
    );
    let detail = t.round(round);
    // The bye first, as board 0.
    if let Some(bye) = detail.and_then(|r| r.bye) {
        text.push('\n');
        text.push_str(&say!(
            language,
            "tournament-pairing-bye",
            player = name(bye)
        ));
    }
    for pairing in detail.map_or(&[][..], |r| &r.pairings) {
        let result = result_mark(pairing, language);
        let game = pairing
            .game
            .map_or_else(String::new, |g| match &pairing.channel {
                Some(channel) => say!(
                    language,
                    "tournament-pairing-game-in",
                    game = g.to_string(),
                    channel = reply.name_channel(channel)
                ),
                None => say!(language, "tournament-pairing-game", game = g.to_string()),
            });
        text.push('\n');
        text.push_str(&say!(
            language,
            "tournament-pairing",
            board = pairing.board,
            black = name(pairing.black),
            white = name(pairing.white),
            result = result,
            game = game
        ));
    }
    if text.chars().count() > 1_900 {
        text = text.chars().take(1_890).collect::<String>() + " …";
    }
    text
}
