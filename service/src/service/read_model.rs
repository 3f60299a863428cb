//! The read model: a game, a tournament, a player, a leaderboard and a puzzle as plain
//! structs with public fields.
//!
//! The web companion and the chat replies both read through it: a web page renders
//! a [`GameDetail`] with a template, and `history`, `stats`, `leaderboard` and a
//! tournament's `standings` and `pairings` put the same structs into words. Nothing here
//! holds Markdown, a mention token or a platform type, and a reader never writes: each one
//! reads storage through a read transaction, and a game whose time is up is shown as it
//! stands until the scheduler's [`Service::tick`] ends it. A process that only reads opens
//! the database with [`Service::open_read_only`].

use super::rated::current;
use super::store::Loaded;
use super::{clocks, Service, ServiceError, LEADERBOARD_SIZE};
use crate::db::{self, DbError, RatedGame, RatingChange, StoredPairing, Tx, GLOBAL_SCOPE};
use crate::model::{
    ChannelId, GameId, PuzzleId, ServerId, Status, TimeControl, TournamentEntrant,
    TournamentFormat, TournamentId, TournamentRecord, TournamentStatus, User, UserId,
};
use crate::ratings::Rating;
use crate::tournament::{
    standings, Entrant, GameResult, Pairing, PairingError, Round, Standing, Tiebreak,
};
use akron_rules::{ByColor, Color, Move, Outcome, WinRule};

/// A game with its moves, clocks and players.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDetail {
    /// The game's number.
    pub id: GameId,
    /// Where it is played.
    pub channel: ChannelId,
    /// The server it belongs to, if known.
    pub server: Option<ServerId>,
    /// Open challenge, active, finished...
    pub status: Status,
    /// The players by their colour now (after any swap).
    pub players: ByColor<User>,
    /// Who made the challenge.
    pub challenger: UserId,
    /// The board's size.
    pub size: u8,
    /// Marbles each player starts with.
    pub pile: u16,
    /// When a connection wins.
    pub rule: WinRule,
    /// The clock.
    pub time_control: TimeControl,
    /// Whether the result moves ratings.
    pub rated: bool,
    /// The position it started from.
    pub start_code: String,
    /// Every move played, numbered by ply from 1.
    pub moves: Vec<PlayedMove>,
    /// The colour to move, while the game is being played.
    pub to_move: Option<Color>,
    /// When the player to move runs out of time, Unix seconds, if the game has a clock.
    pub deadline: Option<i64>,
    /// While the clock of the player to move stands still (they are on vacation): the
    /// seconds it stands at; [`GameDetail::deadline`] is then when it would run out were it
    /// started again at the moment read.
    pub standing: Option<i64>,
    /// Live (Fischer) clocks: seconds left for each colour's player as of the last move (or
    /// the start); the one to move runs down from then until [`GameDetail::deadline`].
    /// `None` for other time controls.
    pub clocks: Option<ByColor<i64>>,
    /// When the challenge was made, Unix seconds.
    pub created_at: i64,
    /// When the game started, Unix seconds.
    pub started_at: Option<i64>,
    /// The result, once it is over.
    pub result: Option<Outcome>,
    /// The code of the current position.
    pub code: String,
}

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Its number, from 1; every move (a swap too) counts one, as the pictures number them.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// When it was played, Unix seconds.
    pub at: i64,
}

