//! `challenge`, `accept`, `decline` and `cancel`.

use super::lifecycle::{move_to_thread, Announced, Conclusion};
use super::types::{Button, Challenge, ColourChoice, Command, Reply, Request};
use super::{refuse, Failure, Outcome, Service, CHALLENGE_TTL};
use crate::db::{self, DbError};
use crate::model::{Ending, GameId, GameRecord, Players, Status};
use akron_rules::{default_pile, Color, Position, MAX_PILE, MAX_SIZE, MIN_SIZE};
use std::sync::Arc;

impl Service {
    /// Proposes a game in the request's channel.
    pub(super) fn challenge(&self, request: &Request, challenge: &Challenge) -> Outcome {
        let me = &request.user;
        let them = &challenge.opponent;
        if them.id == me.id {
            return refuse("You cannot challenge yourself. Name another player.");
        }
        let size = challenge.size.unwrap_or(akron_rules::DEFAULT_SIZE);
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return refuse(format!(
                "Board size {size} is not possible: choose {MIN_SIZE} to {MAX_SIZE} (8 is the official size)."
            ));
        }
        let pile = challenge.pieces.unwrap_or_else(|| default_pile(size));
        if pile < u16::from(size) || pile > MAX_PILE {
            return refuse(format!(
                "{pile} pieces each is not possible on {size} × {size}: choose {size} to {MAX_PILE} (the default is {}).",
                default_pile(size)
            ));
        }
        let rule = challenge.rule.unwrap_or_default();
        let wants_thread = match (challenge.thread, &request.server) {
            (Some(asked), _) => asked,
            (None, Some(server)) => self.db.read(|c| db::thread_games(c, server))?,
            (None, None) => false,
        };
        // A channel with a game already: the challenge waits beside it and, once accepted,
        // is played in a thread of its own.
        let busy = self.target(&Request {
            game: None,
            ..request.clone()
        })?;
        if busy.is_some() {
            let mine = self
                .db
                .read(|c| db::open_challenges_of(c, &request.channel, &me.id))?;
            if let Some(same) = mine.iter().find(|r| {
                r.challenger == me.id
                    && (r.players.black.id == them.id || r.players.white.id == them.id)
            }) {
                return refuse(format!(
                    "You already challenged {} here (game {}). They can accept or decline it; \
                     you can cancel it.",
                    them.shown(),
                    same.id
                ));
            }
        }
        let wants_thread = wants_thread || busy.is_some();
        let colour = match challenge.colour.unwrap_or_default() {
            ColourChoice::Black => Color::Black,
            ColourChoice::White => Color::White,
            ColourChoice::Random => {
                if rand::random::<bool>() {
                    Color::Black
                } else {
                    Color::White
                }
            }
        };
        let (black, white) = match colour {
            Color::Black => (me, them),
            Color::White => (them, me),
        };
        let start = Position::start(size, pile).map_err(|e| super::ServiceError::Corrupt {
            game: GameId(0),
            detail: format!("the start position cannot be built: {e}"),
        })?;
        if them.id.is_ai() {
            let players = Players {
                black: black.clone(),
                white: white.clone(),
            };
            return self.challenge_ai(request, challenge, players, &start, wants_thread);
        }
        let now = self.clock.now();
        let mut row = GameRecord::challenge(
            request.channel.clone(),
            me.id.clone(),
            Players {
                black: black.clone(),
                white: white.clone(),
            },
            &start,
            rule,
            now,
        );
        row.deadline_at = Some(now + CHALLENGE_TTL);
        row.time_control = challenge.time.unwrap_or_default();
        row.wants_thread = wants_thread;
        row.server.clone_from(&request.server);
        row.rated = challenge.rated.unwrap_or(true);
        let id = match self.db.write(|c| db::insert_game(c, &row)) {
            Ok(id) => id,
            Err(DbError::ChannelTaken) => {
                // Another challenge landed in this channel at the same moment.
                return refuse(
                    "A game was just started in this channel. Play in a thread instead: \
                     make one and challenge there.",
                );
            }
            Err(e) => return Err(e.into()),
        };
        self.wake();
        let mut reply = Reply::default();
        let them_token = reply.mention_user(them);
        let place = match &busy {
            Some(other) => format!(
                "\nThis channel already has game {} ({} against {}), so this one will be played \
                 in a thread of its own once accepted.",
                other.id,
                other.players.black.shown(),
                other.players.white.shown()
            ),
            None if wants_thread => {
                "\nOnce accepted, the game moves to a thread of its own.".into()
            }
            None => String::new(),
        };
        reply.text = format!(
            "**{}** challenges {them_token} to a game of Akron (game {id}): {}, {} pieces each, {} rule. \
             {} would play **Black** and move first, {} **White**. \
             Clock: {}. {}. {them_token}, accept or decline; the challenge expires in 24 hours.{place}",
            me.shown(),
            board_name(size),
            pile,
            rule,
            black.shown(),
            white.shown(),
            challenge.time.unwrap_or_default(),
            if row.rated { "Rated" } else { "Casual (not rated)" },
        );
        reply.buttons = [
            Button::of(Command::Accept, id),
            Button::of(Command::Decline, id),
            Button::of(Command::Cancel, id),
        ]
        .into_iter()
        .flatten()
        .collect();
        Ok(reply)
    }

    /// The challenged player accepts: the game starts.
    pub(super) fn accept(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Err(no_challenge(request));
        };
        let loaded = self.load(row)?;
        let challenged = loaded.challenged();
        if request.user.id != challenged.id {
            return refuse(if request.user.id == loaded.record.challenger {
                format!(
                    "You made this challenge; only {} can accept it. You can cancel it.",
                    challenged.shown()
                )
            } else {
                format!("This challenge is for {}, not for you.", challenged.shown())
            });
        }
        let mut record = loaded.record.clone();
        let plies = loaded.game.moves().len();
        let now = self.clock.now();
        self.db
            .write(|c| self.start_game(c, &mut record, plies, now))?;
        self.wake();
        let loaded = Arc::new(super::store::Loaded {
            record,
            game: loaded.game.clone(),
            times: Vec::new(),
        });
        self.remember(&loaded);
        let mut reply = self.board_reply(&loaded, None, request.language.public);
        let black = loaded.player(Color::Black);
        let white = loaded.player(Color::White);
        // Only the player to move is notified.
        let black_token = reply.mention_user(&black);
        let swap_note = if loaded.game.start().height() == 0 {
            " After Black's first placement, White may answer `swap` to take it over and play Black."
        } else {
            ""
        };
        reply.text = format!(
            "**{}** accepted. Game {} begins: **{}** plays Black (top to bottom), **{}** plays White \
             (left to right).{swap_note}\n{black_token} to move (Black).",
            challenged.shown(),
            loaded.record.id,
            black.shown(),
            white.shown()
        );
        if let Some(clocks) =
            super::wording::clock_line(&loaded, self.clock.now(), request.language.public)
        {
            reply.text.push('\n');
            reply.text.push_str(&clocks);
        }
        move_to_thread(&mut reply, &loaded);
        Ok(reply)
    }

    /// The challenged player declines.
    pub(super) fn decline(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Err(no_challenge(request));
        };
        let loaded = self.load(row)?;
        let challenged = loaded.challenged();
        if request.user.id != challenged.id {
            return refuse(if request.user.id == loaded.record.challenger {
                "You made this challenge; to withdraw it, cancel it.".to_string()
            } else {
                format!("This challenge is for {}, not for you.", challenged.shown())
            });
        }
        self.close_challenge(&loaded.record, Ending::Declined)?;
        let mut reply = Reply::default();
        let token = reply.mention_user(&loaded.challenger());
        reply.text = format!(
            "**{}** declined the challenge from {token} (game {}).",
            challenged.shown(),
            loaded.record.id
        );
        Ok(reply)
    }

    /// The challenger withdraws an open challenge.
    pub(super) fn cancel(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Err(no_challenge(request));
        };
        if request.user.id != row.challenger {
            return refuse(
                "Only the player who made the challenge can cancel it; you can decline it.",
            );
        }
        self.close_challenge(&row, Ending::Cancelled)?;
        Ok(Reply::text(format!(
            "**{}** withdrew the challenge (game {}).",
            request.user.shown(),
            row.id
        )))
    }

    /// The open challenge a request is about, if any.
    /// The challenge a command is about: the one named; else, in this channel, the newest one
    /// the caller received, then the newest one they made (a channel can hold challenges
    /// waiting for threads of their own beside its game); else the channel's own.
    fn open_challenge(&self, request: &Request) -> Result<Option<GameRecord>, Failure> {
        if request.game.is_none() {
            let me = &request.user.id;
            let mine = self
                .db
                .read(|c| db::open_challenges_of(c, &request.channel, me))?;
            let received = mine.iter().find(|r| r.challenger != *me);
            if let Some(row) = received.or_else(|| mine.first()) {
                if self.overdue(row, self.clock.now())?.is_none() {
                    return Ok(Some(row.clone()));
                }
            }
        }
        Ok(self
            .target(request)?
            .filter(|row| row.status() == Status::Open))
    }

    fn close_challenge(&self, row: &GameRecord, ending: Ending) -> Result<(), super::ServiceError> {
        let mut record = row.clone();
        let now = self.clock.now();
        let conclusion = Conclusion {
            ending,
            winner: None,
            plies: 0,
            announced: Announced::ByReply,
        };
        self.db
            .write(|c| self.end_game(c, &mut record, conclusion.clone(), now))?;
        self.cache_remove(record.id);
        Ok(())
    }
}

fn no_challenge(request: &Request) -> Failure {
    super::Refusal::new(if request.game.is_some() {
        "That challenge is no longer open: it was accepted, declined, cancelled or it expired."
    } else {
        "There is no open challenge in this channel. Make one with `challenge @player`."
    })
    .into()
}

/// `8 × 8`.
fn board_name(size: u8) -> String {
    format!("{size} × {size}")
}
