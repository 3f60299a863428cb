//! Knockout tournaments (single elimination): the seeds at the start, each round's matches,
//! a match's games one after the other, and what a game's ending or a withdrawal does to its
//! match. What the bracket decides is the pure [`crate::tournament::knockout`]; this stores it.
//!
//! A match is one row of `tournament_pairings` (first the better seed, second the other or
//! none for a bye, game the game being played, result the match's: the better seed advanced
//! on `first` or `second-forfeit`, the other on `second` or `first-forfeit`, nobody on
//! `both-forfeit`) and its games are rows of `knockout_games`. Everything happens in the
//! transaction of the game's ending (or the start, or the withdrawal) that causes it.

use super::notices::tournament_draft;
use super::signup::seeding_rating;
use super::{current, entrant, escape};
use crate::db::{self, DbError, StoredMatchGame, StoredPairing, Tx};
use crate::model::{
    ChannelId, Destination, GameEnded, GameRecord, KnockoutSettings, Seeding, TournamentEntrant,
    TournamentRecord,
};
use crate::model::{TournamentFormat, TournamentId, TournamentStatus};
use crate::phrase;
use crate::say;
use crate::service::lifecycle::thread_name;
use crate::service::notices::{Draft, ThreadDraft, TournamentPart};
use crate::service::read_model::{double_results, double_shape, seed_list};
use crate::service::types::{GameId, Reply, Request, User};
use crate::service::{refuse, Failure, Outcome, Service};
use crate::tournament::double::{Double, Part};
use crate::tournament::knockout::{
    first_round, knockout_rounds, match_score, match_state, next_round, seed_at_random,
    seed_by_rating, with_fixed_seeds, MatchState, Pair, Seat,
};
use crate::tournament::{Entrant, GameResult};
use std::collections::HashSet;

