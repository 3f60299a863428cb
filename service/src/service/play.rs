//! `move`, `swap`, `board` and `moves`.

use super::lifecycle::apply_move;
use super::store::Loaded;
use super::types::{Button, Command, Language, Offer, Reply, Request};
use super::wording::{clock_line, fit, no_game, not_a_player, result_sentence, status_line};
use super::{refuse, Failure, Outcome, Service};
use crate::db::{self, DbError};
use crate::images::{Caption, Picture, View};
use crate::model::Status;
use crate::say;
use akron_rules::{notation, ByColor, Color, Move, MoveReport, Point, Reason};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

impl Service {
    /// Plays a move given in (lenient) notation, `swap` included.
    pub(super) fn play_text(&self, request: &Request, text: &str) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        let private = request.language.private;
        if loaded.game.turn() != colour {
            let waiting = loaded.to_move();
            return refuse(say!(
                private,
                "not-your-turn",
                player = waiting.shown(),
                colour = loaded.game.turn().name(),
                mine = colour.name()
            ));
        }
        let mv = match notation::read_move(text, loaded.game.position().size()) {
            Ok(mv) => mv,
            Err(e) => {
                return refuse(say!(
                    private,
                    "not-a-move",
                    text = excerpt(text.trim()),
                    why = super::notation_errors::notation_error(&e)
                ))
            }
        };
        let now = self.clock.now();
        let mut applied = match apply_move(&loaded, mv, now) {
            Ok(applied) => applied,
            Err(e) => {
                return refuse(say!(
                    private,
                    "move-not-legal",
                    move = mv.to_string(),
                    why = super::wording::illegal(&e)
                ))
            }
        };
        let answer = self.db.write(|c| self.store_move(c, &mut applied, now))?;
        let lapse_note = applied.lapse_note();
        let language = request.language.public;
        let report = applied.report;
        let pause = applied.pause;
        let next = self.moved(applied.next);
        let mut reply = self.move_reply(&next, &report, self.view_of(request)?, language, pause);
        if report.outcome.is_some() {
            if let Some(note) = self.rating_note_of(&next.record, next.game.moves().len())? {
                reply.text.push('\n');
                reply.text.push_str(&note.say(language));
            }
        }
        if let Some(note) = lapse_note {
            reply.text.push('\n');
            reply.text.push_str(&note.say(language));
        }
        if let Some((player, answer)) = answer {
            // The opponent's conditional answer, played at once in its own transaction.
            let mut premove = Request::new(
                player.clone(),
                next.record.channel.clone(),
                Command::Move(answer.clone()),
            );
            premove.game = Some(next.record.id);
            premove.server.clone_from(&request.server);
            // Its words join this reply, which the channel reads: in the channel's language.
            premove.language = super::types::Languages {
                public: language,
                private: language,
            };
            match self.play_text(&premove, &answer) {
                Ok(answered) => {
                    let mut text = reply.text;
                    text.push_str("\n\n");
                    text.push_str(&say!(
                        language,
                        "premove-played",
                        player = player.shown(),
                        reply = answered.text.as_str()
                    ));
                    for user in &answered.mentions {
                        if !reply.mentions.contains(user) {
                            reply.mentions.push(user.clone());
                        }
                    }
                    reply = Reply {
                        text,
                        mentions: reply.mentions,
                        ..answered
                    };
                }
                Err(error) => {
                    tracing::warn!(game = next.record.id.0, ?error, "a conditional move failed");
                }
            }
        }
        Ok(reply)
    }

    /// Shows the position again (of the channel's game, or its most recent one).
    /// `board view:text`: the game's status and the whole position in words, level by level,
    /// in the reader's language, for a screen reader; no picture.
    pub(super) fn board_text(&self, request: &Request) -> Outcome {
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
        for line in super::alt::levels(&loaded, language) {
            text.push('\n');
            text.push_str(&line);
        }
        let rest = crate::catalogue::say(language, "board-text-rest", &[]);
        Ok(Reply::text(fit(text, &rest, language)))
    }

    pub(super) fn board(&self, request: &Request, view: Option<View>) -> Outcome {
        let Some(row) = self.target_or_latest(request)? else {
            return Err(no_game(request));
        };
        let loaded = self.load(row)?;
        let last = loaded.last_report();
        let view = match view {
            Some(view) => view,
            None => self.view_of(request)?,
        };
        let mut reply = self.board_reply_as(&loaded, last.as_ref(), view, request.language.public);
        let clock = self.clock_reading(&loaded, self.clock.now())?;
        reply.text = status_line(
            &loaded,
            clock,
            self.lost_by_both(&loaded),
            request.language.public,
        );
        Ok(reply)
    }

    /// Lists the legal moves, or where one piece can go.
    pub(super) fn list_moves(&self, request: &Request, point: Option<&str>) -> Outcome {
        let loaded = self.active_game(request)?;
        let position = loaded.game.position();
        let turn = loaded.game.turn();
        let Some(text) = point else {
            let moves = loaded.game.legal_moves();
            let mut placements = Vec::new();
            let mut steps: BTreeMap<String, Vec<String>> = BTreeMap::new();
            let mut swap = false;
            for mv in &moves {
                match mv {
                    Move::Place(p) => placements.push(p.to_string()),
                    Move::Step { from, to } => {
                        steps
                            .entry(from.to_string())
                            .or_default()
                            .push(to.to_string());
                    }
                    Move::Swap => swap = true,
                }
            }
            let language = request.language.public;
            let mut out = say!(
                language,
                "moves-legal",
                count = moves.len(),
                colour = turn.name(),
                player = loaded.to_move().shown()
            );
            if !placements.is_empty() {
                out.push('\n');
                out.push_str(&say!(
                    language,
                    "moves-place-on",
                    points = placements.join(" ")
                ));
            }
            for (from, tos) in &steps {
                let _ = write!(out, "\n- {from} → {}", tos.join(" "));
            }
            if swap {
                out.push('\n');
                out.push_str(&say!(language, "moves-swap"));
            }
            return Ok(Reply::text(fit(
                out,
                &say!(language, "moves-rest"),
                language,
            )));
        };
        let private = request.language.private;
        let from = match notation::read_point(text, position.size()) {
            Ok(p) => p,
            Err(e) => {
                return refuse(say!(
                    private,
                    "point-not-read",
                    why = super::notation_errors::notation_error(&e)
                ))
            }
        };
        let destinations = match position.destinations(from) {
            Ok(d) => d,
            Err(e) => {
                return refuse(say!(
                    private,
                    "moves-cannot-move",
                    point = from.to_string(),
                    why = super::wording::illegal(&e)
                ))
            }
        };
        let names: Vec<String> = destinations.iter().map(Point::to_string).collect();
        let mut picture = Picture::new(position);
        picture.selected = Some((from, &destinations));
        picture.view = self.view_of(request)?;
        // What rests on the piece drops whatever the destination: say so once.
        let drops = destinations
            .first()
            .and_then(|&to| loaded.game.clone().play(Move::Step { from, to }).ok())
            .map(|report| report.effect.drops)
            .unwrap_or_default();
        let language = request.language.public;
        let mut reply = Reply::text(if names.is_empty() {
            say!(language, "moves-nowhere", point = from.to_string())
        } else {
            let mut text = say!(
                language,
                "moves-from",
                point = from.to_string(),
                count = names.len(),
                points = names.join(" ")
            );
            if !drops.is_empty() {
                let drops: Vec<String> = drops
                    .iter()
                    .map(|d| {
                        say!(
                            language,
                            "moves-drop",
                            colour = d.color.name(),
                            from = d.from.to_string(),
                            to = d.to.to_string()
                        )
                    })
                    .collect();
                text.push('\n');
                text.push_str(&say!(language, "moves-drops", drops = drops.join(", ")));
            }
            text
        });
        reply.image = self.images.png(&picture);
        reply.position = Some(position.code());
        Ok(reply)
    }

    /// The board view the caller of `request` chose in `settings` (perspective unless they
    /// chose plan): read with the languages ([`Request::own_view`]), else read now.
    pub(super) fn view_of(&self, request: &Request) -> Result<View, DbError> {
        match request.own_view {
            Some(view) => Ok(view),
            None => self
                .db
                .read(|c| db::view_setting(c, &request.user.id))
                .map(Option::unwrap_or_default),
        }
    }

    /// The channel's active game and the caller's colour in it, or the refusal that explains
    /// why the caller cannot act in it (no game, not started, over, not a player).
    pub(super) fn seated(&self, request: &Request) -> Result<(Arc<Loaded>, Color), Failure> {
        let loaded = self.active_game(request)?;
        match loaded.colour_of(&request.user.id) {
            Some(colour) => Ok((loaded, colour)),
            None => Err(not_a_player(&loaded, request.language.private)),
        }
    }

    /// The channel's active game, or the refusal that explains why there is none: no game
    /// here (or no such game), a challenge not yet accepted, or a game already over.
    pub(super) fn active_game(&self, request: &Request) -> Result<Arc<Loaded>, Failure> {
        let row = match self.target(request)? {
            Some(row) => row,
            None if request.game.is_none() => {
                // The channel's last game, when it just ended, explains better than "none".
                match self
                    .db
                    .read(|c| db::latest_channel_game(c, &request.channel))?
                {
                    Some(last) if last.status() == Status::Finished => last,
                    _ => return Err(no_game(request)),
                }
            }
            None => return Err(no_game(request)),
        };
        match row.status() {
            Status::Active => Ok(self.load(row)?),
            Status::Open => refuse(say!(
                request.language.private,
                "game-not-started",
                game = row.id.to_string()
            )),
            status => {
                let loaded = self.load(row)?;
                refuse(say!(
                    request.language.private,
                    if status == Status::Finished {
                        "game-is-over"
                    } else {
                        "game-never-started"
                    },
                    game = loaded.record.id.to_string(),
                    result = self.result_words(&loaded)
                ))
            }
        }
    }

    /// A reply carrying the board picture and code, marking `last` and a winning chain.
    pub(super) fn board_reply(
        &self,
        loaded: &Loaded,
        last: Option<&MoveReport>,
        language: Language,
    ) -> Reply {
        self.board_reply_as(loaded, last, View::default(), language)
    }

    /// [`Service::board_reply`] in a chosen view. The picture's caption carries the game's
    /// number, both players' names, the move number and last move, and the result.
    pub(super) fn board_reply_as(
        &self,
        loaded: &Loaded,
        last: Option<&MoveReport>,
        view: View,
        language: Language,
    ) -> Reply {
        let position = loaded.game.position();
        let outcome = loaded.stored_outcome().or(loaded.game.outcome());
        let chain = match outcome {
            Some(o) if o.reason == Reason::Connection => position.analysis().winning_chain,
            _ => None,
        };
        let pending = match (outcome, loaded.game.pending_connection()) {
            (None, Some(_)) => position.analysis().winning_chain,
            _ => None,
        };
        let mut picture = Picture::new(position);
        if let Some(report) = last {
            picture.last_move = Some(report.mv);
            picture.drops = &report.effect.drops;
        }
        picture.chain = chain.as_deref();
        picture.pending = pending.as_deref();
        picture.view = view;
        // The picture's words in the reader's language; the renderer stays language-free.
        let mut labels = crate::catalogue::labels(language);
        // A tournament game decided as lost by both is stored as aborted without a winner;
        // its picture says what it is.
        let forfeit;
        let lost_by_both = self.lost_by_both(loaded);
        if lost_by_both {
            forfeit = akron_renderer::Labels {
                aborted: crate::say!(language, "label-forfeited-by-both"),
                ..labels.clone()
            };
            labels = &forfeit;
        }
        picture.labels = Some(labels);
        picture.caption = Caption {
            game: u64::try_from(loaded.record.id.0).ok(),
            names: ByColor {
                black: Some(loaded.player(Color::Black).name_in(language)),
                white: Some(loaded.player(Color::White).name_in(language)),
            },
            moves_played: Some(loaded.game.moves().len()),
            outcome,
        };
        let shown_chain = chain.as_deref().or(pending.as_deref());
        let alt = super::alt::board_alt(loaded, last, shown_chain, lost_by_both, language);
        Reply {
            result: outcome.map(|o| picture.caption.result_text_in(o, labels)),
            image: self.images.png(&picture),
            alt: Some(alt),
            position: Some(position.code()),
            board_of: Some(loaded.record.id),
            buttons: board_buttons(loaded, || self.is_tournament_game(loaded.record.id)),
            ..Reply::default()
        }
    }

    /// What a move did, whose turn it is, pending connections and results. `pause` is what
    /// stops the clock of the player to move next when the move's save read it
    /// ([`super::lifecycle::Applied::pause`]); `None` reads it now.
    pub(super) fn move_reply(
        &self,
        loaded: &Loaded,
        report: &MoveReport,
        view: View,
        language: Language,
        pause: Option<Option<super::clocks::Pause>>,
    ) -> Reply {
        let mut reply = self.board_reply_as(loaded, Some(report), view, language);
        let mover = loaded.player(report.mover);
        let mut text = match report.mv {
            // The player who swapped now holds Black.
            Move::Swap => say!(
                language,
                "move-swapped",
                player = loaded.player(Color::Black).shown(),
                other = loaded.player(Color::White).shown()
            ),
            Move::Place(p) => say!(
                language,
                "move-placed",
                player = mover.shown(),
                colour = report.mover.name(),
                point = p.to_string()
            ),
            Move::Step { .. } => say!(
                language,
                "move-stepped",
                player = mover.shown(),
                colour = report.mover.name(),
                move = report.mv.to_string()
            ),
        };
        if !report.effect.drops.is_empty() {
            let drops: Vec<String> = report
                .effect
                .drops
                .iter()
                .map(|drop| {
                    say!(
                        language,
                        "move-drop",
                        colour = drop.color.name(),
                        from = drop.from.to_string(),
                        to = drop.to.to_string()
                    )
                })
                .collect();
            // The drops are a sentence of their own: "La piedra blanca de B2' cayó a B1."
            let drops = crate::catalogue::numbers::and_list(&drops, language);
            let mut letters = drops.chars();
            let first = letters.next().map(|c| c.to_uppercase().collect::<String>());
            let _ = write!(text, " {}{}.", first.unwrap_or_default(), letters.as_str());
        }
        if !report.effect.covered.is_empty() {
            let covered: Vec<String> = report
                .effect
                .covered
                .iter()
                .map(ToString::to_string)
                .collect();
            text.push(' ');
            text.push_str(&say!(language, "move-covered", points = covered.join(" ")));
        }
        let cuts = report.effect.severed.len();
        if cuts > 0 {
            text.push(' ');
            text.push_str(&say!(language, "move-cuts", count = cuts));
        }
        if report.outcome.is_some() {
            if let Some(result) = result_sentence(loaded, &mut reply) {
                let _ = write!(text, "\n{}", result.say(language));
            }
        } else {
            if let Some(connector) = report.pending {
                let cutter = loaded.player(connector.other());
                let token = reply.mention_user(&cutter);
                text.push('\n');
                text.push_str(&say!(
                    language,
                    "move-connects",
                    colour = connector.name(),
                    other = connector.other().name(),
                    mention = token
                ));
            }
            let next = loaded.to_move();
            let token = reply.mention_user(&next);
            text.push('\n');
            text.push_str(&say!(
                language,
                "move-to-move",
                player = token,
                colour = loaded.game.turn().name()
            ));
            // The vacation of the player to move, when the move's save read it.
            let shown = self.clock_shown_with(loaded, pause);
            if let Some(clocks) = clock_line(loaded, shown, language) {
                let _ = write!(text, "\n{clocks}");
            }
        }
        reply.text = text;
        reply
    }
}