/// A tournament with its entrants, rounds, pairings and standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentDetail {
    /// Its number.
    pub id: TournamentId,
    /// Its name, as the organiser wrote it.
    pub name: String,
    /// Swiss or round robin.
    pub format: TournamentFormat,
    /// Whether a round robin is played twice.
    pub double: bool,
    /// Signing up, running, paused, finished, cancelled.
    pub status: TournamentStatus,
    /// Who runs it.
    pub organiser: User,
    /// Where it was made.
    pub channel: ChannelId,
    /// The server it belongs to, if known.
    pub server: Option<ServerId>,
    /// The rounds planned, once known.
    pub planned_rounds: Option<u32>,
    /// The round being played (0 before the start).
    pub current_round: u32,
    /// The clock of its games.
    pub time_control: TimeControl,
    /// The board's size.
    pub size: u8,
    /// The win rule of its games.
    pub rule: WinRule,
    /// Whether its games are rated.
    pub rated: bool,
    /// Everyone who signed up, by their number.
    pub entrants: Vec<TournamentEntrant>,
    /// Every round paired so far (a round robin pairs them all at the start), first first.
    pub rounds: Vec<RoundDetail>,
    /// The tiebreak after points: Buchholz for a Swiss, Sonneborn-Berger for a round robin.
    pub tiebreak: Tiebreak,
    /// The standings over the rounds played or being played, best first.
    pub standings: Vec<Standing>,
    /// A knockout's bracket (its standings are its places); `None` for other formats.
    pub bracket: Option<BracketDetail>,
}

impl TournamentDetail {
    /// The entrant with this number.
    #[must_use]
    pub fn entrant(&self, player: u32) -> Option<&TournamentEntrant> {
        self.entrants.iter().find(|e| e.player == player)
    }

    /// The round with this number, if it has been paired.
    #[must_use]
    pub fn round(&self, number: u32) -> Option<&RoundDetail> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// How many of the rounds up to the current one have every result in.
    #[must_use]
    pub fn rounds_complete(&self) -> usize {
        self.rounds
            .iter()
            .filter(|r| r.number <= self.current_round && r.is_complete())
            .count()
    }
}

/// One round of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundDetail {
    /// Its number, from 1.
    pub number: u32,
    /// Its games, by board.
    pub pairings: Vec<PairingDetail>,
    /// The entrant sitting out (scoring a win), by number.
    pub bye: Option<u32>,
    /// When its first game started, Unix seconds; `None` before any has (a round robin's
    /// later rounds are paired at the start but begin in turn).
    pub started_at: Option<i64>,
    /// While games of the round are being played and have clocks: when the last of their
    /// current moves is due, Unix seconds. If nobody moves any more, every game of the round
    /// is decided by then (by timeout), so the round ends by this time at the latest. `None`
    /// while a player to move is on vacation (their clock stands still, so the round has no
    /// latest end).
    pub deadline: Option<i64>,
}

impl RoundDetail {
    /// Whether every game of the round has a result.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.pairings.iter().all(|p| p.result.is_some())
    }
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingDetail {
    /// The board, from 1.
    pub board: u32,
    /// The entrant playing Black (moving first), by number.
    pub black: u32,
    /// The entrant playing White, by number.
    pub white: u32,
    /// The game, once made (a round robin's later rounds have none yet).
    pub game: Option<GameId>,
    /// Where the game is played, once its thread is open.
    pub channel: Option<ChannelId>,
    /// The result, once in.
    pub result: Option<GameResult>,
    /// Whether the result was decided by adjudication, not played out.
    pub adjudicated: bool,
}

/// A player's ratings and rated results.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerDetail {
    /// The player.
    pub user: UserId,
    /// Their rating on the server asked about, else their global one; `None` before their
    /// first rated game there.
    pub here: Option<RatingDetail>,
    /// Their global rating; `None` before their first rated game.
    pub global: Option<RatingDetail>,
}

/// A rating in one scope (a server, or every server), with how it came to be.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingDetail {
    /// The server, or `None` for the global rating.
    pub server: Option<ServerId>,
    /// The name at the player's last rated game.
    pub name: String,
    /// The rating now: its deviation grown for the time since the last rated game.
    pub rating: Rating,
    /// Rated games played in this scope.
    pub games: u32,
    /// What each rated game did to the rating, oldest first.
    pub history: Vec<RatingChange>,
    /// Each rated game's result from the player's side, oldest first.
    pub results: Vec<RatedGame>,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// The place, from 1.
    pub rank: usize,
    /// The player.
    pub user: UserId,
    /// The name at their last rated game.
    pub name: String,
    /// The rating now.
    pub rating: Rating,
    /// Rated games played here.
    pub games: u32,
}

