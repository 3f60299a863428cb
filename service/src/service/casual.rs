//! Casual play (issue 43): `rematch`, and `follow` / `unfollow` with the direct messages a
//! follower receives. Open challenges (`challenge` with no opponent) are `challenge.rs`'s.
//!
//! # One rematch at a time
//!
//! A finished game has at most one live rematch (an open challenge, or a game being played).
//! `rematch` looks for it in the transaction that would make a new one (SQLite's single
//! writer; PostgreSQL's `SERIALIZABLE` writes, where two such transactions at once cannot
//! both commit and the loser runs again on fresh reads). When the opponent already asked,
//! pressing Rematch accepts their challenge: two players pressing at once get one game.
//!
//! # What a follower sees
//!
//! A follower is told what a spectator of the channel reads, and nothing more: each move once
//! it is played (never a queued conditional move, an open offer or an analysis of the running
//! game), the result, and the start of a followed player's new game. Following is only asked
//! from the server the game is in (a player: only that server's games are told), so a direct
//! message never carries a game to someone who could not have seen its channel's server.

use super::notices::Draft;
use super::store::Loaded;
use super::types::{Challenge, ColourChoice, Command, Reply, Request};
use super::wording::result_sentence_for;
use super::{refuse, Outcome, Service};
use crate::catalogue::Phrase;
use crate::db::{self, DbError, Follow, Followed, Tx};
use crate::model::{Destination, GameEnded, GameId, GameRecord, ServerId, Status, User, UserId};
use crate::{phrase, say};
use akron_rules::MoveReport;
use std::collections::BTreeSet;

/// The most games and players one person may follow at once.
pub const FOLLOW_CAP: usize = 20;

/// What a rematch found already there.
pub(super) enum LiveRematch {
    /// Nothing: the new challenge (or game) was made.
    None(GameId),
    /// A rematch of the same game is live already.
    There(Box<GameRecord>),
}

impl Service {
    /// `rematch [#N]`: a new challenge to the opponent of a finished game, colours swapped,
    /// the same options; the opponent's open rematch accepted instead when there is one.
    pub(super) fn rematch(&self, request: &Request) -> Outcome {
        let private = request.language.private;
        let named = match request.game {
            Some(id) => self.db.read(|c| db::game(c, id))?,
            None => self
                .db
                .read(|c| db::latest_channel_game(c, &request.channel))?,
        };
        // `rematch` typed beside the rematch already asked means the game it rematches.
        let old = match named {
            Some(row) if row.status().is_live() => match row.rematch_of {
                Some(of) => self.db.read(|c| db::game(c, of))?,
                None => {
                    return refuse(say!(
                        private,
                        "rematch-not-finished",
                        game = row.id.to_string()
                    ))
                }
            },
            other => other,
        };
        let Some(old) = old else {
            return refuse(say!(private, "rematch-no-game"));
        };
        if old.status() != Status::Finished {
            return refuse(say!(
                private,
                "rematch-not-finished",
                game = old.id.to_string()
            ));
        }
        if self.is_tournament_game(old.id) {
            return refuse(say!(
                private,
                "rematch-tournament",
                game = old.id.to_string()
            ));
        }
        let me = &request.user.id;
        if !old.players.includes(me) {
            return refuse(say!(
                private,
                "rematch-not-yours",
                game = old.id.to_string()
            ));
        }
        // Read first for the common case; the transaction that would make a new one looks
        // again (two presses at once).
        if let Some(live) = self.db.read(|c| db::live_rematch_of(c, old.id))? {
            return self.answer_live_rematch(request, old.id, &live);
        }
        // Colours swapped: the caller takes the seat the opponent started in.
        let (opponent, colour) = if old.players.black.id == *me {
            (old.players.white.clone(), ColourChoice::White)
        } else {
            (old.players.black.clone(), ColourChoice::Black)
        };
        let mut challenge = Challenge::new(opponent);
        challenge.size = Some(old.size);
        challenge.pieces = Some(old.pile);
        challenge.rule = Some(old.win_rule);
        challenge.colour = Some(colour);
        challenge.time = Some(old.time_control);
        challenge.rated = (!challenge.opponent.id.is_ai()).then_some(old.rated);
        challenge.thread = Some(old.wants_thread);
        self.propose(request, &challenge, Some(old.id))
    }

