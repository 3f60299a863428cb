//! `resign`, `draw`, `abort` and `takeback`: results and changes the players agree on.

use super::lifecycle::{Announced, Conclusion};
use super::store::Loaded;
use super::types::{Button, Command, Languages, Offer, Reply, Request, UserId};
use super::wording::{not_a_player, result_sentence};
use super::{refuse, Outcome, Service, ServiceError};
use crate::db;
use crate::model::{Ending, Offers};
use crate::{phrase, say};
use akron_rules::{Color, Reason};
use std::sync::Arc;

impl Service {
    /// The caller resigns: the opponent wins.
    pub(super) fn resign(&self, request: &Request) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        self.decide(
            &loaded,
            Some(colour.other()),
            Reason::Resignation,
            request.language,
        )
    }

    /// The board's Resign button: a player of the active game is asked to confirm, privately;
    /// anyone else is refused. Nothing changes.
    pub(super) fn ask_resign(&self, request: &Request) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        let mut reply = Reply::refusal(say!(
            request.language.private,
            "resign-confirm",
            game = loaded.record.id.to_string(),
            opponent = loaded.player(colour.other()).shown(),
            colour = colour.other().name()
        ));
        reply.buttons = Button::of(Command::Resign, loaded.record.id)
            .into_iter()
            .collect();
        Ok(reply)
    }

    /// Offers, accepts or declines a draw.
    pub(super) fn draw(&self, request: &Request, offer: Offer) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        let me = &request.user.id;
        let opponent = loaded.player(colour.other());
        let pending = loaded.record.offers().draw.clone();
        let Languages { public, private } = request.language;
        if opponent.id.is_ai() {
            // The AI never offers: there is nothing to accept or decline, only to offer.
            return match offer {
                Offer::Offer => self.draw_offered_to_ai(request, &loaded, colour),
                Offer::Accept | Offer::Decline => refuse(say!(private, "draw-none")),
            };
        }
        match (offer, pending) {
            (Offer::Offer, Some(by)) if by == *me => refuse(say!(
                private,
                "draw-already-offered",
                opponent = opponent.shown()
            )),
            (Offer::Accept, Some(by)) if by == *me => {
                refuse(say!(private, "draw-yours", opponent = opponent.shown()))
            }
            (Offer::Offer | Offer::Accept, Some(_)) => {
                self.decide(&loaded, None, Reason::Agreement, request.language)
            }
            (Offer::Offer, None) => {
                let plies = loaded.game.moves().len();
                if let Some((_, at)) = loaded
                    .record
                    .last_draw_offers
                    .iter()
                    .find(|(by, _)| by == me)
                {
                    // The opponent moves at the plies of the other parity than the caller's.
                    let mine = if loaded.game.turn() == colour {
                        plies % 2
                    } else {
                        (plies + 1) % 2
                    };
                    let replies = (*at..plies).filter(|q| q % 2 != mine).count();
                    if replies < 2 {
                        return refuse(say!(
                            private,
                            "draw-too-soon",
                            when = if replies == 0 { "already" } else { "recently" },
                            opponent = opponent.shown()
                        ));
                    }
                }
                self.set_offers(
                    &loaded,
                    Some(me.clone()),
                    loaded.record.offers().takeback.clone(),
                )?;
                let mut reply = Reply::default();
                let token = reply.mention_user(&opponent);
                reply.text = say!(
                    public,
                    "draw-offered",
                    player = request.user.shown(),
                    opponent = token
                );
                reply.buttons = offer_buttons(loaded.record.id, Command::Draw);
                Ok(reply)
            }
            (Offer::Accept | Offer::Decline, None) => refuse(say!(private, "draw-none")),
            (Offer::Decline, Some(by)) => {
                self.set_offers(&loaded, None, loaded.record.offers().takeback.clone())?;
                Ok(Reply::text(if by == *me {
                    say!(public, "draw-withdrawn", player = request.user.shown())
                } else {
                    say!(public, "draw-declined", player = request.user.shown())
                }))
            }
        }
    }

    /// Calls the game off: allowed before each side has moved, or for a moderator.
    pub(super) fn abort(&self, request: &Request) -> Outcome {
        let loaded = self.active_game(request)?;
        let player = loaded.colour_of(&request.user.id).is_some();
        if !player && !request.is_moderator {
            return Err(not_a_player(&loaded, request.language.private));
        }
        if !request.is_moderator
            && self
                .db
                .read(|c| db::game_tournament(c, loaded.record.id))?
                .is_some()
        {
            return refuse(
                "Tournament games cannot be aborted: play, offer a draw or resign. The organiser \
                 can adjudicate the game.",
            );
        }
        if !request.is_moderator && loaded.game.moves().len() >= 2 {
            return refuse(
                "Both sides have moved, so the game can no longer be aborted. You can offer a draw \
                 or resign; a moderator can still abort it.",
            );
        }
        let mut reply = self.decide(&loaded, None, Reason::Abort, request.language)?;
        let why = phrase!(
            if player {
                "abort-by-player"
            } else {
                "abort-by-moderator"
            },
            player = request.user.shown()
        );
        reply.text = super::wording::aborted_sentence(
            loaded.record.id,
            Some(why),
            &loaded.player(Color::Black),
            &loaded.player(Color::White),
            &mut reply,
        )
        .say(request.language.public);
        Ok(reply)
    }

    /// Requests, accepts or declines taking back the requester's last move (and the reply
    /// to it, if there is one).
    pub(super) fn takeback(&self, request: &Request, offer: Offer) -> Outcome {
        let (loaded, colour) = self.seated(request)?;
        let me = &request.user.id;
        let opponent = loaded.player(colour.other());
        let Languages { public, private } = request.language;
        match (offer, loaded.record.offers().takeback.clone()) {
            (Offer::Offer, Some(by)) if by == *me => refuse(say!(
                private,
                "takeback-already-asked",
                opponent = opponent.shown()
            )),
            (Offer::Offer, Some(_)) => refuse(say!(
                private,
                "takeback-answer-first",
                opponent = opponent.shown()
            )),
            (Offer::Offer, None) => {
                let Some(keep) = last_move_of(&loaded, me) else {
                    return refuse(say!(private, "takeback-nothing"));
                };
                if opponent.id.is_ai() {
                    // The AI always agrees.
                    return self.take_back(request, &loaded, me);
                }
                self.set_offers(
                    &loaded,
                    loaded.record.offers().draw.clone(),
                    Some(me.clone()),
                )?;
                let plies = loaded.game.moves().len() - keep;
                let mut reply = Reply::default();
                let token = reply.mention_user(&opponent);
                reply.text = say!(
                    public,
                    "takeback-asked",
                    player = request.user.shown(),
                    opponent = token,
                    reply = if plies == 2 { "yes" } else { "no" }
                );
                reply.buttons = offer_buttons(loaded.record.id, Command::Takeback);
                Ok(reply)
            }
            (Offer::Accept | Offer::Decline, None) => refuse(say!(private, "takeback-none")),
            (Offer::Accept, Some(by)) if by == *me => {
                refuse(say!(private, "takeback-yours", opponent = opponent.shown()))
            }
            (Offer::Accept, Some(by)) => self.take_back(request, &loaded, &by),
            (Offer::Decline, Some(by)) => {
                self.set_offers(&loaded, loaded.record.offers().draw.clone(), None)?;
                Ok(Reply::text(if by == *me {
                    say!(public, "takeback-withdrawn", player = request.user.shown())
                } else {
                    say!(public, "takeback-declined", player = request.user.shown())
                }))
            }
        }
    }

    /// Ends the game with a result decided outside the rules.
    pub(super) fn decide(
        &self,
        loaded: &Loaded,
        winner: Option<Color>,
        reason: Reason,
        language: Languages,
    ) -> Outcome {
        let mut game = loaded.game.clone();
        let outcome = akron_rules::Outcome { winner, reason };
        if game.decide(outcome).is_err() {
            return refuse(say!(language.private, "game-already-over"));
        }
        let now = self.clock.now();
        let mut record = loaded.record.clone();
        let winner = winner.map(|c| loaded.player(c));
        let plies = game.moves().len();
        let conclusion = Conclusion {
            ending: Ending::Result(outcome),
            winner,
            plies,
            announced: Announced::ByReply,
        };
        self.db
            .write(|c| self.end_game(c, &mut record, conclusion.clone(), now))?;
        let next = Arc::new(Loaded {
            record,
            game,
            times: loaded.times.clone(),
        });
        self.remember(&next);
        let mut reply = self.board_reply(&next, None, language.public);
        reply.text = result_sentence(&next, &mut reply)
            .map(|p| p.say(language.public))
            .unwrap_or_default();
        if let Some(note) = self.rating_note_of(&next.record, next.game.moves().len())? {
            reply.text.push('\n');
            reply.text.push_str(&note.say(language.public));
        }
        Ok(reply)
    }

    /// Stores the open offers, changing nothing else.
    fn set_offers(
        &self,
        loaded: &Loaded,
        draw: Option<UserId>,
        takeback: Option<UserId>,
    ) -> Result<(), ServiceError> {
        let mut record = loaded.record.clone();
        if let Some(by) = draw
            .as_ref()
            .filter(|by| record.offers().draw.as_ref() != Some(*by))
        {
            record.last_draw_offers.retain(|(who, _)| who != by);
            record
                .last_draw_offers
                .push((by.clone(), loaded.game.moves().len()));
        }
        if let Some(offers) = record.offers_mut() {
            *offers = Offers { draw, takeback };
        }
        record.version = self.db.write(|c| db::save_game(c, &record))?;
        self.remember(&Arc::new(Loaded {
            record,
            game: loaded.game.clone(),
            times: loaded.times.clone(),
        }));
        Ok(())
    }

    /// Takes back `requester`'s last move and everything after it.
    fn take_back(&self, request: &Request, loaded: &Loaded, requester: &UserId) -> Outcome {
        let Some(keep) = last_move_of(loaded, requester) else {
            return refuse(say!(request.language.private, "takeback-no-move"));
        };
        let plies = loaded.game.moves().len() - keep;
        let game = loaded.game.taken_back(plies);
        let mut record = loaded.record.clone();
        if let Some(offers) = record.offers_mut() {
            *offers = Offers::default();
        }
        let times: Vec<i64> = loaded
            .times
            .get(..keep)
            .map(<[i64]>::to_vec)
            .unwrap_or_default();
        // The clock of the player to move starts again now; reminders start over.
        let now = self.clock.now();
        if let Some(play) = record.play_mut() {
            play.last_move_at = Some(now);
            play.reminders_sent = 0;
        }
        record.deadline_at = super::clocks::next_due(&record, keep);
        let id = record.id;
        // In a game against the AI: whether it is to move after the takeback.
        let ai_turn = record.players.ai().map(|_| {
            Loaded {
                record: record.clone(),
                game: game.clone(),
                times: Vec::new(),
            }
            .ai_to_move()
        });
        record.version = self.db.write(|c| {
            if let Some(turn) = ai_turn {
                db::set_ai_waiting(c, id, turn.then_some(now))?;
            }
            db::delete_moves_from(c, id, keep)?;
            db::clear_premoves(c, id, None)?;
            let version = db::save_game(c, &record)?;
            self.tell_takeback_followers(c, id, plies, keep, now)?;
            Ok::<_, db::DbError>(version)
        })?;
        let next = Arc::new(Loaded {
            record,
            game,
            times,
        });
        if ai_turn.is_some() {
            self.wake();
        }
        self.remember(&next);
        let mut reply = self.board_reply(&next, None, request.language.public);
        let who = next.to_move();
        let token = reply.mention_user(&who);
        reply.text = say!(
            request.language.public,
            "takeback-done",
            count = plies,
            player = token,
            colour = next.game.turn().name()
        );
        Ok(reply)
    }
}

/// The ply of `user`'s last move, if they have moved. Players alternate plies (a swap is a
/// ply too), starting with the player of the starting position's colour to move.
fn last_move_of(loaded: &Loaded, user: &UserId) -> Option<usize> {
    let first = loaded.game.start().turn();
    let players = &loaded.record.players;
    let (first_id, second_id) = match first {
        Color::Black => (&players.black.id, &players.white.id),
        Color::White => (&players.white.id, &players.black.id),
    };
    (0..loaded.game.moves().len()).rev().find(|&ply| {
        let mover = if ply % 2 == 0 { first_id } else { second_id };
        mover == user
    })
}

fn offer_buttons(game: super::GameId, command: fn(Offer) -> Command) -> Vec<Button> {
    [
        Button::of(command(Offer::Accept), game),
        Button::of(command(Offer::Decline), game),
    ]
    .into_iter()
    .flatten()
    .collect()
}