/// A puzzle and who solved it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleDetail {
    /// Its number.
    pub id: PuzzleId,
    /// The server it belongs to: the one it was posted on, or for a puzzle posted before
    /// that was recorded, the server of the games played in its channel.
    pub server: Option<ServerId>,
    /// Where it was posted.
    pub channel: ChannelId,
    /// Who posted it; `None` for a daily puzzle from the bank.
    pub poster: Option<User>,
    /// A title, possibly empty.
    pub title: String,
    /// The position code.
    pub code: String,
    /// The win rule.
    pub rule: WinRule,
    /// Own moves the win takes.
    pub moves: u32,
    /// Whether only one first move wins.
    pub unique: bool,
    /// One winning line. A page shows it only from [`PuzzleDetail::reveal_at`] on.
    pub solution: Vec<String>,
    /// Every first move that wins.
    pub first_moves: Vec<String>,
    /// When it was posted, Unix seconds.
    pub created_at: i64,
    /// From when anyone may see the answer, Unix seconds.
    pub reveal_at: i64,
    /// Who solved it, first first.
    pub solvers: Vec<User>,
}

impl Service {
    /// A game with its moves, clocks and players; `None` when there is no such game.
    ///
    /// # Errors
    ///
    /// Storage failures and damaged stored games.
    pub fn game_detail(&self, id: GameId) -> Result<Option<GameDetail>, ServiceError> {
        let Some(row) = self.db.read(|c| db::game(c, id))? else {
            return Ok(None);
        };
        let loaded = self.load(row)?;
        let clock = if loaded.record.status() == Status::Active {
            self.clock_reading(&loaded, self.clock.now())?
        } else {
            None
        };
        Ok(Some(game_detail(&loaded, clock)))
    }

