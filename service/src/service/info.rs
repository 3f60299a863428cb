//! `history`, `export`, `show`, `games`, `rules` and `help`: commands that only look.

use super::read::PlayedMove;
use super::store::Loaded;
use super::types::{Attachment, ReplayRequest, Reply, Request};
use super::wording::{fit, no_game, result_phrase, status_line, MAX_TEXT};
use super::{refuse, Outcome, Service};
use crate::db;
use crate::images::{Caption, Picture, View};
use crate::model::Status;
use crate::record::{date, Record};
use crate::say;
use akron_renderer::{ReplayError, ReplayOptions};
use akron_rules::{ByColor, Color, Game, Position, Reason, WinRule};
use std::fmt::Write as _;

/// A record read and replayed, with the caption its tags give (names by the colour each
/// plays at the end).
fn read_record(text: &str) -> Result<(Game, Caption), String> {
    let record = Record::parse(text).map_err(|e| e.to_string())?;
    let game = record.replay().map_err(|e| e.to_string())?;
    let (black, white) = (
        record.tag("Black").map(str::to_string),
        record.tag("White").map(str::to_string),
    );
    let names = if game.swapped() {
        ByColor {
            black: white,
            white: black,
        }
    } else {
        ByColor { black, white }
    };
    let caption = Caption {
        game: record.tag("Game").and_then(|g| g.parse().ok()),
        names,
        ..Caption::default()
    };
    Ok((game, caption))
}

/// A record's `Result` tag as written by `export` (`white wins resignation`, `draw
/// agreement`, `aborted`); `None` for `*` or anything else.
fn stored_result(tag: &str) -> Option<akron_rules::Outcome> {
    let words: Vec<&str> = tag.split_whitespace().collect();
    let (winner, reason) = match words.as_slice() {
        ["aborted"] => (None, Reason::Abort),
        ["draw", reason] => (None, Reason::from_name(reason)?),
        [colour, "wins", reason] => (
            Some(match *colour {
                "black" => Color::Black,
                "white" => Color::White,
                _ => return None,
            }),
            Reason::from_name(reason)?,
        ),
        _ => return None,
    };
    Some(akron_rules::Outcome { winner, reason })
}

/// How many finished games `games` lists.
const FINISHED_SHOWN: usize = 10;

/// The longest text `show` reads: far more than any real record (300 moves take about 3 KB).
const MAX_SHOW_TEXT: usize = 64 * 1024;

impl Service {
    /// The move list of the channel's game (or its most recent one).
    pub(super) fn history(&self, request: &Request) -> Outcome {
        let Some(row) = self.target_or_latest(request)? else {
            return Err(no_game(request));
        };
        let loaded = self.load(row)?;
        let mut text = status_line(&loaded, self.clock.now(), request.language.public);
        let detail = super::read::game_detail(&loaded);
        if detail.moves.is_empty() {
            text.push_str("\nNo moves yet.");
        } else {
            let list = move_list(&detail.moves);
            let budget = MAX_TEXT.saturating_sub(text.chars().count() + 80);
            // Long games show their last moves; `export` has them all.
            let mut lines: Vec<&str> = list.lines().collect();
            let mut cut = false;
            while lines.iter().map(|l| l.len() + 1).sum::<usize>() > budget && lines.len() > 1 {
                lines.remove(0);
                cut = true;
            }
            text.push_str("\n```\n");
            if cut {
                text.push_str("  …\n");
            }
            text.push_str(&lines.join("\n"));
            text.push_str("\n```");
            if cut {
                text.push_str("The full list is in `export`.");
            }
        }
        Ok(Reply::text(text))
    }

    /// The game record as a text file.
    pub(super) fn export(&self, request: &Request) -> Outcome {
        let Some(row) = self.target_or_latest(request)? else {
            return Err(no_game(request));
        };
        let loaded = self.load(row)?;
        let record = record_of(&loaded);
        let language = request.language.public;
        let result = result_phrase(&loaded).say(language);
        let mut reply = Reply::text(say!(
            language,
            "export-record",
            game = loaded.record.id.to_string(),
            result = result.clone()
        ));
        reply.attachment = Some(Attachment {
            filename: format!("akron-{}.txt", loaded.record.id.0),
            content: record.write().into_bytes(),
            description: say!(
                language,
                "export-record-file",
                game = loaded.record.id.to_string(),
                result = result
            ),
        });
        Ok(reply)
    }