    /// A rematch of `old` found live when another was asked: the caller's own is refused as
    /// asked already, a game being played as running already, and the opponent's open
    /// challenge is accepted (the caller is told so above the game's start).
    pub(super) fn answer_live_rematch(
        &self,
        request: &Request,
        old: GameId,
        live: &GameRecord,
    ) -> Outcome {
        let private = request.language.private;
        let game = live.id.to_string();
        if live.status() != Status::Open {
            return refuse(say!(private, "rematch-playing", game = game));
        }
        if live.challenger == request.user.id {
            return refuse(say!(private, "rematch-asked-already", game = game));
        }
        let accepting = Request {
            game: Some(live.id),
            command: Command::Accept,
            ..request.clone()
        };
        let mut reply = self.accept(&accepting)?;
        let note = say!(
            request.language.public,
            "rematch-accepts-theirs",
            player = request.user.shown(),
            old = old.to_string(),
            game = game
        );
        reply.text = format!("{note}\n{}", reply.text);
        Ok(reply)
    }

    /// Whether `game` is a tournament's (no rematch: the tournament pairs its players). A
    /// failed read counts as one, so that nothing is offered that may be refused.
    pub(super) fn is_tournament_game(&self, game: GameId) -> bool {
        self.db
            .read(|c| db::game_tournament(c, game))
            .map_or(true, |found| found.is_some())
    }

    /// Whether the aborted game `game` was in fact decided by its tournament as lost by both
    /// (a tournament game aborted while its tournament was not cancelled).
    pub(super) fn forfeited_by_both(&self, game: GameId) -> bool {
        self.db
            .read(|c| db::game_tournament(c, game))
            .is_ok_and(|found| {
                found.is_some_and(|(t, _, _)| t.status != crate::model::TournamentStatus::Cancelled)
            })
    }

    /// Whether the game of `loaded` ended as lost by both: stored as aborted without a
    /// winner, by its tournament's decision ([`Service::forfeited_by_both`]); reads the
    /// database only for an aborted game.
    pub(super) fn lost_by_both(&self, loaded: &Loaded) -> bool {
        loaded
            .stored_outcome()
            .is_some_and(|o| o.reason == akron_rules::Reason::Abort && o.winner.is_none())
            && self.forfeited_by_both(loaded.record.id)
    }

    /// The result in a few words ([`result_phrase`](super::wording::result_phrase)), a
    /// tournament's forfeit by both said as such rather than as an abort.
    pub(super) fn result_words(&self, loaded: &Loaded) -> Phrase {
        super::wording::result_phrase(loaded, self.lost_by_both(loaded))
    }

    /// In the transaction that makes a rematch of `old`: the rematch already live, if any.
    pub(super) fn live_rematch(
        conn: &Tx<'_>,
        old: Option<GameId>,
    ) -> Result<Option<GameRecord>, DbError> {
        match old {
            Some(old) => db::live_rematch_of(conn, old),
            None => Ok(None),
        }
    }

