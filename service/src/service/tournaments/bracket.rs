//! A knockout's bracket in words: a round's matches (its pairings notice, `tournament
//! pairings`), a round's results, the whole bracket (`tournament standings`) and the final
//! places. Read from [`BracketDetail`]; nothing is decided here.

use super::escape;
use crate::catalogue::Language;
use crate::say;
use crate::service::read_model::{BracketDetail, MatchDetail, MatchEnd, TournamentDetail};

/// `the final`, `the semi-finals`, `round 1` in `language`.
pub(super) fn round_name(bracket: &BracketDetail, round: u32, language: Language) -> String {
    say!(
        language,
        "knockout-round-name",
        round = round,
        left = bracket.rounds.saturating_sub(round) + 1
    )
}

/// A player's name, by entrant number, with their seed: `(2) Bob`.
fn seeded(t: &TournamentDetail, player: u32) -> (String, u32) {
    t.entrant(player).map_or_else(
        || (String::new(), 0),
        |e| (escape(&e.user.name), e.seed.unwrap_or(0)),
    )
}

/// One match on one line.
fn match_line(t: &TournamentDetail, m: &MatchDetail, language: Language) -> String {
    let (high, high_seed) = seeded(t, m.high);
    let Some(low_player) = m.low else {
        return say!(
            language,
            "knockout-bye-line",
            board = m.board,
            seed = high_seed,
            player = high
        );
    };
    let (low, low_seed) = seeded(t, low_player);
    let winner = m.winner.map_or_else(String::new, |w| seeded(t, w).0);
    if m.end == MatchEnd::Deadline {
        return say!(
            language,
            "knockout-match-line-deadline",
            board = m.board,
            high = high,
            high_seed = high_seed,
            low = low,
            low_seed = low_seed,
            high_score = m.score.0.to_string(),
            low_score = m.score.1.to_string(),
            winner = winner,
            level = if m.score.0 == m.score.1 { "yes" } else { "no" }
        );
    }
    let loser = match m.winner {
        Some(w) if w == m.high => low.clone(),
        Some(_) => high.clone(),
        None => String::new(),
    };
    say!(
        language,
        "knockout-match-line",
        board = m.board,
        high = high,
        high_seed = high_seed,
        low = low,
        low_seed = low_seed,
        high_score = m.score.0.to_string(),
        low_score = m.score.1.to_string(),
        games = m.games.len(),
        winner = winner,
        loser = loser,
        end = end_key(m.end)
    )
}

/// The catalogue's selector for how a match stands.
fn end_key(end: MatchEnd) -> &'static str {
    match end {
        MatchEnd::Playing => "playing",
        MatchEnd::Bye => "bye",
        MatchEnd::Games => "games",
        MatchEnd::ExtraGame => "extra-game",
        MatchEnd::HigherSeed => "higher-seed",
        MatchEnd::Walkover => "walkover",
        MatchEnd::NobodyLeft => "nobody",
        MatchEnd::Deadline => "deadline",
    }
}

/// A round's matches under its title.
pub(super) fn round_text(t: &TournamentDetail, round: u32, language: Language) -> String {
    let Some(bracket) = &t.bracket else {
        return String::new();
    };
    let mut lines = vec![say!(
        language,
        "knockout-round-title",
        tournament = escape(&t.name),
        name = round_name(bracket, round, language),
        best_of = bracket.best_of
    )];
    lines.extend(bracket.round(round).map(|m| match_line(t, m, language)));
    lines.join("\n")
}

/// Every round paired so far, then the places once decided.
pub(super) fn bracket_text(t: &TournamentDetail, language: Language) -> String {
    let Some(bracket) = &t.bracket else {
        return String::new();
    };
    if t.current_round == 0 {
        return say!(
            language,
            "tournament-not-started-entrants",
            tournament = escape(&t.name),
            count = t.entrants.len()
        );
    }
    let mut parts: Vec<String> = (1..=t.current_round)
        .map(|round| round_text(t, round, language))
        .collect();
    if !bracket.places.is_empty() {
        parts.push(places_text(t, language));
    }
    parts.join("\n\n")
}

