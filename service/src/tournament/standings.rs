//! Standings from results: points, then a tiebreak (Buchholz for Swiss, Sonneborn–Berger for
//! round robin), then head-to-head, with shared ranks on a full tie; and a plain-text table.
//!
//! Points: a win or a forfeit win 1, a draw ½, a loss or a forfeit loss 0, a bye 1. Only games
//! with a result count towards the tiebreaks. Buchholz is the sum of the points of the
//! opponents met; Sonneborn–Berger adds an opponent's points for a win and half of them for a
//! draw. A bye adds nothing to either. Head-to-head is the points a player scored against the
//! others tied with them on points and tiebreak.

use super::pairing::{records, Entrant, PairingError, PlayerId, Points, Round, Side};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The tiebreak after points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// The sum of the opponents' points (Swiss).
    Buchholz,
    /// The opponents' points weighted by the result against them (round robin).
    SonnebornBerger,
}

impl Tiebreak {
    /// The short column heading: `BH` or `SB`.
    #[must_use]
    pub fn abbreviation(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "BH",
            Tiebreak::SonnebornBerger => "SB",
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1-based; tied players share a rank and the next rank skips (1, 2, 2, 4).
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// Points, byes included.
    pub points: Points,
    /// The tiebreak's value, in points (a multiple of ¼, so exact).
    pub tiebreak: f64,
    /// Points scored against the players tied with this one on points and tiebreak.
    pub head_to_head: Points,
    /// Games won (forfeit wins included).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost (forfeit losses included).
    pub losses: u32,
    /// Byes received.
    pub byes: u32,
    /// Whether the player has withdrawn.
    pub withdrawn: bool,
}

impl Standing {
    /// The wins-draws-losses column: `2-1-0`. A bye counts as a win there, as it scores
    /// one, so that a line's points are its wins and half its draws.
    #[must_use]
    pub fn record(&self) -> String {
        format!("{}-{}-{}", self.wins + self.byes, self.draws, self.losses)
    }
}

/// The standings after `rounds`, best first.
///
/// # Errors
/// A [`PairingError`] when the rounds name unknown players or a player twice in one round.
pub fn standings(
    entrants: &[Entrant],
    rounds: &[Round],
    tiebreak: Tiebreak,
) -> Result<Vec<Standing>, PairingError> {
    let records = records(entrants, rounds)?;
    let points = |id: PlayerId| records.get(&id).map_or(Points::ZERO, |r| r.points);
    let mut lines: Vec<(Standing, f64)> = entrants
        .iter()
        .map(|e| {
            let line = Standing {
                rank: 0,
                player: e.id,
                points: points(e.id),
                tiebreak: 0.0,
                head_to_head: Points::ZERO,
                wins: 0,
                draws: 0,
                losses: 0,
                byes: records.get(&e.id).map_or(0, |r| r.byes),
                withdrawn: e.withdrawn,
            };
            (line, e.rating)
        })
        .collect();
    let index: HashMap<PlayerId, usize> = lines
        .iter()
        .enumerate()
        .map(|(i, (l, _))| (l.player, i))
        .collect();
    let finished = || {
        rounds
            .iter()
            .flat_map(|r| r.pairings.iter())
            .filter_map(|p| p.result.map(|result| (p, result)))
    };
    for (pairing, result) in finished() {
        for side in [Side::First, Side::Second] {
            let (player, opponent) = match side {
                Side::First => (pairing.first, pairing.second),
                Side::Second => (pairing.second, pairing.first),
            };
            let Some(&i) = index.get(&player) else {
                continue;
            };
            let scored = result.points(side);
            let line = &mut lines[i].0;
            match scored.halves() {
                2 => line.wins += 1,
                1 => line.draws += 1,
                _ => line.losses += 1,
            }
            let opponent_points = points(opponent).value();
            line.tiebreak += match tiebreak {
                Tiebreak::Buchholz => opponent_points,
                Tiebreak::SonnebornBerger => opponent_points * scored.value(),
            };
        }
    }
    let key = |l: &Standing| (l.points, l.tiebreak);
    // Head-to-head among players equal on points and tiebreak.
    for (pairing, result) in finished() {
        let (Some(&a), Some(&b)) = (index.get(&pairing.first), index.get(&pairing.second)) else {
            continue;
        };
        if key(&lines[a].0) == key(&lines[b].0) {
            lines[a].0.head_to_head += result.points(Side::First);
            lines[b].0.head_to_head += result.points(Side::Second);
        }
    }
    lines.sort_by(|(a, rating_a), (b, rating_b)| {
        b.points
            .cmp(&a.points)
            .then(b.tiebreak.total_cmp(&a.tiebreak))
            .then(b.head_to_head.cmp(&a.head_to_head))
            .then(rating_b.total_cmp(rating_a))
            .then(a.player.cmp(&b.player))
    });
    let mut rank = 0;
    for i in 0..lines.len() {
        let tied = i > 0 && {
            let (a, b) = (&lines[i - 1].0, &lines[i].0);
            key(a) == key(b) && a.head_to_head == b.head_to_head
        };
        if !tied {
            rank = i as u32 + 1;
        }
        lines[i].0.rank = rank;
    }
    Ok(lines.into_iter().map(|(l, _)| l).collect())
}

/// The standings as a monospace table in a code block, at most `max_chars` characters (Discord
/// allows 2,000): names are shortened first, then the lowest lines are left off with a note.
#[must_use]
pub fn format_table(
    standings: &[Standing],
    name: impl Fn(PlayerId) -> String,
    tiebreak: Tiebreak,
    max_chars: usize,
) -> String {
    let english = TableWords {
        player: "Player".to_string(),
        points: "Pts".to_string(),
        record: "W-D-L".to_string(),
        tiebreak: tiebreak.abbreviation().to_string(),
        withdrawn: "wd".to_string(),
        more: &|rest| format!("… {rest} more"),
        number: &trim_number,
    };
    format_table_in(standings, name, max_chars, &english)
}

/// The words of a standings table, already in the reader's language: the headings, the
/// withdrawn mark and the note on lines left off (`… 3 more`).
pub struct TableWords<'a> {
    /// The player column's heading.
    pub player: String,
    /// The points column's heading.
    pub points: String,
    /// The wins-draws-losses column's heading.
    pub record: String,
    /// The tiebreak column's heading (`BH`, `SB`).
    pub tiebreak: String,
    /// The mark after a withdrawn player's name.
    pub withdrawn: String,
    /// The note on the lines left off.
    pub more: &'a dyn Fn(usize) -> String,
    /// A tiebreak score in the reader's conventions (`0.5`, `0,5`).
    pub number: &'a dyn Fn(f64) -> String,
}