    /// Renders a position code, or the end of a record (and animates the record), with no
    /// game attached.
    pub(super) fn show(&self, request: &Request, text: &str, view: Option<View>) -> Outcome {
        let text = text.trim();
        if text.len() > MAX_SHOW_TEXT {
            return refuse(format!(
                "That is {} KB of text; a position code or game record is at most {} KB.",
                text.len().div_ceil(1024),
                MAX_SHOW_TEXT / 1024
            ));
        }
        let mut animated = None;
        let (position, note, chain) = if Record::looks_like_record(text) {
            let (game, caption) = match read_record(text) {
                Ok(read) => read,
                Err(e) => return refuse(format!("That record cannot be read: {e}.")),
            };
            if !game.moves().is_empty() {
                let options = ReplayOptions {
                    caption: caption.clone(),
                    ..ReplayOptions::default()
                };
                animated = Some(self.images.gif(&game, &options));
            }
            let chain = match game.outcome() {
                Some(o) if o.reason == Reason::Connection => {
                    game.position().analysis().winning_chain
                }
                _ => None,
            };
            // The result in words: from the moves, else (a resignation, a timeout) from the
            // record's Result tag.
            let outcome = game.outcome().or_else(|| {
                Record::parse(text)
                    .ok()
                    .and_then(|r| r.tag("Result").and_then(stored_result))
            });
            let note = format!(
                "After {} move{}: {}.",
                game.moves().len(),
                if game.moves().len() == 1 { "" } else { "s" },
                outcome.map_or_else(
                    || format!("{} to move", game.turn().title()),
                    |o| caption.result_text(o)
                )
            );
            (game.position().clone(), note, chain)
        } else {
            let position = match Position::from_code(text) {
                Ok(p) => p,
                Err(e) => {
                    return refuse(format!(
                        "That is neither a position code nor a game record: {e}. A code looks \
                         like `5:b:12,12:5/5/5/5/5`; a record is what `export` gives."
                    ))
                }
            };
            let game = Game::from_position(position.clone(), WinRule::Delayed);
            let spans = position.spanner();
            let note = match spans {
                Some(c) => format!("{} spans. {} to move.", c.title(), position.turn().title()),
                None => format!(
                    "{} to move; {} legal moves.",
                    position.turn().title(),
                    game.legal_moves().len()
                ),
            };
            let chain = spans.and_then(|_| position.analysis().winning_chain);
            (position, note, chain)
        };
        let piles = position.piles();
        let mut picture = Picture::new(&position);
        picture.chain = chain.as_deref();
        picture.view = match view {
            Some(view) => view,
            None => self.view_of(&request.user.id)?,
        };
        let mut text = format!(
            "{} × {} board, Black {} and White {} left in the pile. {note}\n`{}`",
            position.size(),
            position.size(),
            piles.black,
            piles.white,
            position.code()
        );
        let animation = match animated {
            Some(Ok(gif)) => Some(gif),
            Some(Err(e)) => {
                let _ = write!(
                    text,
                    "\n(No animation: {e}. `replay` with `from:` and `to:` shows part of it.)"
                );
                None
            }
            None => None,
        };
        Ok(Reply {
            // The text says what the picture shows: it is its text alternative too.
            alt: Some(text.chars().take(1_024).collect()),
            text,
            image: self.images.png(&picture),
            animation,
            position: Some(position.code()),
            ..Reply::default()
        })
    }