    /// The tournament game `id` is played in: the tournament, its name and the game's round;
    /// `None` for a game outside tournaments.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn game_tournament(
        &self,
        id: GameId,
    ) -> Result<Option<(TournamentId, String, u32)>, ServiceError> {
        Ok(self
            .db
            .read(|c| db::game_tournament(c, id))?
            .map(|(tournament, round, _)| (tournament.id, tournament.name, round)))
    }

    /// A tournament with its entrants, rounds, pairings and standings; `None` when there is
    /// no such tournament.
    ///
    /// # Errors
    ///
    /// Storage failures, and stored rounds the pairing module refuses (damaged data).
    pub fn tournament_detail(
        &self,
        id: TournamentId,
    ) -> Result<Option<TournamentDetail>, ServiceError> {
        let now = self.clock.now();
        Ok(self.db.read(|c| {
            db::tournament(c, id)?
                .map(|t| tournament_detail(c, t, now))
                .transpose()
        })?)
    }

    /// A player's rating on `server` (else globally) and globally, each with its history
    /// and results.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn player_detail(
        &self,
        user: &UserId,
        server: Option<&ServerId>,
    ) -> Result<PlayerDetail, ServiceError> {
        let now = self.clock.now();
        let (here, global) = self.db.read(|c| {
            let global = rating_detail(c, user, None, now)?;
            let here = match server {
                Some(server) => rating_detail(c, user, Some(server), now)?,
                None => global.clone(),
            };
            Ok::<_, DbError>((here, global))
        })?;
        Ok(PlayerDetail {
            user: user.clone(),
            here,
            global,
        })
    }

    /// A player's rating now on `server` (else globally), without its history; `None`
    /// before their first rated game there. What a game page shows beside each name.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn rating_now(
        &self,
        user: &UserId,
        server: Option<&ServerId>,
    ) -> Result<Option<Rating>, ServiceError> {
        let now = self.clock.now();
        let stored = self.db.read(|c| db::rating(c, user, scope(server)))?;
        Ok(stored.map(|s| current(&s, now)))
    }

    /// The top [`LEADERBOARD_SIZE`] players on `server` (else globally): established
    /// ratings first, by rating, then provisional ones.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn leaderboard(
        &self,
        server: Option<&ServerId>,
    ) -> Result<Vec<LeaderboardRow>, ServiceError> {
        let now = self.clock.now();
        let scope = scope(server);
        let mut all: Vec<(db::StoredRating, Rating)> = self
            .db
            .read(|c| db::scope_ratings(c, scope, 10_000))?
            .into_iter()
            .map(|s| {
                let rating = current(&s, now);
                (s, rating)
            })
            .collect();
        all.sort_by(|(_, a), (_, b)| {
            a.is_provisional()
                .cmp(&b.is_provisional())
                .then(b.rating.total_cmp(&a.rating))
        });
        Ok(all
            .into_iter()
            .take(LEADERBOARD_SIZE)
            .enumerate()
            .map(|(index, (stored, rating))| LeaderboardRow {
                rank: index + 1,
                user: stored.user,
                name: stored.name,
                rating,
                games: stored.games,
            })
            .collect())
    }

    /// A puzzle and who solved it; `None` when there is no such puzzle.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn puzzle_detail(&self, id: PuzzleId) -> Result<Option<PuzzleDetail>, ServiceError> {
        Ok(self.db.read(|c| {
            let Some(puzzle) = db::puzzle(c, id)? else {
                return Ok(None);
            };
            let solvers = db::solvers(c, id)?;
            // Recorded when posted; a puzzle from before that (migration 0016) belongs to
            // the server of the games played in its channel.
            let server = match puzzle.server {
                Some(server) => Some(server),
                None => db::channel_server(c, &puzzle.channel)?,
            };
            Ok::<_, DbError>(Some(PuzzleDetail {
                id: puzzle.id,
                server,
                channel: puzzle.channel,
                poster: puzzle.poster,
                title: puzzle.title,
                code: puzzle.code,
                rule: puzzle.win_rule,
                moves: puzzle.moves,
                unique: puzzle.unique,
                solution: puzzle.solution,
                first_moves: puzzle.first_moves,
                created_at: puzzle.created_at,
                reveal_at: puzzle.reveal_at,
                solvers,
            }))
        })?)
    }
}

/// A loaded game as its detail, its clocks as `clock` reads them
/// ([`Service::clock_reading`]).
pub(super) fn game_detail(loaded: &Loaded, clock: Option<clocks::Reading>) -> GameDetail {
    let record = &loaded.record;
    let plies = loaded.game.moves().len();
    let status = record.status();
    GameDetail {
        id: record.id,
        channel: record.channel.clone(),
        server: record.server.clone(),
        status,
        players: ByColor {
            black: loaded.player(Color::Black),
            white: loaded.player(Color::White),
        },
        challenger: record.challenger.clone(),
        size: record.size,
        pile: record.pile,
        rule: record.win_rule,
        time_control: record.time_control,
        rated: record.rated,
        start_code: record.start_code.clone(),
        moves: loaded
            .game
            .moves()
            .iter()
            .zip(&loaded.times)
            .enumerate()
            .map(|(index, (&mv, &at))| PlayedMove {
                ply: index + 1,
                mv,
                at,
            })
            .collect(),
        to_move: (status == Status::Active).then(|| loaded.game.turn()),
        deadline: clock
            .filter(|_| status == Status::Active)
            .map(|clock| clock.out),
        standing: clock
            .filter(|clock| status == Status::Active && clock.standing)
            .map(|clock| clock.left[clocks::seat_to_move(plies)]),
        clocks: match record.time_control {
            TimeControl::Fischer { base, .. } => {
                // The clock of the player to move is the seat of this ply's parity.
                let turn = loaded.game.turn();
                let mover = clocks::seat_to_move(plies);
                let mut left = ByColor {
                    black: base,
                    white: base,
                };
                *left.get_mut(turn) = record.clocks[mover].unwrap_or(base);
                *left.get_mut(turn.other()) = record.clocks[1 - mover].unwrap_or(base);
                Some(left)
            }
            TimeControl::None | TimeControl::PerMove(_) => None,
        },
        created_at: record.created_at,
        started_at: record.started_at(),
        result: loaded.stored_outcome().or(loaded.game.outcome()),
        code: loaded.game.position().code(),
    }
}