/// The final places, one line per place: `3. Cat, Dan`.
pub(super) fn places_text(t: &TournamentDetail, language: Language) -> String {
    let Some(bracket) = &t.bracket else {
        return String::new();
    };
    let mut lines = vec![say!(language, "knockout-places-title")];
    let mut index = 0;
    while index < bracket.places.len() {
        let place = bracket.places[index].0;
        let names: Vec<String> = bracket.places[index..]
            .iter()
            .take_while(|(p, _)| *p == place)
            .map(|(_, player)| {
                let (name, seed) = seeded(t, *player);
                match t.entrant(*player).and_then(departure) {
                    Some(how) => say!(
                        language,
                        "knockout-placed-left",
                        player = name,
                        seed = seed,
                        how = how
                    ),
                    None => say!(
                        language,
                        "knockout-placed",
                        player = name,
                        seed = seed,
                        withdrawn = "no"
                    ),
                }
            })
            .collect();
        index += names.len();
        lines.push(say!(
            language,
            "knockout-place-line",
            place = place,
            players = crate::catalogue::numbers::and_list(&names, language)
        ));
    }
    lines.join("\n")
}

/// The winner's name, once the final is decided.
pub(super) fn champion(t: &TournamentDetail) -> Option<String> {
    let bracket = t.bracket.as_ref()?;
    let (_, player) = bracket.places.first()?;
    Some(seeded(t, *player).0)
}

/// The bracket picture around round `round`: up to three rounds from it (earlier ones when
/// it is near the end), with seeds, names, scores, byes and who is out.
pub(super) fn picture(
    t: &TournamentDetail,
    round: u32,
    language: Language,
) -> Option<akron_renderer::bracket::Bracket> {
    use akron_renderer::bracket::{Bracket, Entry, Match, Round, MAX_COLUMNS};
    let bracket = t.bracket.as_ref()?;
    let columns = u32::try_from(MAX_COLUMNS).unwrap_or(3);
    let first = round.min(bracket.rounds.saturating_sub(columns - 1)).max(1);
    let last = (first + columns - 1).min(bracket.rounds);
    // A player who withdrew or was disqualified is marked so in their last match only, not
    // in the rounds they won before.
    let entry = |player: u32, score: String, round: u32| {
        let (name, seed) = t.entrant(player).map_or_else(
            || (String::new(), 0),
            |e| (e.user.name.clone(), e.seed.unwrap_or(0)),
        );
        let left = t
            .entrant(player)
            .and_then(departure)
            .filter(|_| bracket.last_round_of(player) == Some(round));
        Entry {
            seed,
            name: match left {
                Some(how) => say!(language, "knockout-picture-left", player = name, how = how),
                None => name,
            },
            score,
        }
    };
    let rounds = (first..=last)
        .map(|r| {
            let places = 1usize << bracket.rounds.saturating_sub(r).min(16);
            let matches = (1..=places)
                .map(|board| {
                    let m = bracket
                        .round(r)
                        .find(|m| m.board == u32::try_from(board).unwrap_or(0))?;
                    let scored = !m.games.is_empty();
                    let score = |p: crate::tournament::Points| {
                        if scored {
                            p.to_string()
                        } else {
                            String::new()
                        }
                    };
                    Some(Match {
                        top: entry(m.high, score(m.score.0), r),
                        bottom: m.low.map(|low| entry(low, score(m.score.1), r)),
                        winner: m.winner.map(|w| w == m.high),
                    })
                })
                .collect();
            Round {
                name: say!(
                    language,
                    "knockout-picture-round",
                    round = r,
                    left = bracket.rounds.saturating_sub(r) + 1
                ),
                matches,
            }
        })
        .collect();
    Some(Bracket {
        title: t.name.clone(),
        subtitle: say!(
            language,
            "knockout-picture-subtitle",
            best_of = bracket.best_of
        ),
        bye: say!(language, "knockout-picture-bye"),
        rounds,
    })
}

/// How an entrant left, as the catalogue's selector: `disqualified` (by the organiser) or
/// `withdrew` (themselves); `None` while they are in.
pub(in crate::service) fn departure(e: &crate::model::TournamentEntrant) -> Option<&'static str> {
    match (e.withdrawn, e.disqualified) {
        (false, _) => None,
        (true, true) => Some("disqualified"),
        (true, false) => Some("withdrew"),
    }
}

