//! `challenge`, `accept`, `decline` and `cancel`.

use super::casual::LiveRematch;
use super::lifecycle::{move_to_thread, Announced, Conclusion};
use super::types::{Button, Challenge, ColourChoice, Command, Reply, Request};
use super::{refuse, Failure, Outcome, Service, CHALLENGE_TTL};
use crate::catalogue::say;
use crate::db::{self, DbError};
use crate::model::{Ending, GameId, GameRecord, Players, Status};
use crate::say;
use akron_rules::{default_pile, Color, Position, MAX_PILE, MAX_SIZE, MIN_SIZE};
use std::sync::Arc;

impl Service {
    /// Proposes a game in the request's channel.
    pub(super) fn challenge(&self, request: &Request, challenge: &Challenge) -> Outcome {
        self.propose(request, challenge, None)
    }

    /// Proposes a game in the request's channel: to the challenge's opponent, or to anyone
    /// (an open challenge); the rematch of `rematch_of` when it is one.
    pub(super) fn propose(
        &self,
        request: &Request,
        challenge: &Challenge,
        rematch_of: Option<GameId>,
    ) -> Outcome {
        let me = &request.user;
        let them = &challenge.opponent;
        let language = request.language.private;
        if them.id == me.id {
            return refuse(say!(language, "challenge-yourself"));
        }
        let open = them.id.is_anyone();
        if !challenge.rating.is_any() {
            if !open {
                return refuse(say!(language, "open-challenge-range-named"));
            }
            if let (Some(min), Some(max)) = (challenge.rating.min, challenge.rating.max) {
                if min > max {
                    return refuse(say!(
                        language,
                        "open-challenge-range-backwards",
                        range = challenge.rating.written()
                    ));
                }
            }
        }
        let size = challenge.size.unwrap_or(akron_rules::DEFAULT_SIZE);
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return refuse(say!(
                language,
                "challenge-bad-size",
                size = size,
                min = MIN_SIZE,
                max = MAX_SIZE
            ));
        }
        let pile = challenge.pieces.unwrap_or_else(|| default_pile(size));
        if pile < u16::from(size) || pile > MAX_PILE {
            return refuse(say!(
                language,
                "challenge-bad-pile",
                pile = pile,
                size = size,
                max = MAX_PILE,
                default = default_pile(size)
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
                return refuse(crate::say!(
                    request.language.private,
                    "challenge-twice",
                    opponent = them.shown(),
                    game = same.id.to_string()
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
            return self.challenge_ai(
                request,
                challenge,
                players,
                &start,
                wants_thread,
                rematch_of,
            );
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
        row.rematch_of = rematch_of;
        row.open_to_anyone = open;
        row.rating_range = challenge.rating;
        let inserted = self.db.write(|c| {
            // One live rematch of a game at a time: looked for where it is made.
            if let Some(live) = Self::live_rematch(c, rematch_of)? {
                return Ok(LiveRematch::There(Box::new(live)));
            }
            match db::insert_game(c, &row) {
                // Two presses of Rematch at once on PostgreSQL: the channel's own unique
                // index may refuse the second before its serializable check does. Run it
                // again: it then finds the first one's rematch.
                Err(DbError::ChannelTaken) if rematch_of.is_some() => Err(DbError::Conflict),
                inserted => inserted.map(LiveRematch::None),
            }
        });
        let id = match inserted {
            Ok(LiveRematch::None(id)) => id,
            Ok(LiveRematch::There(live)) => {
                let old = rematch_of.unwrap_or(live.id);
                return self.answer_live_rematch(request, old, &live);
            }
            Err(DbError::ChannelTaken) => {
                // Another challenge landed in this channel at the same moment.
                return refuse(say!(language, "challenge-channel-taken"));
            }
            Err(e) => return Err(e.into()),
        };
        self.wake();
        let mut reply = Reply::default();
        let them_token = reply.mention_user(them);
        let public = request.language.public;
        let place = match &busy {
            Some(other) => format!(
                "\n{}",
                say!(
                    public,
                    "challenge-in-thread-busy",
                    other = other.id.to_string(),
                    black = other.players.black.shown(),
                    white = other.players.white.shown()
                )
            ),
            None if wants_thread => format!("\n{}", say!(public, "challenge-in-thread")),
            None => String::new(),
        };
        reply.text = if open {
            say!(
                public,
                "open-challenge-made",
                challenger = me.shown(),
                game = id.to_string(),
                size = size,
                pile = pile,
                rule = rule.name(),
                colour = if black.id == me.id { "black" } else { "white" },
                clock = super::wording::time_control(challenge.time.unwrap_or_default()),
                rated = if row.rated { "yes" } else { "no" },
                ranged = if challenge.rating.is_any() {
                    "no"
                } else {
                    "yes"
                },
                range = super::casual::range_words(challenge.rating),
                expires = format!("<t:{}:R>", self.clock.now() + CHALLENGE_TTL),
                platform = request.platform.id
            )
        } else {
            say!(
                public,
                "challenge-made",
                challenger = me.shown(),
                challenged = them_token,
                game = id.to_string(),
                size = size,
                pile = pile,
                rule = rule.name(),
                black = black.shown(),
                white = white.shown(),
                clock = super::wording::time_control(challenge.time.unwrap_or_default()),
                rated = if row.rated { "yes" } else { "no" },
                expires = format!("<t:{}:R>", self.clock.now() + CHALLENGE_TTL),
                // Matrix has reactions for buttons: the challenge says so there.
                platform = request.platform.id
            )
        };
        if let Some(old) = rematch_of {
            reply.text = format!(
                "{}\n{}",
                say!(public, "rematch-asked", game = old.to_string()),
                reply.text
            );
        }
        reply.text.push_str(&place);
        reply.buttons = [
            Button::of(Command::Accept, id),
            (!open).then(|| Button::of(Command::Decline, id)).flatten(),
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
            if let Some(taken) = self.taken_open_challenge(request)? {
                return refuse(say!(
                    request.language.private,
                    "open-challenge-taken",
                    game = taken.id.to_string(),
                    player = taken.challenged_user().shown()
                ));
            }
            return Err(no_challenge(request));
        };
        let loaded = self.load(row)?;
        let challenged = loaded.challenged();
        let private = request.language.private;
        let taking = loaded.record.open_to_anyone && challenged.id.is_anyone();
        if taking {
            if request.user.id == loaded.record.challenger {
                return refuse(say!(private, "open-challenge-yours"));
            }
            if let Some(why) = self.outside_range(&loaded.record, request)? {
                return refuse(why);
            }
        } else if request.user.id != challenged.id {
            return refuse(if request.user.id == loaded.record.challenger {
                say!(
                    private,
                    "challenge-yours-accept",
                    player = challenged.shown()
                )
            } else {
                say!(private, "challenge-not-yours", player = challenged.shown())
            });
        }
        let mut record = loaded.record.clone();
        let plies = loaded.game.moves().len();
        let now = self.clock.now();
        self.db.write(|c| {
            if taking {
                // The first to take it wins: a conditional UPDATE on the free seat at the
                // version read; anyone later gets a conflict, runs again, and is told.
                record.version = db::take_open_seat(c, record.id, record.version, &request.user)?;
                for seat in [&mut record.players.black, &mut record.players.white] {
                    if seat.id.is_anyone() {
                        seat.clone_from(&request.user);
                    }
                }
            }
            self.start_game(c, &mut record, plies, now)
        })?;
        self.wake();
        let challenged = if taking {
            request.user.clone()
        } else {
            challenged
        };
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
        let public = request.language.public;
        reply.text = say!(
            public,
            "challenge-accepted",
            player = challenged.shown(),
            game = loaded.record.id.to_string(),
            black = black.shown(),
            white = white.shown()
        );
        if loaded.game.start().height() == 0 {
            reply.text.push(' ');
            reply.text.push_str(&say!(public, "challenge-swap-note"));
        }
        reply.text.push('\n');
        reply.text.push_str(&say!(
            public,
            "challenge-first-to-move",
            player = black_token
        ));
        let clock = self.clock_reading(&loaded, self.clock.now())?;
        if let Some(clocks) = super::wording::clock_line(&loaded, clock, request.language.public) {
            reply.text.push('\n');
            reply.text.push_str(&clocks);
        }
        move_to_thread(&mut reply, &loaded, request.language.public);
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
            let private = request.language.private;
            return refuse(if request.user.id == loaded.record.challenger {
                say!(private, "challenge-yours-decline")
            } else if challenged.id.is_anyone() {
                say!(private, "open-challenge-no-decline")
            } else {
                say!(private, "challenge-not-yours", player = challenged.shown())
            });
        }
        self.close_challenge(&loaded.record, Ending::Declined)?;
        let mut reply = Reply::default();
        let token = reply.mention_user(&loaded.challenger());
        reply.text = say!(
            request.language.public,
            "challenge-declined-by",
            player = challenged.shown(),
            challenger = token,
            game = loaded.record.id.to_string()
        );
        Ok(reply)
    }

    /// The challenger withdraws an open challenge.
    pub(super) fn cancel(&self, request: &Request) -> Outcome {
        let Some(row) = self.open_challenge(request)? else {
            return Err(no_challenge(request));
        };
        if request.user.id != row.challenger {
            return refuse(say!(request.language.private, "challenge-only-challenger"));
        }
        self.close_challenge(&row, Ending::Cancelled)?;
        Ok(Reply::text(say!(
            request.language.public,
            "challenge-withdrawn",
            player = request.user.shown(),
            game = row.id.to_string()
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

    /// The open challenge a failed `accept` was about, when someone else took it: the one
    /// named, else the channel's latest game.
    fn taken_open_challenge(&self, request: &Request) -> Result<Option<GameRecord>, Failure> {
        let row = match request.game {
            Some(id) => self.db.read(|c| db::game(c, id))?,
            None => self
                .db
                .read(|c| db::latest_channel_game(c, &request.channel))?,
        };
        Ok(row.filter(|r| {
            r.open_to_anyone
                && !r.challenged_user().id.is_anyone()
                && matches!(r.status(), Status::Active | Status::Finished)
        }))
    }

    /// Why `request`'s caller may not take the open challenge `record` for their rating on
    /// its server (a player without a rating there counts at the initial rating).
    fn outside_range(
        &self,
        record: &GameRecord,
        request: &Request,
    ) -> Result<Option<String>, Failure> {
        let range = record.rating_range;
        if range.is_any() {
            return Ok(None);
        }
        let scope = record
            .server
            .as_ref()
            .map_or_else(|| db::GLOBAL_SCOPE.to_string(), |s| s.0.clone());
        let stored = self.db.read(|c| db::rating(c, &request.user.id, &scope))?;
        let rating = stored.map_or(crate::ratings::INITIAL_RATING, |r| r.rating.rating);
        // Ratings are shown rounded; the range is compared with what is shown.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let shown = rating.round().max(0.0) as u32;
        if range.contains(shown) {
            return Ok(None);
        }
        Ok(Some(say!(
            request.language.private,
            "open-challenge-outside-range",
            rating = shown.to_string(),
            range = super::casual::range_words(range)
        )))
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
    super::Refusal::new(say(
        request.language.private,
        if request.game.is_some() {
            "challenge-gone"
        } else {
            "challenge-none-here"
        },
        &[],
    ))
    .into()
}
