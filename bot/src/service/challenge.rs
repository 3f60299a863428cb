//! `challenge`, `accept`, `decline` and `cancel`.

use super::types::{Button, ButtonStyle, Challenge, ColourChoice, Command, Reply, Request};
use super::{Outcome, Service};
use crate::db::{self, DbError, GameRow, Status};
use crate::service::GameId;
use akron_rules::{default_pile, Color, Position, MAX_PILE, MAX_SIZE, MIN_SIZE};
use std::sync::Arc;

impl Service {
    /// Proposes a game in the request's channel.
    pub(super) fn challenge(&self, request: &Request, challenge: &Challenge) -> Outcome {
        let me = &request.user;
        let them = &challenge.opponent;
        if them.id == me.id {
            return Ok(Reply::refusal(
                "You cannot challenge yourself. Name another player.",
            ));
        }
        let size = challenge.size.unwrap_or(akron_rules::DEFAULT_SIZE);
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Ok(Reply::refusal(format!(
                "Board size {size} is not possible: choose {MIN_SIZE} to {MAX_SIZE} (8 is the official size)."
            )));
        }
        let pile = challenge.pieces.unwrap_or_else(|| default_pile(size));
        if pile < u16::from(size) || pile > MAX_PILE {
            return Ok(Reply::refusal(format!(
                "{pile} pieces each is not possible on {size} × {size}: choose {size} to {MAX_PILE} (the default is {}).",
                default_pile(size)
            )));
        }
        let rule = challenge.rule.unwrap_or_default();
        if let Some(row) = self.target(&Request {
            game: None,
            ..request.clone()
        })? {
            return Ok(busy(&row));
        }
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
        let now = self.clock.now();
        let row = GameRow {
            id: GameId(0),
            channel: request.channel.clone(),
            status: Status::Open,
            challenger: me.id.clone(),
            black: (black.id.clone(), black.name.clone()),
            white: (white.id.clone(), white.name.clone()),
            size,
            pile,
            win_rule: rule,
            start_code: start.code(),
            winner: None,
            winner_id: None,
            reason: None,
            draw_offer_by: None,
            takeback_by: None,
            created_at: now,
            started_at: None,
            last_move_at: None,
            finished_at: None,
            version: 0,
        };
        let id = match self.db.write(|c| db::insert_game(c, &row)) {
            Ok(id) => id,
            Err(DbError::Sqlite(rusqlite::Error::SqliteFailure(e, _)))
                if e.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                // Another challenge landed in this channel at the same moment.
                return Ok(Reply::refusal(
                    "A game was just started in this channel. Play in a thread instead: \
                     make one and challenge there.",
                ));
            }
            Err(e) => return Err(e.into()),
        };
        let mut reply = Reply::default();
        let them_token = reply.mention_user(them);
        reply.text = format!(
            "**{}** challenges {them_token} to a game of Akron (game {id}): {}, {} pieces each, {} rule. \
             {} would play **Black** and move first, {} **White**. \
             {them_token}, accept or decline; the challenge expires in 24 hours.",
            me.name,
            board_name(size),
            pile,
            rule,
            black.name,
            white.name,
        );
        reply.buttons = [
            Button::new("Accept", ButtonStyle::Success, Command::Accept, id),
            Button::new("Decline", ButtonStyle::Danger, Command::Decline, id),
            Button::new("Cancel", ButtonStyle::Secondary, Command::Cancel, id),
        ]
        .into_iter()
        .flatten()
        .collect();
        Ok(reply)
    }

    /// The challenged player accepts: the game starts.
    pub(super) fn accept(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Ok(no_challenge(request));
        };
        let loaded = self.load(row)?;
        let challenged = loaded.challenged();
        if request.user.id != challenged.id {
            return Ok(Reply::refusal(
                if request.user.id == loaded.row.challenger {
                    format!(
                        "You made this challenge; only {} can accept it. You can cancel it.",
                        challenged.name
                    )
                } else {
                    format!("This challenge is for {}, not for you.", challenged.name)
                },
            ));
        }
        let mut row = loaded.row.clone();
        row.status = Status::Active;
        row.started_at = Some(self.clock.now());
        let version = self.db.write(|c| db::save_game(c, &row))?;
        row.version = version;
        let loaded = Arc::new(super::store::Loaded {
            row,
            game: loaded.game.clone(),
            times: Vec::new(),
        });
        self.remember(&loaded);
        let mut reply = self.board_reply(&loaded, None);
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
            challenged.name, loaded.row.id, black.name, white.name
        );
        Ok(reply)
    }

    /// The challenged player declines.
    pub(super) fn decline(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Ok(no_challenge(request));
        };
        let loaded = self.load(row)?;
        let challenged = loaded.challenged();
        if request.user.id != challenged.id {
            return Ok(Reply::refusal(
                if request.user.id == loaded.row.challenger {
                    "You made this challenge; to withdraw it, cancel it.".to_string()
                } else {
                    format!("This challenge is for {}, not for you.", challenged.name)
                },
            ));
        }
        self.close_challenge(&loaded.row, Status::Declined)?;
        let mut reply = Reply::default();
        let token = reply.mention_user(&loaded.challenger());
        reply.text = format!(
            "**{}** declined the challenge from {token} (game {}).",
            challenged.name, loaded.row.id
        );
        Ok(reply)
    }

    /// The challenger withdraws an open challenge.
    pub(super) fn cancel(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Ok(no_challenge(request));
        };
        if request.user.id != row.challenger {
            return Ok(Reply::refusal(
                "Only the player who made the challenge can cancel it; you can decline it.",
            ));
        }
        self.close_challenge(&row, Status::Cancelled)?;
        Ok(Reply::text(format!(
            "**{}** withdrew the challenge (game {}).",
            request.user.name, row.id
        )))
    }

    /// The open challenge a request is about, if any.
    fn open_challenge(&self, request: &Request) -> Result<Option<GameRow>, super::ServiceError> {
        Ok(self
            .target(request)?
            .filter(|row| row.status == Status::Open))
    }

    fn close_challenge(&self, row: &GameRow, status: Status) -> Result<(), super::ServiceError> {
        let mut row = row.clone();
        row.status = status;
        row.finished_at = Some(self.clock.now());
        self.db.write(|c| db::save_game(c, &row))?;
        self.cache_remove(row.id);
        Ok(())
    }
}

/// The refusal for a channel that already has a game.
fn busy(row: &GameRow) -> Reply {
    let what = if row.status == Status::Open {
        format!(
            "an open challenge ({} against {})",
            row.black.1, row.white.1
        )
    } else {
        format!(
            "a game in progress ({} against {})",
            row.black.1, row.white.1
        )
    };
    Reply::refusal(format!(
        "This channel already has {what}, game {}. One game per channel: start a thread \
         here (or use another channel) and challenge there.",
        row.id
    ))
}

fn no_challenge(request: &Request) -> Reply {
    Reply::refusal(if request.game.is_some() {
        "That challenge is no longer open: it was accepted, declined, cancelled or it expired."
    } else {
        "There is no open challenge in this channel. Make one with `challenge @player`."
    })
}

/// `8 × 8`.
fn board_name(size: u8) -> String {
    format!("{size} × {size}")
}