impl Service {
    /// `tournament seed @player N` before a knockout starts (the organiser): the entrant
    /// takes seed N at the start (or the next free one below it), the others filling the
    /// places left by rating or by the draw; `off` takes it back.
    pub(super) fn seed_entrant(&self, request: &Request, who: &User, seed: Option<u32>) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let language = request.language.private;
        if !t.format.is_knockout() {
            return refuse(say!(language, "knockout-seed-not-knockout"));
        }
        let (t, count) = self.db.write(|c| {
            // Decided from what this transaction reads: a start landing at the same moment is
            // wholly before it (refused) or wholly after it (seeded with this).
            let t = current(c, t.id)?;
            if t.status != TournamentStatus::SignUp {
                return refuse(say!(language, "tournament-already-started"));
            }
            let entrants = db::entrants(c, t.id)?;
            let Some(entrant) = entrants.iter().find(|e| e.user.id == who.id) else {
                return refuse(say!(
                    language,
                    "tournament-player-not-in",
                    player = who.shown()
                ));
            };
            db::set_entrant_seed(c, t.id, entrant.player, seed)?;
            // A start from a reading before this change cannot commit.
            db::save_tournament(c, &t)?;
            Ok::<_, Failure>((t, entrants.len()))
        })?;
        Ok(Reply::text(say!(
            request.language.public,
            "knockout-seeded",
            player = who.shown(),
            tournament = escape(&t.name),
            seed = seed.unwrap_or(0),
            entrants = count
        )))
    }

    /// `tournament advance @player` (the organiser): decides the player's current match for
    /// them, as an adjudication: its running game ends (unrated) in their favour, the match
    /// is theirs, and the round moves on if it was the last. Nobody decides their own match.
    pub(super) fn advance_player(&self, request: &Request, who: &User) -> Outcome {
        let t = self.find_tournament(request)?;
        self.organiser_only(request, &t)?;
        let language = request.language.private;
        if t.knockout.is_none() {
            return refuse(say!(language, "knockout-seed-not-knockout"));
        }
        if !matches!(
            t.status,
            TournamentStatus::Running | TournamentStatus::Paused
        ) {
            return refuse(say!(language, "tournament-not-running"));
        }
        let entrants = self.db.read(|c| db::entrants(c, t.id))?;
        let Some(player) = entrants
            .iter()
            .find(|e| e.user.id == who.id)
            .map(|e| e.player)
        else {
            return refuse(say!(
                language,
                "tournament-player-not-in",
                player = who.shown()
            ));
        };
        let rows = self.db.read(|c| db::pairings(c, t.id))?;
        let Some(row) = rows.into_iter().find(|p| {
            p.round == t.current_round
                && p.result.is_none()
                && (p.first == player || p.second == Some(player))
        }) else {
            return refuse(say!(language, "knockout-no-match", player = who.shown()));
        };
        let players = [Some(row.first), row.second];
        if entrants
            .iter()
            .any(|e| e.user.id == request.user.id && players.contains(&Some(e.player)))
        {
            return refuse(say!(language, "knockout-advance-own"));
        }
        let loaded = match row.game {
            Some(game) => match self.db.read(|c| db::game(c, game))? {
                Some(record) if record.status() == crate::model::Status::Active => {
                    Some(self.load(record)?)
                }
                _ => None,
            },
            None => None,
        };
        let now = self.clock.now();
        let name = self.db.write(|c| {
            let mut t = current(c, t.id)?;
            let Some(k) = t.knockout else {
                return Err(DbError::Conflict.into());
            };
            let fresh = db::pairings(c, t.id)?
                .into_iter()
                .find(|p| p.round == row.round && p.board == row.board);
            if fresh != Some(row) || t.current_round != row.round {
                return Err(DbError::Conflict.into());
            }
            let mut row = row;
            row.result = Some(if row.first == player {
                GameResult::FirstWon
            } else {
                GameResult::SecondWon
            });
            // Set first, so that the game's ending below finds the match decided.
            db::update_pairing(c, t.id, &row)?;
            t.version = db::save_tournament(c, &t)?;
            if let Some(loaded) = &loaded {
                let colour = loaded.colour_of(&who.id);
                let mut record = loaded.record.clone();
                record.rated = false;
                let conclusion = crate::service::lifecycle::Conclusion {
                    ending: crate::model::Ending::Result(akron_rules::Outcome {
                        winner: colour,
                        reason: akron_rules::Reason::Adjudication,
                    }),
                    winner: Some(who.clone()),
                    plies: loaded.game.moves().len(),
                    announced: crate::service::lifecycle::Announced::No,
                };
                self.end_game(c, &mut record, conclusion, now)?;
            }
            let entrants = db::entrants(c, t.id)?;
            let played: Vec<_> = db::match_games(c, t.id)?
                .iter()
                .filter(|g| g.round == row.round && g.board == row.board)
                .filter_map(StoredMatchGame::played)
                .collect();
            self.announce_match(c, &t, k, &row, &entrants, &played, now)?;
            let complete = db::pairings(c, t.id)?
                .iter()
                .filter(|p| p.round == row.round)
                .all(|p| p.result.is_some());
            if complete {
                self.advance_or_pause(c, &mut t, now)?;
            }
            Ok::<_, Failure>(t.name)
        })?;
        if let Some(loaded) = &loaded {
            self.cache_remove(loaded.record.id);
        }
        self.wake();
        Ok(Reply::text(say!(
            request.language.public,
            "knockout-advanced",
            player = who.shown(),
            tournament = escape(&name)
        )))
    }

    /// At the start, inside its transaction: every entrant's seed is fixed and stored, round
    /// 1's matches (byes included) stored; returns the rounds the bracket takes.
    pub(super) fn seed_knockout(
        &self,
        conn: &Tx<'_>,
        t: &TournamentRecord,
        k: KnockoutSettings,
        entrants: &[TournamentEntrant],
    ) -> Result<u32, DbError> {
        let mut pure: Vec<Entrant> = Vec::with_capacity(entrants.len());
        for e in entrants {
            let rating = seeding_rating(conn, t, &e.user)?;
            db::set_entrant_rating(conn, t.id, e.player, rating)?;
            pure.push(Entrant::new(e.player, rating));
        }
        let drawn = match k.seeding {
            Seeding::Rating => seed_by_rating(&pure),
            Seeding::Random => seed_at_random(&pure, draw_seed(k)),
        };
        let fixed: Vec<(u32, u32)> = entrants
            .iter()
            .filter_map(|e| Some((e.player, e.seed?)))
            .collect();
        let seeds = with_fixed_seeds(&drawn, &fixed);
        for (index, &player) in seeds.iter().enumerate() {
            let seed = u32::try_from(index + 1).unwrap_or(u32::MAX);
            db::set_entrant_seed(conn, t.id, player, Some(seed))?;
        }
        for (index, pair) in first_round(&seeds).iter().enumerate() {
            insert_match(conn, t, 1, index + 1, *pair)?;
        }
        Ok(match t.format {
            TournamentFormat::DoubleElimination => Double::new(seeds.len(), k.reset).rounds(),
            _ => knockout_rounds(seeds.len()),
        })
    }

    /// Opens round `round` of a knockout inside `conn`'s transaction: after round 1 its matches
    /// are made from the winners of the last; a withdrawn player's match is a walkover; each
    /// match's first game is made with its clock running and announced, asking for the
    /// match's thread. If nothing is left to play in the round, the tournament moves on.
    pub(super) fn begin_knockout_round(
        &self,
        conn: &Tx<'_>,
        t: &mut TournamentRecord,
        k: KnockoutSettings,
        round: u32,
        now: i64,
    ) -> Result<(), DbError> {
        let entrants = db::entrants(conn, t.id)?;
        if let (true, Some(shape)) = (round > 1, double_shape(t, k, &entrants)) {
            // Double elimination: the pure bracket pairs the round from the seeds and results.
            let stored = db::pairings(conn, t.id)?;
            let out: HashSet<u32> = entrants
                .iter()
                .filter(|e| e.withdrawn)
                .map(|e| e.player)
                .collect();
            let pairs = shape.pairs(round, &seed_list(&entrants), &double_results(&stored), &out);
            for (board, pair) in pairs {
                insert_match(conn, t, round, board as usize, pair)?;
            }
        } else if round > 1 {
            let stored = db::pairings(conn, t.id)?;
            let last: Vec<&StoredPairing> =
                stored.iter().filter(|p| p.round == round - 1).collect();
            let places = last.iter().map(|p| p.board).max().unwrap_or(0);
            let winners: Vec<Option<u32>> = (1..=places)
                .map(|board| {
                    last.iter()
                        .find(|p| p.board == board)
                        .and_then(|p| winner_of(p))
                })
                .collect();
            let mut seeds: Vec<&TournamentEntrant> =
                entrants.iter().filter(|e| e.seed.is_some()).collect();
            seeds.sort_by_key(|e| e.seed);
            let seeds: Vec<u32> = seeds.iter().map(|e| e.player).collect();
            for (index, pair) in next_round(&winners, &seeds).iter().enumerate() {
                if let Some(pair) = pair {
                    insert_match(conn, t, round, index + 1, *pair)?;
                }
            }
        }
        t.current_round = round;
        t.version = db::save_tournament(conn, t)?;
        let withdrawn: HashSet<u32> = entrants
            .iter()
            .filter(|e| e.withdrawn)
            .map(|e| e.player)
            .collect();
        let rows: Vec<StoredPairing> = db::pairings(conn, t.id)?
            .into_iter()
            .filter(|p| p.round == round)
            .collect();
        let mut games = Vec::new();
        for mut row in rows {
            if row.result.is_some() {
                continue;
            }
            if let Some(result) = walkover(&row, &withdrawn) {
                row.result = Some(result);
                db::update_pairing(conn, t.id, &row)?;
                continue;
            }
            let game = self.next_match_game(conn, t, k, &mut row, &entrants, None, now)?;
            games.push(game);
        }
        // A round whose every match was decided without a game (walkovers) opens no thread
        // and starts no clock: the round's end (or the tournament's) tells its results.
        if !games.is_empty() {
            self.push_tournament_notice(conn, t, round, TournamentPart::Pairings, now)?;
        }
        for draft in games {
            self.push_notice(conn, &draft, now)?;
        }
        let complete = db::pairings(conn, t.id)?
            .iter()
            .filter(|p| p.round == round)
            .all(|p| p.result.is_some());
        if complete {
            self.advance(conn, t, now)?;
        }
        Ok(())
    }

    /// Makes the next game of a match (`row`, still undecided) with its clock running, stores
    /// it and sets it as the match's game; returns its announcement. The game opens in the
    /// match's thread when the last game's thread is open (`channel`), else it asks for one.
    #[allow(clippy::too_many_arguments)]
    fn next_match_game(
        &self,
        conn: &Tx<'_>,
        t: &TournamentRecord,
        k: KnockoutSettings,
        row: &mut StoredPairing,
        entrants: &[TournamentEntrant],
        channel: Option<ChannelId>,
        now: i64,
    ) -> Result<Draft, DbError> {
        let games: Vec<StoredMatchGame> = db::match_games(conn, t.id)?
            .into_iter()
            .filter(|g| g.round == row.round && g.board == row.board)
            .collect();
        let played: Vec<_> = games.iter().filter_map(StoredMatchGame::played).collect();
        let (high_first, extra) = match match_state(k.rules, &played, lot(k, row)) {
            MatchState::Play { high_first, extra } => (high_first, extra),
            MatchState::Over { .. } => {
                return Err(DbError::Corrupt(format!(
                    "tournament {} round {} match {} is over but asked for a game",
                    t.id, row.round, row.board
                )))
            }
        };
        let (Some(high), Some(low)) = (
            entrant(entrants, row.first),
            row.second.and_then(|s| entrant(entrants, s)),
        ) else {
            return Err(DbError::Corrupt(format!(
                "tournament {} pairs a player it does not have",
                t.id
            )));
        };
        let (first, second) = if high_first {
            (&high.user, &low.user)
        } else {
            (&low.user, &high.user)
        };
        let number = u32::try_from(games.len() + 1).unwrap_or(u32::MAX);
        let game =
            self.make_match_game(conn, t, row, number, first, second, channel.as_ref(), now)?;
        db::insert_match_game(
            conn,
            t.id,
            &StoredMatchGame {
                round: row.round,
                board: row.board,
                number,
                game,
                high_first,
                result: None,
            },
        )?;
        row.game = Some(game);
        db::update_pairing(conn, t.id, row)?;
        let (h, l) = match_score(k.rules, &played);
        let to = channel.clone().map_or_else(
            || Destination::Channel(t.channel.clone()),
            Destination::Channel,
        );
        let mut draft = Draft::to(to, game);
        draft.reply.tournament_of = Some(t.id);
        let a = draft.reply.mention_user(first);
        let b = draft.reply.mention_user(second);
        draft.words = vec![phrase!(
            "knockout-game-announced",
            tournament = escape(&t.name),
            round = row.round,
            board = row.board,
            number = number,
            best_of = k.rules.best_of,
            extra = if extra { "yes" } else { "no" },
            black = a.clone(),
            white = b.clone(),
            game = game.to_string(),
            high = h.to_string(),
            low = l.to_string(),
            control = crate::service::wording::time_control(t.time_control)
        )];
        draft.if_over = Some(phrase!(
            "tournament-game-ended-unannounced",
            tournament = escape(&t.name),
            round = row.round,
            board = row.board,
            unit = "match",
            black = a,
            white = b,
            game = game.to_string()
        ));
        if channel.is_none() {
            draft.thread = Some(ThreadDraft {
                name: thread_name(game, first, second),
                game,
            });
        } else {
            // In the match's thread: the new game's board, as a thread's first post shows it.
            draft.board = Some(0);
        }
        Ok(draft)
    }

    /// A match game: active at once with its clock running, in the match's thread if it has
    /// one, else in a placeholder channel until its thread opens.
    #[allow(clippy::too_many_arguments)]
    fn make_match_game(
        &self,
        conn: &Tx<'_>,
        t: &TournamentRecord,
        row: &StoredPairing,
        number: u32,
        first: &User,
        second: &User,
        channel: Option<&ChannelId>,
        now: i64,
    ) -> Result<GameId, DbError> {
        let placeholder = ChannelId(format!(
            "{}:pending-t{}-r{}-b{}-g{}",
            t.channel.platform(),
            t.id.0,
            row.round,
            row.board,
            number
        ));
        let start = akron_rules::Position::start(t.size, t.pile)
            .map_err(|e| DbError::Corrupt(format!("tournament {} start position: {e}", t.id)))?;
        let mut game = GameRecord::challenge(
            channel.cloned().unwrap_or(placeholder),
            t.organiser.id.clone(),
            crate::model::Players {
                black: first.clone(),
                white: second.clone(),
            },
            &start,
            t.win_rule,
            now,
        );
        game.time_control = t.time_control;
        game.server.clone_from(&t.server);
        game.rated = t.rated;
        game.wants_thread = channel.is_none();
        self.start_game(conn, &mut game, 0, now)
    }

    /// A knockout game ended (inside the transaction that ended it): its result is stored;
    /// the match goes on with its next game, or is decided (a withdrawn player's match is a
    /// walkover); the last match of a round moves the tournament on.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn record_knockout_result(
        &self,
        conn: &Tx<'_>,
        mut t: TournamentRecord,
        k: KnockoutSettings,
        record: &GameRecord,
        event: &GameEnded,
        result: GameResult,
        round: u32,
        board: u32,
    ) -> Result<(), DbError> {
        let rows = db::pairings(conn, t.id)?;
        let Some(mut row) = rows
            .into_iter()
            .find(|p| p.round == round && p.board == board)
        else {
            return Ok(());
        };
        // Only the match's game being played moves it; a decided match stays decided.
        if row.result.is_some() || row.game != Some(event.game) {
            return Ok(());
        }
        db::set_match_game_result(conn, t.id, event.game, result)?;
        let entrants = db::entrants(conn, t.id)?;
        let withdrawn: HashSet<u32> = entrants
            .iter()
            .filter(|e| e.withdrawn)
            .map(|e| e.player)
            .collect();
        let played: Vec<_> = db::match_games(conn, t.id)?
            .iter()
            .filter(|g| g.round == round && g.board == board)
            .filter_map(StoredMatchGame::played)
            .collect();
        let decided = match walkover(&row, &withdrawn) {
            Some(result) => Some(result),
            None => match match_state(k.rules, &played, lot(k, &row)) {
                MatchState::Over {
                    winner: Seat::High, ..
                } => Some(GameResult::FirstWon),
                MatchState::Over {
                    winner: Seat::Low, ..
                } => Some(GameResult::SecondWon),
                MatchState::Play { .. } => None,
            },
        };
        let Some(decided) = decided else {
            // The next game, in the thread of the one that ended once it has one.
            let channel = Some(record.channel.clone()).filter(|c| !c.0.contains(":pending-"));
            let draft =
                self.next_match_game(conn, &t, k, &mut row, &entrants, channel, event.at)?;
            t.version = db::save_tournament(conn, &t)?;
            return self.push_notice(conn, &draft, event.at).map(drop);
        };
        row.result = Some(decided);
        db::update_pairing(conn, t.id, &row)?;
        self.announce_match(conn, &t, k, &row, &entrants, &played, event.at)?;
        // Every result claims the tournament at the version read (see the Swiss's).
        t.version = db::save_tournament(conn, &t)?;
        let complete = db::pairings(conn, t.id)?
            .iter()
            .filter(|p| p.round == round)
            .all(|p| p.result.is_some());
        if round == t.current_round && complete {
            self.advance_or_pause(conn, &mut t, event.at)?;
        }
        Ok(())
    }

    /// Whether a double elimination is over before its last possible round: its grand final
    /// decided with no reset to play (always `false` for other formats).
    pub(super) fn double_over(&self, conn: &Tx<'_>, t: &TournamentRecord) -> Result<bool, DbError> {
        let Some(k) = t.knockout else {
            return Ok(false);
        };
        let entrants = db::entrants(conn, t.id)?;
        let Some(shape) = double_shape(t, k, &entrants) else {
            return Ok(false);
        };
        Ok(shape.is_over(&double_results(&db::pairings(conn, t.id)?)))
    }

    /// Says in the tournament's channel who won a match and by what.
    #[allow(clippy::too_many_arguments)]
    fn announce_match(
        &self,
        conn: &Tx<'_>,
        t: &TournamentRecord,
        k: KnockoutSettings,
        row: &StoredPairing,
        entrants: &[TournamentEntrant],
        played: &[crate::tournament::knockout::MatchGame],
        now: i64,
    ) -> Result<(), DbError> {
        let (Some(winner), Some(loser)) = (
            winner_of(row).and_then(|w| entrant(entrants, w)),
            loser_of(row).and_then(|l| entrant(entrants, l)),
        ) else {
            return Ok(());
        };
        let (h, l) = match_score(k.rules, played);
        let (won, lost) = if Some(winner.player) == Some(row.first) {
            (h, l)
        } else {
            (l, h)
        };
        let by = match (row.result, match_state(k.rules, played, lot(k, row))) {
            // A walkover says why: the loser withdrew or was disqualified.
            (Some(GameResult::FirstForfeited | GameResult::SecondForfeited), _)
                if loser.disqualified =>
            {
                "disqualified"
            }
            (Some(GameResult::FirstForfeited | GameResult::SecondForfeited), _)
                if loser.withdrawn =>
            {
                "withdrew"
            }
            (Some(GameResult::FirstForfeited | GameResult::SecondForfeited), _) => "walkover",
            (
                _,
                MatchState::Over {
                    by: crate::tournament::knockout::Decided::ExtraGame,
                    ..
                },
            ) => "extra-game",
            (
                _,
                MatchState::Over {
                    by: crate::tournament::knockout::Decided::HigherSeed,
                    ..
                },
            ) => "higher-seed",
            // Decided while its games had not decided it: the organiser's word.
            (_, MatchState::Play { .. }) => "adjudicated",
            _ => "games",
        };
        let mut draft = tournament_draft(t);
        let w = draft.reply.mention_user(&winner.user);
        let lo = draft.reply.mention_user(&loser.user);
        if let Some(shape) = double_shape(t, k, entrants) {
            let part = shape.place_of(row.round, row.board).map(|(p, _)| p);
            let fate = double_fate(conn, t.id, shape, row, loser.withdrawn)?;
            // A level grand final (or reset) goes to the winners' bracket's winner, who is
            // not always the better seed.
            let by = if by == "higher-seed" && is_final(part) {
                "winners-side"
            } else {
                by
            };
            draft.words = vec![phrase!(
                "double-match-won",
                tournament = escape(&t.name),
                round = row.round,
                board = row.board,
                part = part.map_or_else(
                    || phrase!("double-part", part = "grand-final"),
                    |p| super::bracket::part_phrase(p, shape)
                ),
                winner = w,
                loser = lo,
                won = won.to_string(),
                lost = lost.to_string(),
                by = by,
                fate = fate
            )];
            return self.push_notice(conn, &draft, now).map(drop);
        }
        let last = t.rounds.is_some_and(|r| row.round >= r);
        draft.words = vec![phrase!(
            "knockout-match-won",
            tournament = escape(&t.name),
            round = row.round,
            board = row.board,
            winner = w,
            loser = lo,
            won = won.to_string(),
            lost = lost.to_string(),
            by = by,
            last = if last { "yes" } else { "no" }
        )];
        self.push_notice(conn, &draft, now).map(drop)
    }
}