    /// `replay`: the channel's game (or game #N, or a record) as an animated GIF.
    pub(super) fn replay(&self, request: &Request, replay: &ReplayRequest) -> Outcome {
        let (game, caption, title) = match &replay.record {
            Some(text) => match read_record(text.trim()) {
                Ok((game, caption)) => (game, caption, "The record".to_string()),
                Err(e) => return refuse(format!("That record cannot be read: {e}.")),
            },
            None => {
                let Some(row) = self.target_or_latest(request)? else {
                    return Err(no_game(request));
                };
                let loaded = self.load(row)?;
                let caption = Caption {
                    game: u64::try_from(loaded.record.id.0).ok(),
                    names: ByColor {
                        black: Some(loaded.player(Color::Black).name),
                        white: Some(loaded.player(Color::White).name),
                    },
                    ..Caption::default()
                };
                let title = format!("Game {}", loaded.record.id);
                (loaded.game.clone(), caption, title)
            }
        };
        let moves = game.moves().len();
        if moves == 0 {
            return refuse(format!("{title} has no moves yet: nothing to replay."));
        }
        let options = ReplayOptions {
            from: replay.from.unwrap_or(1),
            to: replay.to,
            speed: replay.speed.unwrap_or_default(),
            caption,
            ..ReplayOptions::default()
        };
        let first = options.from.max(1);
        let last = options.to.unwrap_or(moves);
        match self.images.gif(&game, &options) {
            Ok(gif) => {
                let text = format!(
                    "{title}, moves {first} to {last} of {moves}{}.",
                    match game.outcome() {
                        Some(o) => format!(" ({o})"),
                        None => String::new(),
                    }
                );
                Ok(Reply {
                    // What the animation shows, as its text alternative.
                    alt: Some(text.chars().take(1_024).collect()),
                    text,
                    animation: Some(gif),
                    ..Reply::default()
                })
            }
            Err(ReplayError::TooLarge { limit, .. }) => {
                let half = first + (last - first) / 2;
                refuse(format!(
                    "A replay of moves {first} to {last} would be larger than {} MB, too big to \
                     post. Ask for part of it: `replay from:{first} to:{half}`.",
                    limit / (1024 * 1024)
                ))
            }
            Err(ReplayError::Range { .. }) => refuse(format!(
                "{title} has {moves} moves: ask for `from:` and `to:` between 1 and {moves}."
            )),
            Err(e) => {
                tracing::error!(%e, "a replay could not be drawn");
                refuse("The replay could not be drawn; nothing was changed.")
            }
        }
    }

