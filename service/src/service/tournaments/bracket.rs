//! A knockout's bracket in words: a round's matches (its pairings notice, `tournament
//! pairings`), a round's results, the whole bracket (`tournament standings`) and the final
//! places. Read from [`BracketDetail`]; nothing is decided here.

use super::escape;
use crate::catalogue::Language;
use crate::say;
use crate::service::read_model::{BracketDetail, MatchDetail, MatchEnd, TournamentDetail};
use crate::tournament::double::{Double, Part};

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

/// One match on one line. `better` names who a level match goes to: `seed` (the higher
/// seed), or `winners` in a double elimination's grand final and reset (the winners'
/// bracket's winner, who is not always the better seed).
fn match_line(t: &TournamentDetail, m: &MatchDetail, better: &str, language: Language) -> String {
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
            level = if m.score.0 == m.score.1 { "yes" } else { "no" },
            better = better
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
        end = end_key(m.end),
        better = better
    )
}

/// Who a level match of `part` goes to, as `match_line` names them.
fn better_side(part: Part) -> &'static str {
    if matches!(part, Part::GrandFinal | Part::Reset) {
        "winners"
    } else {
        "seed"
    }
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
    if let Some(shape) = bracket.double {
        let mut lines = vec![say!(
            language,
            "double-round-title",
            tournament = escape(&t.name),
            round = round,
            best_of = bracket.best_of
        )];
        for part in shape.parts(round) {
            let matches: Vec<String> = bracket
                .part(part)
                .map(|m| match_line(t, m, better_side(part), language))
                .collect();
            if matches.is_empty() {
                continue;
            }
            lines.push(say!(
                language,
                "double-part-heading",
                part = part_phrase(part, shape)
            ));
            lines.extend(matches);
        }
        return lines.join("\n");
    }
    let mut lines = vec![say!(
        language,
        "knockout-round-title",
        tournament = escape(&t.name),
        name = round_name(bracket, round, language),
        best_of = bracket.best_of
    )];
    lines.extend(
        bracket
            .round(round)
            .map(|m| match_line(t, m, "seed", language)),
    );
    lines.join("\n")
}

/// A part's selector, its round in its bracket, and the rounds left in that bracket (1: its
/// final), as `double-part` and `double-picture-part` take them.
fn part_args(part: Part, shape: Double) -> (&'static str, u32, u32) {
    match part {
        Part::Winners(r) => ("winners", r, shape.winners_rounds.saturating_sub(r) + 1),
        Part::Losers(r) => ("losers", r, shape.losers_rounds().saturating_sub(r) + 1),
        Part::GrandFinal => ("grand-final", 0, 0),
        Part::Reset => ("reset", 0, 0),
    }
}