    /// `follow` alone lists; `follow #N` follows a game, `follow @player` a player.
    pub(super) fn follow(&self, request: &Request, who: Option<&User>) -> Outcome {
        let private = request.language.private;
        let followed = match (who, request.game) {
            (Some(user), _) => {
                if user.id == request.user.id {
                    return refuse(say!(private, "follow-yourself"));
                }
                Followed::Player(user.clone())
            }
            (None, Some(game)) => {
                let Some(row) = self.db.read(|c| db::game(c, game))? else {
                    return refuse(say!(private, "follow-no-game", game = game.to_string()));
                };
                if !visible_from(&row, request) {
                    return refuse(say!(
                        private,
                        "follow-other-server",
                        game = game.to_string()
                    ));
                }
                if !row.status().is_live() {
                    return refuse(say!(private, "follow-game-over", game = game.to_string()));
                }
                if row.players.includes(&request.user.id) {
                    return refuse(say!(private, "follow-own-game", game = game.to_string()));
                }
                Followed::Game(game)
            }
            (None, None) => return self.follows_list(request),
        };
        let follow = Follow {
            follower: request.user.id.clone(),
            followed: followed.clone(),
            server: request.server.clone(),
        };
        let now = self.clock.now();
        let added = self.db.write(|c| {
            if db::follows_of(c, &follow.follower)?.len() >= FOLLOW_CAP {
                return Ok::<_, DbError>(None);
            }
            db::add_follow(c, &follow, now).map(Some)
        })?;
        let what = followed_words(&followed);
        match added {
            None => refuse(say!(private, "follow-cap", cap = FOLLOW_CAP)),
            Some(false) => refuse(say!(private, "follow-already", what = what)),
            Some(true) => Ok(Reply::private(say!(
                private,
                match followed {
                    Followed::Game(_) => "follow-game-done",
                    Followed::Player(_) => "follow-player-done",
                },
                what = what
            ))),
        }
    }

    /// `unfollow #N` or `unfollow @player`.
    pub(super) fn unfollow(&self, request: &Request, who: Option<&User>) -> Outcome {
        let private = request.language.private;
        let followed = match (who, request.game) {
            (Some(user), _) => Followed::Player(user.clone()),
            (None, Some(game)) => Followed::Game(game),
            (None, None) => return refuse(say!(private, "unfollow-which")),
        };
        let removed = self
            .db
            .write(|c| db::remove_follow(c, &request.user.id, &followed))?;
        let what = followed_words(&followed);
        if removed {
            Ok(Reply::private(say!(private, "unfollow-done", what = what)))
        } else {
            refuse(say!(private, "unfollow-not-following", what = what))
        }
    }

    fn follows_list(&self, request: &Request) -> Outcome {
        let private = request.language.private;
        let follows = self.db.read(|c| db::follows_of(c, &request.user.id))?;
        if follows.is_empty() {
            return Ok(Reply::private(say!(private, "follow-list-empty")));
        }
        let lines: Vec<String> = follows
            .iter()
            .map(|f| format!("- {}", listed_words(&f.followed).say(private)))
            .collect();
        Ok(Reply::private(format!(
            "{}\n{}",
            say!(
                private,
                "follow-list",
                count = follows.len(),
                cap = FOLLOW_CAP
            ),
            lines.join("\n")
        )))
    }

    /// Tells the game's `followers` of a move, inside the transaction that stores it: the
    /// move in words and the board after it, as the channel sees them.
    pub(super) fn tell_move_followers(
        &self,
        conn: &Tx<'_>,
        next: &Loaded,
        report: &MoveReport,
        followers: &[UserId],
        now: i64,
    ) -> Result<(), DbError> {
        let game = next.record.id;
        for follower in followers.iter().cloned() {
            let mut draft = Draft::to(Destination::User(follower), game);
            draft.board = Some(next.game.moves().len());
            draft.mark_last = true;
            draft.words = vec![phrase!(
                "follow-move-notice",
                game = game.to_string(),
                player = next.player(report.mover).shown(),
                move = report.mv.to_string()
            )];
            self.push_notice(conn, &draft, now)?;
        }
        Ok(())
    }

    /// Tells the game's followers that its last `count` moves were taken back, inside the
    /// transaction that takes them back, with the board as it is again after `keep` moves:
    /// the channel sees the takeback, so its followers do.
    pub(super) fn tell_takeback_followers(
        &self,
        conn: &Tx<'_>,
        game: GameId,
        count: usize,
        keep: usize,
        now: i64,
    ) -> Result<(), DbError> {
        for follower in db::game_followers(conn, game)? {
            let mut draft = Draft::to(Destination::User(follower), game);
            draft.board = Some(keep);
            draft.words = vec![phrase!(
                "follow-takeback-notice",
                game = game.to_string(),
                count = count
            )];
            self.push_notice(conn, &draft, now)?;
        }
        Ok(())
    }