/// [`format_table`] with its words given.
#[must_use]
pub fn format_table_in(
    standings: &[Standing],
    name: impl Fn(PlayerId) -> String,
    max_chars: usize,
    words: &TableWords<'_>,
) -> String {
    let names: Vec<String> = standings
        .iter()
        .map(|s| {
            let clean: String = name(s.player)
                .chars()
                .map(|c| if c == '`' || c.is_control() { '\'' } else { c })
                .collect();
            if s.withdrawn {
                format!("{clean} ({})", words.withdrawn)
            } else {
                clean
            }
        })
        .collect();
    for width in [18, 14, 10, 8] {
        let table = render(standings, &names, width, usize::MAX, words);
        if table.chars().count() <= max_chars {
            return table;
        }
    }
    render(standings, &names, 8, max_chars, words)
}

fn fit(name: &str, width: usize) -> String {
    let count = name.chars().count();
    if count <= width {
        format!("{name}{}", " ".repeat(width - count))
    } else {
        let mut short: String = name.chars().take(width - 1).collect();
        short.push('…');
        short
    }
}

fn render(
    standings: &[Standing],
    names: &[String],
    width: usize,
    max_chars: usize,
    words: &TableWords<'_>,
) -> String {
    let rank_width = standings.len().to_string().len().max(1);
    let header = format!(
        "{:>rank_width$} {} {:>4} {:>5} {:>8}\n",
        "#",
        fit(&words.player, width),
        words.points,
        words.tiebreak,
        words.record
    );
    let mut out = format!("```\n{header}");
    let closing = "```";
    for (i, (s, name)) in standings.iter().zip(names).enumerate() {
        let mut line = String::new();
        let rank = if i > 0 && standings[i - 1].rank == s.rank {
            String::from("=")
        } else {
            s.rank.to_string()
        };
        let _ = writeln!(
            line,
            "{rank:>rank_width$} {} {:>4} {:>5} {:>8}",
            fit(name, width),
            s.points.to_string(),
            (words.number)(s.tiebreak),
            s.record()
        );
        let rest = standings.len() - i;
        let note = format!("{}\n", (words.more)(rest));
        let used = out.chars().count() + line.chars().count() + closing.len();
        let room_for_note = if rest > 1 { note.chars().count() } else { 0 };
        if used + room_for_note > max_chars {
            out.push_str(&note);
            break;
        }
        out.push_str(&line);
    }
    out.push_str(closing);
    out
}

/// `12`, `12.5`, `12.25`: no trailing zeros (English; a reader's language formats its own).
#[must_use]
pub fn trim_number(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