/// A stored tournament as its detail at `now`, read inside `conn`.
pub(super) fn tournament_detail(
    conn: &Tx<'_>,
    t: TournamentRecord,
    now: i64,
) -> Result<TournamentDetail, DbError> {
    let entrants = db::entrants(conn, t.id)?;
    let stored = db::pairings(conn, t.id)?;
    let tiebreak = tiebreak_of(&t);
    let lines = standings(
        &pure_entrants(&entrants),
        &rounds_of(&stored, t.current_round),
        tiebreak,
    )
    .map_err(pairing_failure(&t))?;
    let mut rounds: Vec<RoundDetail> = Vec::new();
    // Rounds with a clock standing still for a vacation: they have no latest end.
    let mut standing: Vec<u32> = Vec::new();
    for row in &stored {
        let round = match rounds.iter_mut().position(|r| r.number == row.round) {
            Some(index) => &mut rounds[index],
            None => {
                rounds.push(RoundDetail {
                    number: row.round,
                    pairings: Vec::new(),
                    bye: None,
                    started_at: None,
                    deadline: None,
                });
                let last = rounds.len() - 1;
                &mut rounds[last]
            }
        };
        match row.second.filter(|_| row.board > 0) {
            None => round.bye = Some(row.first),
            Some(second) => {
                let (pairing, times) = pairing_detail(conn, row, second, now)?;
                if times.standing {
                    standing.push(row.round);
                }
                if let Some(started) = times.started_at {
                    round.started_at = Some(round.started_at.map_or(started, |s| s.min(started)));
                }
                if let Some(due) = times.deadline {
                    round.deadline = Some(round.deadline.map_or(due, |d| d.max(due)));
                }
                round.pairings.push(pairing);
            }
        }
    }
    let bracket = match t.knockout {
        Some(k) => Some(bracket::bracket_detail(conn, &t, k, &entrants, &stored)?),
        None => None,
    };
    rounds.sort_by_key(|r| r.number);
    for round in &mut rounds {
        round.pairings.sort_by_key(|p| p.board);
        if standing.contains(&round.number) {
            round.deadline = None;
        }
    }
    Ok(TournamentDetail {
        id: t.id,
        name: t.name,
        format: t.format,
        double: t.double,
        status: t.status,
        organiser: t.organiser,
        channel: t.channel,
        server: t.server,
        planned_rounds: t.rounds,
        current_round: t.current_round,
        time_control: t.time_control,
        size: t.size,
        rule: t.win_rule,
        rated: t.rated,
        entrants,
        rounds,
        tiebreak,
        standings: lines,
        bracket,
    })
}

/// When a round's game started and, while it is played with a clock, when its current move
/// is due, and whether that clock stands still (the player to move is on vacation).
#[derive(Clone, Copy, Debug, Default)]
struct GameTimes {
    started_at: Option<i64>,
    deadline: Option<i64>,
    standing: bool,
}