/// What a decided match of a double elimination means for its loser: `champion` (the
/// tournament is over), `reset` (the grand final won from the losers' side, the reset to
/// come), `drops` (to the losers' bracket) or `out`. The stored results are read only for a
/// grand final or a reset, the only matches that can end the tournament.
pub(super) fn double_fate(
    conn: &Tx<'_>,
    id: TournamentId,
    shape: Double,
    row: &StoredPairing,
    loser_withdrawn: bool,
) -> Result<&'static str, DbError> {
    let part = shape.place_of(row.round, row.board).map(|(p, _)| p);
    Ok(
        if row.round >= shape.grand_final()
            && shape.is_over(&double_results(&db::pairings(conn, id)?))
        {
            "champion"
        } else if part == Some(Part::GrandFinal) {
            "reset"
        } else if loser_withdrawn {
            "out"
        } else if matches!(part, Some(Part::Winners(_))) {
            "drops"
        } else {
            "out"
        },
    )
}

/// Whether a double elimination's match is its grand final or its reset, where the better
/// side ("high") is the winners' bracket's winner rather than the better seed.
pub(super) fn is_final(part: Option<Part>) -> bool {
    matches!(part, Some(Part::GrandFinal | Part::Reset))
}

/// Stores one match of a round; a bye is decided at once.
fn insert_match(
    conn: &Tx<'_>,
    t: &TournamentRecord,
    round: u32,
    board: usize,
    pair: Pair,
) -> Result<(), DbError> {
    db::insert_pairing(
        conn,
        t.id,
        &StoredPairing {
            round,
            board: u32::try_from(board).unwrap_or(u32::MAX),
            first: pair.high,
            second: pair.low,
            game: None,
            result: pair.low.is_none().then_some(GameResult::SecondForfeited),
        },
    )
}