    /// Tells the game's followers how it ended, inside the transaction that ended it, and
    /// forgets their follows of it.
    pub(super) fn tell_end_followers(
        &self,
        conn: &Tx<'_>,
        event: &GameEnded,
    ) -> Result<(), DbError> {
        if let crate::model::Ending::Result(outcome) = event.ending {
            for follower in db::game_followers(conn, event.game)? {
                let mut draft = Draft::to(Destination::User(follower), event.game);
                draft.board = Some(event.plies);
                let sentence = result_sentence_for(event, outcome, &mut draft.reply);
                draft.words = vec![
                    phrase!("follow-ended-notice", game = event.game.to_string()),
                    sentence,
                ];
                self.push_notice(conn, &draft, event.at)?;
            }
        }
        db::end_game_follows(conn, event.game)
    }

    /// Tells the followers of either player that a game of theirs started, inside the
    /// transaction that starts it: only those who follow them from the game's server.
    pub(super) fn tell_start_followers(
        &self,
        conn: &Tx<'_>,
        record: &GameRecord,
        now: i64,
    ) -> Result<(), DbError> {
        let players = [&record.players.black, &record.players.white];
        let mut told: BTreeSet<UserId> = BTreeSet::new();
        for player in players {
            if player.id.is_ai() {
                continue;
            }
            for (follower, server) in db::player_followers(conn, &player.id)? {
                if record.players.includes(&follower)
                    || server != record.server
                    || !told.insert(follower.clone())
                {
                    continue;
                }
                let mut draft = Draft::to(Destination::User(follower), record.id);
                draft.words = vec![phrase!(
                    "follow-started-notice",
                    player = player.shown(),
                    game = record.id.to_string(),
                    black = record.players.black.shown(),
                    white = record.players.white.shown(),
                    follow = format!("follow {}", record.id)
                )];
                self.push_notice(conn, &draft, now)?;
            }
        }
        Ok(())
    }
}

/// Whether a game may be followed from where `request` was made: a game of the same server
/// (Discord guild, Matrix homeserver, the console), or without servers the same channel.
fn visible_from(row: &GameRecord, request: &Request) -> bool {
    match (&row.server, &request.server) {
        (Some(game), Some(here)) => same_server(game, here),
        _ => row.channel == request.channel,
    }
}

fn same_server(a: &ServerId, b: &ServerId) -> bool {
    a == b
}

/// A followed game or player in words, as a sentence names it: `game #12`, `alice` (Spanish
/// `a alice`, German `der Partie #12`).
fn followed_words(followed: &Followed) -> Phrase {
    match followed {
        Followed::Game(game) => phrase!("follow-what-game", game = game.to_string()),
        Followed::Player(user) => phrase!("follow-what-player", player = user.shown()),
    }
}

/// What a follow is of, as a line of the list: `game #12`, `alice` (without the
/// preposition or case a sentence gives it: `a alice`, `der Partie #12`).
fn listed_words(followed: &Followed) -> Phrase {
    match followed {
        Followed::Game(game) => phrase!("follow-list-game", game = game.to_string()),
        Followed::Player(user) => phrase!("follow-list-player", player = user.shown()),
    }
}

/// An open challenge's rating range in words: `between 1400 and 1700`, `1400 or more`,
/// `1600 or less`.
pub(super) fn range_words(range: crate::model::RatingRange) -> Phrase {
    match (range.min, range.max) {
        (Some(min), Some(max)) => phrase!(
            "rating-range-between",
            min = min.to_string(),
            max = max.to_string()
        ),
        (Some(min), None) => phrase!("rating-range-at-least", min = min.to_string()),
        (None, Some(max)) => phrase!("rating-range-at-most", max = max.to_string()),
        (None, None) => phrase!("rating-range-any"),
    }
}