/// One stored board with its game's channel (none while the game's thread is pending), and
/// its game's times for the round's schedule at `now`, read as the scheduler reads them
/// ([`clocks::read`], a vacation included).
fn pairing_detail(
    conn: &Tx<'_>,
    row: &StoredPairing,
    second: u32,
    now: i64,
) -> Result<(PairingDetail, GameTimes), DbError> {
    let record = match row.game {
        Some(game) => db::game(conn, game)?,
        None => None,
    };
    let mut times = GameTimes::default();
    let mut adjudicated = false;
    if let Some(record) = &record {
        times.started_at = record.started_at();
        adjudicated = matches!(
            record.outcome(),
            Some(outcome) if outcome.reason == akron_rules::Reason::Adjudication
        );
        if record.status() == Status::Active && record.time_control != TimeControl::None {
            let moves = db::game_moves(conn, record.id)?;
            match super::store::replay(record.clone(), &moves) {
                Ok(loaded) => {
                    let mover = loaded.to_move().id;
                    let pause = super::conditional::clock_pause(conn, record, &mover)?;
                    if let Some(reading) = clocks::read(record, moves.len(), pause, now) {
                        times.standing = reading.standing;
                        times.deadline = (!reading.standing).then_some(reading.out);
                    }
                }
                Err(error) => {
                    // A game that does not replay is reported where it is played; the
                    // schedule shows its clock as it runs.
                    tracing::warn!(game = record.id.0, %error, "a tournament game does not replay");
                    times.deadline = clocks::timeout_at(record, moves.len());
                }
            }
        }
    }
    let channel = record
        .map(|game| game.channel)
        .filter(|channel| !channel.local().starts_with("pending-"));
    Ok((
        PairingDetail {
            board: row.board,
            black: row.first,
            white: second,
            game: row.game,
            channel,
            result: row.result,
            adjudicated,
        },
        times,
    ))
}

/// The scope a rating lives in: the server's, or the global one.
fn scope(server: Option<&ServerId>) -> &str {
    server.map_or(GLOBAL_SCOPE, |s| s.0.as_str())
}

/// A player's rating in one scope, with its history and results, read inside `conn`.
fn rating_detail(
    conn: &Tx<'_>,
    user: &UserId,
    server: Option<&ServerId>,
    now: i64,
) -> Result<Option<RatingDetail>, DbError> {
    let scope = scope(server);
    let Some(stored) = db::rating(conn, user, scope)? else {
        return Ok(None);
    };
    Ok(Some(RatingDetail {
        server: server.cloned(),
        rating: current(&stored, now),
        name: stored.name,
        games: stored.games,
        history: db::rating_history(conn, user, scope)?,
        results: db::rated_games(conn, user, scope)?,
    }))
}

pub(super) fn tiebreak_of(t: &TournamentRecord) -> Tiebreak {
    match t.format {
        TournamentFormat::Swiss => Tiebreak::Buchholz,
        TournamentFormat::RoundRobin => Tiebreak::SonnebornBerger,
        // Not shown: a knockout's standings are its places.
        TournamentFormat::SingleElimination | TournamentFormat::DoubleElimination => {
            Tiebreak::Buchholz
        }
    }
}

pub(super) fn pure_entrants(entrants: &[TournamentEntrant]) -> Vec<Entrant> {
    entrants
        .iter()
        .map(|e| Entrant {
            id: e.player,
            rating: e.rating,
            withdrawn: e.withdrawn,
        })
        .collect()
}

/// The first `count` rounds as the pairing module reads them.
pub(super) fn rounds_of(stored: &[StoredPairing], count: u32) -> Vec<Round> {
    let mut rounds: Vec<Round> = (0..count).map(|_| Round::default()).collect();
    for row in stored {
        let index = (row.round as usize).checked_sub(1);
        let Some(round) = index.and_then(|i| rounds.get_mut(i)) else {
            continue;
        };
        match row.second {
            Some(second) if row.board > 0 => round.pairings.push(Pairing {
                first: row.first,
                second,
                result: row.result,
            }),
            _ => round.bye = Some(row.first),
        }
    }
    rounds
}

/// Turns a pairing module error into a storage error: stored rounds that the pairing
/// module refuses mean damaged data.
pub(super) fn pairing_failure(t: &TournamentRecord) -> impl Fn(PairingError) -> DbError + '_ {
    move |e| DbError::Corrupt(format!("tournament {} cannot be paired: {e}", t.id))
}

mod bracket;
pub(super) use bracket::{double_results, double_shape, seed_list};
pub use bracket::{BracketDetail, MatchDetail, MatchEnd, MatchGameDetail};

#[cfg(test)]
mod tests;