/// A match's result when one or both of its players have withdrawn.
fn walkover(row: &StoredPairing, withdrawn: &HashSet<u32>) -> Option<GameResult> {
    let high_out = withdrawn.contains(&row.first);
    let low_out = row.second.is_none_or(|s| withdrawn.contains(&s));
    match (high_out, low_out) {
        (true, true) => Some(GameResult::BothForfeited),
        (true, false) => Some(GameResult::FirstForfeited),
        (false, true) => Some(GameResult::SecondForfeited),
        (false, false) => None,
    }
}

/// Who advanced from a decided match.
pub(super) fn winner_of(row: &StoredPairing) -> Option<u32> {
    match row.result? {
        GameResult::FirstWon | GameResult::SecondForfeited => Some(row.first),
        GameResult::SecondWon | GameResult::FirstForfeited => row.second,
        GameResult::Draw | GameResult::BothForfeited => None,
    }
}

/// Who was knocked out of a decided match (none for a bye).
pub(super) fn loser_of(row: &StoredPairing) -> Option<u32> {
    match row.result? {
        GameResult::FirstWon | GameResult::SecondForfeited => row.second,
        GameResult::SecondWon | GameResult::FirstForfeited => Some(row.first),
        GameResult::Draw | GameResult::BothForfeited => None,
    }
}

/// The stored seed as the draw reads it.
fn draw_seed(k: KnockoutSettings) -> u64 {
    u64::from_ne_bytes(k.draw_seed.to_ne_bytes())
}

/// The lot of a match's extra game: from the tournament's stored seed, the round and the
/// match, so it is the same however often it is read.
fn lot(k: KnockoutSettings, row: &StoredPairing) -> u64 {
    draw_seed(k) ^ (u64::from(row.round) << 32) ^ u64::from(row.board)
}