    /// The caller's open challenges and active games across channels, then their last
    /// finished games. A game that cannot be loaded is listed as damaged and never hides the
    /// others.
    pub(super) fn games(&self, request: &Request) -> Outcome {
        let me = &request.user.id;
        let now = self.clock.now();
        let rows = self.db.read(|c| db::user_games(c, me))?;
        let mut lines = Vec::new();
        let mut reply = Reply::default();
        for row in rows {
            // Only read: a game whose time is up is listed as such until the tick ends it.
            let overdue = self.overdue(&row, now).ok().flatten().is_some();
            let channel = reply.name_channel(&row.channel);
            match self.load(row.clone()) {
                Ok(loaded) => {
                    let urgency =
                        super::clocks::timeout_at(&loaded.record, loaded.game.moves().len())
                            .unwrap_or(i64::MAX);
                    let (waiting, mut line) = game_line(&loaded, me, &channel, now);
                    if overdue {
                        line.push_str(" (time is up: the bot ends it in a moment)");
                    }
                    lines.push((waiting && !overdue, urgency, line));
                }
                Err(error) => {
                    tracing::error!(game = row.id.0, %error, "a damaged game in `games`");
                    lines.push((
                        false,
                        i64::MAX,
                        format!(
                            "- game {} in {channel}: **damaged in storage**; the bot's operator \
                             can see why in the log",
                            row.id
                        ),
                    ));
                }
            }
        }
        let finished = self
            .db
            .read(|c| db::user_finished_games(c, me, FINISHED_SHOWN))?;
        if lines.is_empty() && finished.is_empty() {
            return refuse(
                "You have no open challenges, games in progress or finished games. Start one \
                 with `challenge @player`.",
            );
        }
        // Games waiting for the caller first, the most urgent (least time left) first within
        // each part, then the oldest.
        lines.sort_by_key(|(waiting, urgency, _)| (!*waiting, *urgency));
        let waiting = lines.iter().filter(|(waiting, _, _)| *waiting).count();
        let mut text = if lines.is_empty() {
            "You have no games in progress.".to_string()
        } else {
            format!(
                "Your games ({waiting} waiting for you):\n{}",
                lines
                    .iter()
                    .map(|(_, _, line)| line.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        };
        if !finished.is_empty() {
            let _ = write!(
                text,
                "\nFinished (last {}; `export #N` gives a record, `board #N` the final position):",
                finished.len()
            );
            for row in finished {
                let channel = reply.name_channel(&row.channel);
                let line = match self.load(row.clone()) {
                    Ok(loaded) => {
                        let colour = loaded.colour_of(me).unwrap_or(Color::Black);
                        format!(
                            "\n- game {} in {channel} against {}: {}",
                            row.id,
                            loaded.player(colour.other()).shown(),
                            result_phrase(&loaded).say(request.language.public)
                        )
                    }
                    Err(_) => format!("\n- game {} in {channel}: damaged in storage", row.id),
                };
                text.push_str(&line);
            }
        }
        reply.text = fit(
            text,
            "those waiting for you are listed first",
            request.language.public,
        );
        Ok(reply)
    }

    /// A short summary of the rules, with a link to the full guide only when one is
    /// configured (`AKRON_RULES_URL`); otherwise a picture of a step and its drops stands in,
    /// and the reply says where the guide is in the bot's source.
    pub(super) fn rules(&self) -> Reply {
        let mut text = RULES_SUMMARY.to_string();
        let mut reply = Reply::text(String::new());
        match &self.config.rules_url {
            Some(url) => {
                let _ = write!(text, "\nFull rules with pictures: {url}");
            }
            None => {
                reply.image = self.cascade_picture();
                if reply.image.is_some() {
                    text.push_str(
                        "\nThe picture: Black steps A1-D1. The white marble resting on A1 drops \
                         into A1, and the black marble resting on that one drops into its place \
                         (arrows).",
                    );
                }
                text.push_str(
                    "\nThe full guide with pictures is `docs/rules.md` in the bot's source; \
                     the bot's operator can link it here by setting `AKRON_RULES_URL`.",
                );
            }
        }
        reply.text = text;
        reply
    }

    /// The guide's cascade example (`docs/rules.md`, `cascade.png`): Black steps A1-D1 and
    /// two marbles drop.
    fn cascade_picture(&self) -> Option<Vec<u8>> {
        let mut position = Position::from_code(CASCADE_EXAMPLE).ok()?;
        let step = akron_rules::Move::Step {
            from: akron_rules::Point::new(0, 0, 0),
            to: akron_rules::Point::new(3, 0, 0),
        };
        let effect = position.play(step).ok()?;
        let mut picture = Picture::new(&position);
        picture.last_move = Some(step);
        picture.drops = &effect.drops;
        self.images.png(&picture)
    }
}

/// The position of the guide's cascade example, before Black steps A1-D1 (the renderer's
/// `docs_images` test draws the same one into `docs/images/cascade.png`).
const CASCADE_EXAMPLE: &str = "5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2";

/// The `rules` reply before its link or picture: every rule a player needs, in short.
const RULES_SUMMARY: &str = "**Akron** (Cameron Browne, 2002) is a connection game in three \
dimensions.
- **Black** joins the top and bottom edges, **White** the left and right. Black moves first. \
Only marbles in the holes touch an edge; a corner hole is on both edges that meet there.
- On your turn, **place** a marble from your pile into an empty hole (`move F6`), or **step** \
one of your marbles (`move A2-D3'`). A marble may rest in the dip between four marbles of any \
colour, one level up (each ' is a level: `D3'` rests on D3, E3, D2 and E2), and stays there \
only while all four are there.
- A marble may step only if at most one marble rests on it: that one **drops** into the gap, \
and whatever rested on it drops in turn, up the stack. The marble must be connected to its \
group, and its new point must touch a marble of that group that stays put (not one that \
drops); a raised point needs all four marbles under it, none of them the mover or dropping.
- Marbles touch side by side on one level (not diagonally) and where one rests on another; \
touching marbles of one colour are linked. A link **higher up cuts** the enemy link it crosses. \
In a column of stacked marbles the **top marble's colour** rules: every marble of the other \
colour lower down is covered and cut off (one of the top's colour is not, even under an enemy).
- On the second turn White may **swap**: take over Black's first marble and play Black.
- You win when your edges are joined by a chain that **survives your opponent's reply** (the \
delayed rule; the immediate rule wins at once). A player with **no legal move loses**; a \
position's third repetition is a draw.";

/// The command list, from the one table of commands.
pub(super) fn help(language: super::Language) -> Reply {
    Reply::text(super::text::help_text_in(language))
}

/// One game of `games`, and whether it waits for `me` (to move, or to answer a challenge);
/// `channel` is the token naming its channel, `now` the time in Unix seconds.
fn game_line(loaded: &Loaded, me: &super::UserId, channel: &str, now: i64) -> (bool, String) {
    match loaded.record.status() {
        Status::Open => {
            let mine = loaded.record.challenger == *me;
            let opponent = if mine {
                format!("waiting for {}", loaded.challenged().shown())
            } else {
                format!(
                    "from {}: **accept or decline**",
                    loaded.challenger().shown()
                )
            };
            (
                !mine,
                format!(
                    "- game {} in {channel}: challenge {opponent}",
                    loaded.record.id
                ),
            )
        }
        _ => {
            let colour = loaded.colour_of(me).unwrap_or(Color::Black);
            let opponent = loaded.player(colour.other());
            let my_turn = loaded.game.turn() == colour;
            let since = loaded
                .record
                .last_move_at()
                .or(loaded.record.started_at())
                .map_or_else(String::new, |then| {
                    format!(" (for {})", elapsed(now.saturating_sub(then)))
                });
            let plies = loaded.game.moves().len();
            let clock =
                super::clocks::timeout_at(&loaded.record, plies).map_or_else(String::new, |out| {
                    format!(
                        ", **{} left**",
                        super::clocks::words(out - now, loaded.record.time_control.is_live())
                    )
                });
            let turn = if my_turn {
                format!("**your move**{since}{clock}")
            } else {
                format!("{} to move{since}{clock}", opponent.shown())
            };
            (
                my_turn,
                format!(
                    "- game {} in {channel}: you ({}) against {}, move {}: {turn}",
                    loaded.record.id,
                    colour.title(),
                    opponent.shown(),
                    loaded.game.moves().len() + 1
                ),
            )
        }
    }
}

/// A waiting time in words, to the largest whole unit: `40 s`, `5 min`, `3 h`, `2 days`.
fn elapsed(seconds: i64) -> String {
    match seconds.max(0) {
        s if s < 60 => format!("{s} s"),
        s if s < 3600 => format!("{} min", s / 60),
        s if s < 86_400 => format!("{} h", s / 3600),
        s if s < 2 * 86_400 => "1 day".to_string(),
        s => format!("{} days", s / 86_400),
    }
}

/// `1. D4 swap` lines.
fn move_list(moves: &[PlayedMove]) -> String {
    let mut out = String::new();
    // Two moves to a line, each numbered by its ply (every move, a swap too, counts one), as
    // the pictures number them: the board captioned `Move 135: H6-G4` shows ` 135. H6-G4` here.
    for pair in moves.chunks(2) {
        let mut line = String::new();
        for played in pair {
            let _ = write!(line, "{:>4}. {:<10}", played.ply, played.mv.to_string());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The record of a game.
pub(crate) fn record_of(loaded: &Loaded) -> Record {
    let row = &loaded.record;
    let mut tags = vec![
        ("Event".to_string(), "Akron".to_string()),
        ("Site".to_string(), row.channel.0.clone()),
        ("Game".to_string(), row.id.0.to_string()),
        (
            "Date".to_string(),
            date(row.started_at().unwrap_or(row.created_at)),
        ),
        ("Black".to_string(), row.players.black.name.clone()),
        ("White".to_string(), row.players.white.name.clone()),
        ("BlackId".to_string(), row.players.black.id.0.clone()),
        ("WhiteId".to_string(), row.players.white.id.0.clone()),
        ("Size".to_string(), row.size.to_string()),
        ("Pile".to_string(), row.pile.to_string()),
        ("Rule".to_string(), row.win_rule.to_string()),
        ("Start".to_string(), row.start_code.clone()),
    ];
    let result = loaded
        .stored_outcome()
        .or(loaded.game.outcome())
        .map_or_else(|| "*".to_string(), |o| o.to_string());
    tags.push(("Result".to_string(), result));
    tags.push(("Final".to_string(), loaded.game.position().code()));
    Record {
        tags,
        moves: loaded.game.moves().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waiting_times_read_in_the_largest_whole_unit() {
        assert_eq!(elapsed(-5), "0 s");
        assert_eq!(elapsed(59), "59 s");
        assert_eq!(elapsed(60), "1 min");
        assert_eq!(elapsed(3 * 3600 + 59), "3 h");
        assert_eq!(elapsed(86_400 + 5), "1 day");
        assert_eq!(elapsed(9 * 86_400), "9 days");
    }
}