/// The picture's words for those who cannot see it: each round's matches as text.
pub(super) fn picture_alt(t: &TournamentDetail, round: u32, language: Language) -> String {
    round_text(t, round, language)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::db;
    use crate::model::{GameId, TimeControl, TournamentFormat, TournamentId};
    use crate::service::read_model::tournament_detail;
    use crate::service::types::{Command, Request, TournamentAction, TournamentOptions};
    use crate::testing::{channel_id, user, Harness};

    fn tournament(h: &Harness, who: &str, action: TournamentAction) {
        let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
        request.is_moderator = who == "org";
        let reply = h.service.handle(&request);
        assert!(!reply.ephemeral, "{}", reply.text);
    }

    /// The running games of the current round, each resigned by its second player.
    fn resign_all(h: &Harness) {
        let games: Vec<GameId> = h
            .service
            .db
            .read(|c| db::pairings(c, TournamentId(1)))
            .unwrap()
            .into_iter()
            .filter(|p| p.result.is_none())
            .filter_map(|p| p.game)
            .collect();
        for id in games {
            let record = h.service.db.read(|c| db::game(c, id)).unwrap().unwrap();
            let mut request = Request::new(
                record.players.white,
                channel_id("elsewhere"),
                Command::Resign,
            );
            request.game = Some(id);
            let reply = h.service.handle(&request);
            assert!(!reply.ephemeral, "{}", reply.text);
        }
    }

    /// The names the picture shows in each of its rounds.
    fn names(picture: &akron_renderer::bracket::Bracket) -> Vec<Vec<String>> {
        picture
            .rounds
            .iter()
            .map(|r| {
                r.matches
                    .iter()
                    .flatten()
                    .flat_map(|m| std::iter::once(&m.top).chain(m.bottom.as_ref()))
                    .map(|e| e.name.clone())
                    .collect()
            })
            .collect()
    }

    /// Regression (issue 43): a withdrawal and a disqualification were both shown as "(out)",
    /// and in every round of the player's, those they had won included.
    #[test]
    fn a_player_disqualified_in_the_final_is_marked_disqualified_there_only() {
        let h = Harness::new();
        let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
        options.size = Some(5);
        options.time = Some(TimeControl::PerMove(86_400));
        tournament(&h, "org", TournamentAction::Create(options));
        for player in ["p1", "p2", "p3", "p4"] {
            tournament(&h, player, TournamentAction::Join);
        }
        tournament(&h, "org", TournamentAction::Start);
        resign_all(&h);
        let finalists: Vec<String> = {
            let t = h
                .service
                .db
                .read(|c| db::tournament(c, TournamentId(1)))
                .unwrap()
                .unwrap();
            let detail = h
                .service
                .db
                .read(|c| tournament_detail(c, t.clone(), 0))
                .unwrap();
            let bracket = detail.bracket.as_ref().unwrap();
            let m = bracket.round(2).next().expect("the final is paired");
            [Some(m.high), m.low]
                .into_iter()
                .flatten()
                .map(|p| detail.entrant(p).unwrap().user.name.clone())
                .collect()
        };
        let out = finalists[0].clone();
        tournament(&h, "org", TournamentAction::Withdraw(Some(user(&out))));
        let t = h
            .service
            .db
            .read(|c| db::tournament(c, TournamentId(1)))
            .unwrap()
            .unwrap();
        let detail = h
            .service
            .db
            .read(|c| tournament_detail(c, t.clone(), 0))
            .unwrap();
        let shown = names(&picture(&detail, 2, Language::English).unwrap());
        assert!(
            shown[0].contains(&out),
            "round 1 shows {out} unmarked: {shown:?}"
        );
        assert!(
            shown[1].contains(&format!("{out} (disqualified)")),
            "the final marks {out}: {shown:?}"
        );
        assert!(
            shown.iter().flatten().all(|n| !n.contains("withdrew")),
            "{shown:?}"
        );
        assert!(
            places_text(&detail, Language::English).contains(&format!("{out} (")),
            "{}",
            places_text(&detail, Language::English)
        );
    }
}