/// The buttons under the board of an active game: Swap while it is legal, Offer draw (Accept
/// and Decline while an offer is open) and Resign, which asks for confirmation first. While
/// the AI is to move, only Resign. Regression (issue 39): Matrix offered 🔄 and 🤝 on boards
/// where the AI was to move, where neither was the human's to press.
///
/// A finished game's board carries Rematch (issue 43), for either player to press.
/// A tournament's game has none: the tournament pairs its players (`in_tournament` is asked
/// only for a finished game).
fn board_buttons(loaded: &Loaded, in_tournament: impl FnOnce() -> bool) -> Vec<Button> {
    if loaded.record.status() == Status::Finished {
        if in_tournament() {
            return Vec::new();
        }
        return Button::of(Command::Rematch, loaded.record.id)
            .into_iter()
            .collect();
    }
    if loaded.record.status() != Status::Active || loaded.game.is_over() {
        return Vec::new();
    }
    let id = loaded.record.id;
    let mut buttons = Vec::new();
    if !loaded.ai_to_move() {
        if loaded.game.can_swap() {
            buttons.push(Command::Swap);
        }
        if loaded.record.offers().draw.is_some() {
            buttons.push(Command::Draw(Offer::Accept));
            buttons.push(Command::Draw(Offer::Decline));
        } else {
            buttons.push(Command::Draw(Offer::Offer));
        }
    }
    buttons.push(Command::AskResign);
    buttons
        .into_iter()
        .filter_map(|command| Button::of(command, id))
        .collect()
}

/// What a user typed, cut to a length worth echoing back in a refusal.
fn excerpt(text: &str) -> String {
    const LONGEST: usize = 24;
    if text.chars().count() <= LONGEST {
        return text.to_string();
    }
    let head: String = text.chars().take(LONGEST).collect();
    format!("{head}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_when_echoed() {
        assert_eq!(excerpt("A2-D3'"), "A2-D3'");
        let long = "é".repeat(5000);
        assert_eq!(excerpt(&long).chars().count(), 25);
    }
}
