//! `history`, `export`, `show`, `games`, `rules` and `help`: commands that only look.

use super::read_model::PlayedMove;
use super::store::Loaded;
use super::types::{Attachment, ReplayRequest, Reply, Request};
use super::wording::{fit, no_game, status_line, MAX_TEXT};
use super::{refuse, Outcome, Service};
use crate::catalogue::Phrase;
use crate::db;
use crate::images::{Caption, Picture, View};
use crate::model::Status;
use crate::record::{date, Record};
use crate::{phrase, say};
use akron_renderer::{ReplayError, ReplayOptions};
use akron_rules::{ByColor, Color, Game, Position, Reason, WinRule};
use std::fmt::Write as _;

/// A record read and replayed, with the caption its tags give (names by the colour each
/// plays at the end).
fn read_record(text: &str) -> Result<(Game, Caption), Phrase> {
    let record = Record::parse(text).map_err(|e| super::notation_errors::record_error(&e))?;
    let game = record
        .replay()
        .map_err(|e| super::notation_errors::record_error(&e))?;
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
        let language = request.language.public;
        let mut text = status_line(
            &loaded,
            self.clock_reading(&loaded, self.clock.now())?,
            self.lost_by_both(&loaded),
            language,
        );
        let detail = super::read_model::game_detail(&loaded, None);
        if detail.moves.is_empty() {
            text.push('\n');
            text.push_str(&say!(language, "history-no-moves"));
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
                text.push_str(&say!(language, "history-cut"));
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
        // Once analysed, each move carries its evaluation as a comment.
        let notes: Vec<String> = self
            .stored_analysis(loaded.record.id)?
            .map(|analysis| {
                analysis
                    .moves
                    .iter()
                    .map(|m| {
                        say!(
                            language,
                            "analysis-record-comment",
                            colour = m.mover.clone(),
                            before = super::analysis::whole(m.before * 100.0),
                            after = super::analysis::whole(m.after * 100.0),
                            mark = m.mark.clone().unwrap_or_else(|| "none".to_string()),
                            best = m.best.clone().unwrap_or_default()
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let result = self.result_words(&loaded).say(language);
        let mut reply = Reply::text(say!(
            language,
            "export-record",
            game = loaded.record.id.to_string(),
            result = result.clone()
        ));
        reply.attachment = Some(Attachment {
            filename: format!("akron-{}.txt", loaded.record.id.0),
            content: record.write_annotated(&notes).into_bytes(),
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
        let (public, private) = (request.language.public, request.language.private);
        let labels = crate::catalogue::labels(public);
        let text = text.trim();
        if text.len() > MAX_SHOW_TEXT {
            return refuse(say!(
                private,
                "show-too-long",
                size = text.len().div_ceil(1024),
                max = MAX_SHOW_TEXT / 1024
            ));
        }
        let mut animated = None;
        let (position, note, chain) = if Record::looks_like_record(text) {
            let (game, caption) = match read_record(text) {
                Ok(read) => read,
                Err(why) => return refuse(say!(private, "record-unreadable", why = why)),
            };
            if !game.moves().is_empty() {
                let options = ReplayOptions {
                    caption: caption.clone(),
                    labels: labels.clone(),
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
            let note = say!(
                public,
                "show-after",
                count = game.moves().len(),
                result = outcome.map_or_else(
                    || say!(public, "show-to-move", colour = game.turn().name()),
                    |o| caption.result_text_in(o, labels)
                )
            );
            (game.position().clone(), note, chain)
        } else {
            let position = match Position::from_code(text) {
                Ok(p) => p,
                Err(e) => {
                    return refuse(say!(
                        private,
                        "show-unreadable",
                        why = super::notation_errors::code_error(&e)
                    ))
                }
            };
            let game = Game::from_position(position.clone(), WinRule::Delayed);
            let spans = position.spanner();
            let note = match spans {
                Some(c) => say!(
                    public,
                    "show-spans",
                    colour = c.name(),
                    turn = position.turn().name()
                ),
                None => say!(
                    public,
                    "show-legal-moves",
                    colour = position.turn().name(),
                    count = game.legal_moves().len()
                ),
            };
            let chain = spans.and_then(|_| position.analysis().winning_chain);
            (position, note, chain)
        };
        let piles = position.piles();
        let mut picture = Picture::new(&position);
        picture.labels = Some(labels);
        picture.chain = chain.as_deref();
        picture.view = match view {
            Some(view) => view,
            None => self.view_of(request)?,
        };
        let mut text = say!(
            public,
            "show-board",
            size = position.size(),
            black = piles.black,
            white = piles.white,
            note = note,
            code = position.code()
        );
        let animation = match animated {
            Some(Ok(gif)) => Some(gif),
            Some(Err(e)) => {
                text.push('\n');
                text.push_str(&say!(public, "show-no-animation", why = replay_error(&e)));
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
        let (public, private) = (request.language.public, request.language.private);
        let (game, caption, title) = match &replay.record {
            Some(text) => match read_record(text.trim()) {
                Ok((game, caption)) => (game, caption, Phrase::new("replay-title-record")),
                Err(why) => return refuse(say!(private, "record-unreadable", why = why)),
            },
            None => {
                let Some(row) = self.target_or_latest(request)? else {
                    return Err(no_game(request));
                };
                let loaded = self.load(row)?;
                let caption = Caption {
                    game: u64::try_from(loaded.record.id.0).ok(),
                    names: ByColor {
                        black: Some(loaded.player(Color::Black).name_in(public)),
                        white: Some(loaded.player(Color::White).name_in(public)),
                    },
                    ..Caption::default()
                };
                let title = phrase!("replay-title-game", game = loaded.record.id.to_string());
                (loaded.game.clone(), caption, title)
            }
        };
        let moves = game.moves().len();
        if moves == 0 {
            return refuse(say!(private, "replay-no-moves", title = title));
        }
        let labels = crate::catalogue::labels(public);
        let options = ReplayOptions {
            from: replay.from.unwrap_or(1),
            to: replay.to,
            speed: replay.speed.unwrap_or_default(),
            caption,
            labels: labels.clone(),
            ..ReplayOptions::default()
        };
        let first = options.from.max(1);
        let last = options.to.unwrap_or(moves);
        match self.images.gif(&game, &options) {
            Ok(gif) => {
                let text = match game.outcome() {
                    Some(o) => say!(
                        public,
                        "replay-shown-result",
                        title = title,
                        first = first,
                        last = last,
                        moves = moves,
                        result = options.caption.result_text_in(o, labels)
                    ),
                    None => say!(
                        public,
                        "replay-shown",
                        title = title,
                        first = first,
                        last = last,
                        moves = moves
                    ),
                };
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
                refuse(say!(
                    private,
                    "replay-too-large",
                    first = first,
                    last = last,
                    size = limit / (1024 * 1024),
                    half = half
                ))
            }
            Err(ReplayError::Range { .. }) => {
                refuse(say!(private, "replay-range", title = title, moves = moves))
            }
            Err(e) => {
                tracing::error!(%e, "a replay could not be drawn");
                refuse(say!(private, "replay-failed"))
            }
        }
    }

    /// The caller's open challenges and active games across channels, then their last
    /// finished games. A game that cannot be loaded is listed as damaged and never hides the
    /// others.
    pub(super) fn games(&self, request: &Request) -> Outcome {
        let me = &request.user.id;
        let now = self.clock.now();
        let language = request.language.public;
        let rows = self.db.read(|c| db::user_games(c, me))?;
        let mut lines = Vec::new();
        let mut reply = Reply::default();
        for row in rows {
            // Only read: a game whose time is up is listed as such until the tick ends it.
            let overdue = self.overdue(&row, now).ok().flatten().is_some();
            let channel = reply.name_channel(&row.channel);
            match self.load(row.clone()) {
                Ok(loaded) => {
                    let clock = if loaded.record.status() == crate::model::Status::Active {
                        self.clock_reading(&loaded, now)?
                    } else {
                        None
                    };
                    let urgency = clock
                        .filter(|clock| !clock.standing)
                        .map_or(i64::MAX, |clock| clock.out);
                    let (waiting, mut line) =
                        game_line(&loaded, clock, me, &channel, now, language);
                    if overdue {
                        line.push(' ');
                        line.push_str(&say!(language, "games-overdue"));
                    }
                    lines.push((waiting && !overdue, urgency, line));
                }
                Err(error) => {
                    tracing::error!(game = row.id.0, %error, "a damaged game in `games`");
                    lines.push((
                        false,
                        i64::MAX,
                        say!(
                            language,
                            "games-damaged",
                            game = row.id.to_string(),
                            channel = channel
                        ),
                    ));
                }
            }
        }
        let finished = self
            .db
            .read(|c| db::user_finished_games(c, me, FINISHED_SHOWN))?;
        if lines.is_empty() && finished.is_empty() {
            return refuse(say!(request.language.private, "games-none"));
        }
        // Games waiting for the caller first, the most urgent (least time left) first within
        // each part, then the oldest.
        lines.sort_by_key(|(waiting, urgency, _)| (!*waiting, *urgency));
        let waiting = lines.iter().filter(|(waiting, _, _)| *waiting).count();
        let mut text = if lines.is_empty() {
            say!(language, "games-none-in-progress")
        } else {
            format!(
                "{}\n{}",
                say!(language, "games-yours", waiting = waiting),
                lines
                    .iter()
                    .map(|(_, _, line)| line.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        };
        if !finished.is_empty() {
            text.push('\n');
            text.push_str(&say!(language, "games-finished", count = finished.len()));
            for row in finished {
                let channel = reply.name_channel(&row.channel);
                let line = match self.load(row.clone()) {
                    Ok(loaded) => {
                        let colour = loaded.colour_of(me).unwrap_or(Color::Black);
                        say!(
                            language,
                            "games-finished-line",
                            game = row.id.to_string(),
                            channel = channel,
                            opponent = loaded.player(colour.other()).shown(),
                            result = self.result_words(&loaded)
                        )
                    }
                    Err(_) => say!(
                        language,
                        "games-finished-damaged",
                        game = row.id.to_string(),
                        channel = channel
                    ),
                };
                text.push('\n');
                text.push_str(&line);
            }
        }
        reply.text = fit(text, &say!(language, "games-rest"), language);
        Ok(reply)
    }

    /// A short summary of the rules, with a link to the full guide only when one is
    /// configured (`AKRON_RULES_URL`); otherwise a picture of a step and its drops stands in,
    /// and the reply says where the guide is in the bot's source.
    pub(super) fn rules(&self, language: super::Language) -> Reply {
        let mut text = say!(language, "rules-summary");
        let mut reply = Reply::text(String::new());
        match &self.config.rules_url {
            Some(url) => {
                text.push('\n');
                text.push_str(&say!(language, "rules-link", url = url));
            }
            None => {
                reply.image = self.cascade_picture(language);
                if reply.image.is_some() {
                    let picture = say!(language, "rules-picture");
                    text.push('\n');
                    text.push_str(&picture);
                    reply.alt = Some(picture);
                }
                text.push('\n');
                text.push_str(&say!(language, "rules-guide"));
            }
        }
        reply.text = text;
        reply
    }

    /// The guide's cascade example (`docs/rules.md`, `cascade.png`): Black steps A1-D1 and
    /// two marbles drop.
    fn cascade_picture(&self, language: super::Language) -> Option<Vec<u8>> {
        let mut position = Position::from_code(CASCADE_EXAMPLE).ok()?;
        let step = akron_rules::Move::Step {
            from: akron_rules::Point::new(0, 0, 0),
            to: akron_rules::Point::new(3, 0, 0),
        };
        let effect = position.play(step).ok()?;
        let mut picture = Picture::new(&position);
        picture.last_move = Some(step);
        picture.drops = &effect.drops;
        picture.labels = Some(crate::catalogue::labels(language));
        self.images.png(&picture)
    }
}

/// The position of the guide's cascade example, before Black steps A1-D1 (the renderer's
/// `docs_images` test draws the same one into `docs/images/cascade.png`).
const CASCADE_EXAMPLE: &str = "5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2";

/// The command list, from the one table of commands, for the platform `platform` asks on.
pub(super) fn help(language: super::Language, platform: &str, topic: Option<&str>) -> Reply {
    Reply::text(
        topic
            .and_then(|name| super::text::help_page(language, platform, name))
            .unwrap_or_else(|| super::text::help_text_on(language, platform)),
    )
}

/// One game of `games`, and whether it waits for `me` (to move, or to answer a challenge);
/// `channel` is the token naming its channel, `now` the time in Unix seconds, `clock` how
/// its clocks stand then.
fn game_line(
    loaded: &Loaded,
    clock: Option<super::clocks::Reading>,
    me: &super::UserId,
    channel: &str,
    now: i64,
    language: super::Language,
) -> (bool, String) {
    let game = loaded.record.id.to_string();
    match loaded.record.status() {
        Status::Open => {
            let mine = loaded.record.challenger == *me;
            let line = if mine {
                say!(
                    language,
                    "games-challenge-sent",
                    game = game,
                    channel = channel,
                    opponent = loaded.challenged().shown()
                )
            } else {
                say!(
                    language,
                    "games-challenge-received",
                    game = game,
                    channel = channel,
                    opponent = loaded.challenger().shown()
                )
            };
            (!mine, line)
        }
        _ => {
            let colour = loaded.colour_of(me).unwrap_or(Color::Black);
            let opponent = loaded.player(colour.other());
            let my_turn = loaded.game.turn() == colour;
            let since = loaded
                .record
                .last_move_at()
                .or(loaded.record.started_at())
                // "bob to move (for 2 s)" says nothing worth reading: how long a player has
                // had the move is said from a minute on (issue 38, point 9).
                .filter(|then| now.saturating_sub(*then) >= 60)
                .map_or_else(String::new, |then| {
                    say!(
                        language,
                        "games-since",
                        time = elapsed(now.saturating_sub(then), language)
                    )
                });
            let clock = clock.map_or_else(String::new, |clock| {
                say!(
                    language,
                    if clock.standing {
                        "games-clock-standing"
                    } else {
                        "games-clock"
                    },
                    time = super::clocks::words_in(
                        clock.out - now,
                        loaded.record.time_control.is_live(),
                        language
                    )
                )
            });
            let turn = if my_turn {
                say!(language, "games-your-move", since = since, clock = clock)
            } else {
                say!(
                    language,
                    "games-their-move",
                    opponent = opponent.shown(),
                    since = since,
                    clock = clock
                )
            };
            (
                my_turn,
                say!(
                    language,
                    "games-playing",
                    game = game,
                    channel = channel,
                    colour = colour.name(),
                    opponent = opponent.shown(),
                    number = loaded.game.moves().len() + 1,
                    turn = turn
                ),
            )
        }
    }
}

/// A waiting time in words, to the largest whole unit: `40 s`, `5 min`, `3 h`, `2 days`.
fn elapsed(seconds: i64, language: super::Language) -> String {
    match seconds.max(0) {
        s if s < 60 => say!(language, "elapsed-seconds", count = s),
        s if s < 3600 => say!(language, "elapsed-minutes", count = s / 60),
        s if s < 86_400 => say!(language, "elapsed-hours", count = s / 3600),
        s => say!(language, "elapsed-days", count = s / 86_400),
    }
}

/// Why a replay could not be drawn, in words (a failure to draw is logged).
fn replay_error(error: &ReplayError) -> Phrase {
    match error {
        ReplayError::Range { from, to, moves } => {
            phrase!("replay-error-range", from = *from, to = *to, moves = *moves)
        }
        ReplayError::TooLarge { limit, moves } => phrase!(
            "replay-error-too-large",
            moves = *moves,
            size = limit / (1024 * 1024)
        ),
        error => {
            tracing::error!(%error, "a replay could not be drawn");
            Phrase::new("replay-error-failed")
        }
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
        use crate::catalogue::Language::{English, German, Spanish};
        assert_eq!(elapsed(-5, English), "0 s");
        assert_eq!(elapsed(59, English), "59 s");
        assert_eq!(elapsed(60, English), "1 min");
        assert_eq!(elapsed(3 * 3600 + 59, English), "3 h");
        assert_eq!(elapsed(86_400 + 5, English), "1 day");
        assert_eq!(elapsed(9 * 86_400, English), "9 days");
        assert_eq!(elapsed(86_400, German), "1 Tag");
        assert_eq!(elapsed(9 * 86_400, German), "9 Tagen");
        assert_eq!(elapsed(86_400, Spanish), "1 día");
        assert_eq!(elapsed(9 * 86_400, Spanish), "9 días");
    }
}