/// A part of a double elimination as a message, put into words where it is read.
pub(super) fn part_phrase(part: Part, shape: Double) -> crate::catalogue::Phrase {
    let (which, round, left) = part_args(part, shape);
    crate::phrase!("double-part", part = which, round = round, left = left)
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
    use akron_renderer::bracket::{Bracket, Round, MAX_COLUMNS, MAX_MATCHES};
    let bracket = t.bracket.as_ref().filter(|b| b.double.is_none())?;
    let columns = u32::try_from(MAX_COLUMNS).unwrap_or(3);
    let first = round.min(bracket.rounds.saturating_sub(columns - 1)).max(1);
    let last = (first + columns - 1).min(bracket.rounds);
    let widest = 1usize << bracket.rounds.saturating_sub(first).min(16);
    let rounds = (first..=last)
        .map(|r| {
            let places = 1usize << bracket.rounds.saturating_sub(r).min(16);
            let matches = (1..=places)
                .map(|board| {
                    let m = bracket
                        .round(r)
                        .find(|m| m.board == u32::try_from(board).unwrap_or(0))?;
                    Some(picture_match(t, m, language))
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
        subtitle: with_cut(
            with_legend(
                t,
                say!(
                    language,
                    "knockout-picture-subtitle",
                    best_of = bracket.best_of
                ),
                language,
            ),
            widest,
            MAX_MATCHES,
            language,
        ),
        bye: say!(language, "knockout-picture-bye"),
        rounds,
    })
}

/// The bracket picture around round `round` as a PNG, single or double elimination.
pub(super) fn picture_png(
    images: &crate::images::Images,
    t: &TournamentDetail,
    round: u32,
    language: Language,
) -> Option<Vec<u8>> {
    match double_picture(t, round, language) {
        Some(double) => images.double_bracket(&double),
        None => images.bracket(&picture(t, round, language)?),
    }
}

/// One match as either picture draws it: seeds, names (marked in their last match when they
/// withdrew or were disqualified), scores, the winner.
fn picture_match(
    t: &TournamentDetail,
    m: &MatchDetail,
    language: Language,
) -> akron_renderer::bracket::Match {
    use akron_renderer::bracket::{Entry, Match};
    let scored = !m.games.is_empty();
    let entry = |player: u32, score: crate::tournament::Points| {
        let (name, seed) = t.entrant(player).map_or_else(
            || (String::new(), 0),
            |e| (e.user.name.clone(), e.seed.unwrap_or(0)),
        );
        // Marked as withdrawn or disqualified in their last match only (as in single
        // elimination), not in the matches they won before it.
        let left = t
            .entrant(player)
            .and_then(departure)
            .filter(|_| t.bracket.as_ref().and_then(|b| b.last_round_of(player)) == Some(m.round));
        Entry {
            seed,
            name,
            mark: left.map_or_else(String::new, |how| {
                say!(language, "knockout-picture-left", how = how)
            }),
            score: if scored {
                score.to_string()
            } else {
                String::new()
            },
        }
    };
    Match {
        top: entry(m.high, m.score.0),
        bottom: m.low.map(|low| entry(low, m.score.1)),
        winner: m.winner.map(|w| w == m.high),
    }
}

/// A double elimination's picture around round `round`: up to three rounds from it (earlier
/// ones near the end), each with its winners' round above and its losers' round below, the
/// grand final and the reset at the right. `None` for single elimination.
pub(super) fn double_picture(
    t: &TournamentDetail,
    round: u32,
    language: Language,
) -> Option<akron_renderer::bracket::DoubleBracket> {
    use akron_renderer::bracket::{Column, DoubleBracket, Round, MAX_COLUMNS, MAX_DOUBLE_MATCHES};
    let bracket = t.bracket.as_ref()?;
    let shape = bracket.double?;
    let reset = bracket.part(Part::Reset).next().is_some();
    let total = shape.grand_final() + u32::from(reset);
    let width = u32::try_from(MAX_COLUMNS).unwrap_or(3);
    let first = round
        .saturating_sub(1)
        .min(total.saturating_sub(width - 1))
        .max(1);
    let last = (first + width - 1).min(total);
    let drawn = |part: Part| {
        let stage = shape.stage_of(part);
        let matches = (0..shape.places_in(part))
            .map(|i| {
                let board = shape.board(part, i);
                bracket
                    .round(stage)
                    .find(|m| m.board == board)
                    .map(|m| picture_match(t, m, language))
            })
            .collect();
        Round {
            name: part_picture_name(part, shape, language),
            matches,
        }
    };
    let widest = (first..=last)
        .flat_map(|stage| shape.parts(stage))
        .map(|part| shape.places_in(part))
        .max()
        .unwrap_or(0);
    let columns = (first..=last)
        .map(|stage| {
            let parts = shape.parts(stage);
            Column {
                winners: parts
                    .iter()
                    .find(|p| !matches!(p, Part::Losers(_)))
                    .map(|&p| drawn(p)),
                losers: parts
                    .iter()
                    .find(|p| matches!(p, Part::Losers(_)))
                    .map(|&p| drawn(p)),
            }
        })
        .collect();
    Some(DoubleBracket {
        title: t.name.clone(),
        subtitle: with_cut(
            with_legend(
                t,
                say!(
                    language,
                    "double-picture-subtitle",
                    best_of = bracket.best_of,
                    reset = if shape.reset { "yes" } else { "no" }
                ),
                language,
            ),
            widest,
            MAX_DOUBLE_MATCHES,
            language,
        ),
        bye: say!(language, "knockout-picture-bye"),
        winners: say!(language, "web-bracket-winners"),
        losers: say!(language, "web-bracket-losers"),
        columns,
    })
}

/// A part's short name over its column in the picture.
fn part_picture_name(part: Part, shape: Double, language: Language) -> String {
    let (which, round, left) = part_args(part, shape);
    say!(
        language,
        "double-picture-part",
        part = which,
        round = round,
        left = left
    )
}

/// A bracket picture's subtitle, followed by what its marks mean once somebody withdrew or
/// was disqualified: the marks are short (`(WD)`, `(DQ)`) so that they fit beside a name.
fn with_legend(t: &TournamentDetail, subtitle: String, language: Language) -> String {
    if t.entrants.iter().any(|e| departure(e).is_some()) {
        format!("{subtitle} · {}", say!(language, "knockout-picture-legend"))
    } else {
        subtitle
    }
}

/// The subtitle, with a note when the picture cannot draw a column's `widest` matches (at
/// most `most`): it draws the first ones, and says so and that the list has them all.
fn with_cut(subtitle: String, widest: usize, most: usize, language: Language) -> String {
    if widest > most {
        format!(
            "{subtitle} · {}",
            say!(
                language,
                "knockout-picture-cut",
                shown = most,
                total = widest
            )
        )
    } else {
        subtitle
    }
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
                    .map(|e| format!("{} {}", e.name, e.mark).trim_end().to_string())
                    .collect()
            })
            .collect()
    }

    /// The detail of tournament 1 as the pictures read it.
    fn detail(h: &Harness) -> TournamentDetail {
        let t = h
            .service
            .db
            .read(|c| db::tournament(c, TournamentId(1)))
            .unwrap()
            .unwrap();
        h.service
            .db
            .read(|c| tournament_detail(c, t.clone(), 0))
            .unwrap()
    }

    /// Regression (issue 43): the picture of a 64-player knockout's first round drew its first
    /// 16 matches of 32 and said nothing of the others. It draws all 32 now; a bigger field's
    /// picture says which it draws.
    #[test]
    fn a_64_player_knockouts_first_round_is_drawn_whole_and_a_bigger_one_says_it_is_cut() {
        for (players, cut) in [(64, false), (65, true)] {
            let h = Harness::new();
            let mut options = TournamentOptions::new("Cup", TournamentFormat::SingleElimination);
            options.time = Some(TimeControl::PerMove(86_400));
            tournament(&h, "org", TournamentAction::Create(options));
            for player in 0..players {
                tournament(&h, &format!("p{player}"), TournamentAction::Join);
            }
            tournament(&h, "org", TournamentAction::Start);
            let detail = detail(&h);
            let picture = picture(&detail, 1, Language::English).unwrap();
            let first = &picture.rounds[0].matches;
            assert_eq!(first.len(), if cut { 64 } else { 32 });
            assert!(
                first.iter().all(Option::is_some),
                "every place is paired or a bye"
            );
            assert_eq!(
                picture
                    .subtitle
                    .contains("32 of 64 matches drawn; the list has them all"),
                cut,
                "{players}: {}",
                picture.subtitle
            );
            let png = h.service.images.bracket(&picture).expect("a picture");
            // `AKRON_TABLE_OUT=DIR` keeps the picture in each language, to look at.
            if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
                std::fs::create_dir_all(&dir).unwrap();
                for language in Language::ALL {
                    let shown = picture_png(&h.service.images, &detail, 1, language).unwrap();
                    let file = std::path::Path::new(&dir)
                        .join(format!("knockout-{players}.{}.png", language.code()));
                    std::fs::write(file, shown).unwrap();
                }
            }
            let decoded = image::load_from_memory(&png).unwrap();
            // Every one of the (first) 32 matches has its box: two lines of 36 px and a gap.
            assert!(decoded.height() >= 32 * 86, "{}", decoded.height());
        }
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
            let detail = detail(&h);
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
        let detail = detail(&h);
        let shown = names(&picture(&detail, 2, Language::English).unwrap());
        assert!(
            shown[0].contains(&out),
            "round 1 shows {out} unmarked: {shown:?}"
        );
        assert!(
            shown[1].contains(&format!("{out} (DQ)")),
            "the final marks {out}: {shown:?}"
        );
        assert!(
            shown.iter().flatten().all(|n| !n.contains("(WD)")),
            "{shown:?}"
        );
        assert!(
            places_text(&detail, Language::English).contains(&format!("{out} (")),
            "{}",
            places_text(&detail, Language::English)
        );
    }
}
