//! `puzzle create | solve | answer | reveal | daily`: positions with a forced win in at most
//! three own moves, proven by the solver, and a puzzle a day from the shipped bank.

use super::notices::Draft;
use super::types::Language;
use super::types::{PuzzleCommand, Reply, Request, User};
use super::{refuse, Outcome, Refusal, Service, ServiceError};
use crate::catalogue::{Arg, Phrase};
use crate::db::Tx;
use crate::db::{self, DbError};
use crate::images::Picture;
use crate::model::{ChannelId, Destination, PuzzleId, PuzzleRecord};
use crate::{phrase, say};
use akron_ai::puzzles::{parse_bank, Puzzle, BANK};
use akron_ai::{checks_answer, solve_limited, winning_moves, Proof};
use akron_rules::{notation, Color, Game, Move, Position, WinRule};
use std::sync::OnceLock;

/// The longest win a puzzle may take, in own moves of the side to move.
pub const MAX_PUZZLE_MOVES: u32 = 3;

/// How long after posting anyone may see the answer, in seconds.
const REVEAL_AFTER: i64 = 24 * 60 * 60;

/// The daily puzzle's interval, in seconds.
const DAY: i64 = 24 * 60 * 60;

/// The longest title kept, in characters.
const MAX_TITLE: usize = 80;

/// The shipped bank, read once.
fn bank() -> &'static [Puzzle] {
    static BANK_PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    BANK_PUZZLES.get_or_init(|| match parse_bank(BANK) {
        Ok(puzzles) => puzzles,
        Err(error) => {
            tracing::error!(%error, "the shipped puzzle bank does not parse");
            Vec::new()
        }
    })
}

/// What the solver found: the shortest win, every winning first move and one line.
pub(super) struct Proven {
    pub(super) moves: u32,
    pub(super) first_moves: Vec<Move>,
    solution: Vec<Move>,
}

/// Why a position is no puzzle.
pub(super) enum NoPuzzle {
    /// No forced win within three moves.
    NoWin,
    /// The solver ran out of budget.
    Unknown,
}

/// Proves a forced win of the side to move in at most [`MAX_PUZZLE_MOVES`] own moves.
pub(super) fn prove(position: &Position, rule: WinRule, nodes: u64) -> Result<Proven, NoPuzzle> {
    for moves in 1..=MAX_PUZZLE_MOVES {
        let Some(first_moves) = winning_moves(position, rule, moves, nodes) else {
            return Err(NoPuzzle::Unknown);
        };
        if first_moves.is_empty() {
            continue;
        }
        let solution = match solve_limited(position, rule, moves, nodes) {
            Proof::Win(line) => line,
            _ => first_moves.iter().take(1).copied().collect(),
        };
        return Ok(Proven {
            moves,
            first_moves,
            solution,
        });
    }
    Err(NoPuzzle::NoWin)
}

fn names(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

impl Service {
    /// The `puzzle` subcommands.
    pub(super) fn puzzle(&self, request: &Request, command: &PuzzleCommand) -> Outcome {
        match command {
            PuzzleCommand::Create {
                code,
                rule,
                title,
                several,
            } => self.create_puzzle(request, code, rule.unwrap_or_default(), title, *several),
            PuzzleCommand::Solve(id, moves) => self.solve_puzzle(request, *id, moves),
            PuzzleCommand::Answer(id) => self.puzzle_answer(request, *id),
            PuzzleCommand::Reveal(id) => self.reveal_puzzle(request, *id),
            PuzzleCommand::Daily(on) => self.daily_puzzle(request, *on),
            PuzzleCommand::Mine(action) => self.puzzle_mine(request, action),
        }
    }

    fn create_puzzle(
        &self,
        request: &Request,
        code: &str,
        rule: WinRule,
        title: &str,
        several: bool,
    ) -> Outcome {
        let (public, private) = (request.language.public, request.language.private);
        let title = title.trim();
        if title.chars().count() > MAX_TITLE {
            return refuse(say!(
                private,
                "puzzle-title-too-long",
                max = MAX_TITLE,
                count = title.chars().count()
            ));
        }
        if title.chars().any(char::is_control) {
            return refuse(say!(private, "puzzle-title-control"));
        }
        let position = match Position::from_code(code.trim()) {
            Ok(p) => p,
            Err(e) => {
                return refuse(say!(
                    private,
                    "puzzle-not-a-code",
                    why = super::notation_errors::code_error(&e)
                ))
            }
        };
        let code = position.code();
        if let Some(running) = self.db.read(|c| db::active_game_at(c, &code))? {
            return refuse(say!(
                private,
                "puzzle-running-game",
                game = running.to_string()
            ));
        }
        let proven = {
            let _slot = self.search_slot();
            prove(&position, rule, self.config.ai.solver_nodes)
        };
        let proven = match proven {
            Ok(p) => p,
            Err(NoPuzzle::NoWin) => {
                return refuse(say!(
                    private,
                    "puzzle-no-win",
                    colour = position.turn().name(),
                    count = MAX_PUZZLE_MOVES,
                    rule = rule.name()
                ))
            }
            Err(NoPuzzle::Unknown) => return refuse(say!(private, "puzzle-unknown")),
        };
        let unique = proven.first_moves.len() == 1;
        if !unique && !several {
            return refuse(say!(
                private,
                "puzzle-several",
                count = proven.moves,
                moves = names(&proven.first_moves).join(", ")
            ));
        }
        let now = self.clock.now();
        let title = title.to_string();
        let mut record = PuzzleRecord {
            id: PuzzleId(0),
            channel: request.channel.clone(),
            poster: Some(request.user.clone()),
            code,
            win_rule: rule,
            title,
            moves: proven.moves,
            unique,
            solution: names(&proven.solution),
            first_moves: names(&proven.first_moves),
            bank_line: None,
            created_at: now,
            reveal_at: now + REVEAL_AFTER,
            server: request.server.clone(),
        };
        // Checked and written in one transaction: of two posts of one position at once, the
        // second finds the first.
        record.id = self.db.write(|c| {
            let first = db::puzzle_with_position(
                c,
                &record.code,
                record.win_rule,
                record.server.as_ref(),
                &record.channel,
            )?;
            if let Some(first) = first {
                let mut reply = Reply::refusal(String::new());
                let channel = reply.name_channel(&first.channel);
                reply.text = say!(
                    private,
                    "puzzle-exists",
                    id = first.id.to_string(),
                    channel = channel,
                    title = if first.title.is_empty() {
                        "none"
                    } else {
                        "some"
                    },
                    name = crate::model::escape_markdown(&first.title)
                );
                return Err(Refusal(reply).into());
            }
            Ok::<_, super::Failure>(db::insert_puzzle(c, &record)?)
        })?;
        let mut reply = Reply::text(puzzle_text(&record, &position).say(public));
        reply.image = self.puzzle_picture(&position, public);
        reply.position = Some(record.code.clone());
        reply.puzzle_of = Some(record.id);
        reply.thread = Some(say!(
            public,
            "puzzle-thread",
            id = record.id.to_string(),
            title = if record.title.is_empty() {
                String::new()
            } else {
                format!(": {}", record.title.chars().take(60).collect::<String>())
            }
        ));
        Ok(reply)
    }

    fn load_puzzle(
        &self,
        id: PuzzleId,
        language: Language,
    ) -> Result<(PuzzleRecord, Position), super::Failure> {
        let Some(record) = self.db.read(|c| db::puzzle(c, id))? else {
            return refuse(say!(language, "puzzle-none", id = id.to_string()));
        };
        let position = Position::from_code(&record.code).map_err(|e| ServiceError::Corrupt {
            game: crate::model::GameId(0),
            detail: format!("puzzle {id} has a bad code: {e}"),
        })?;
        Ok((record, position))
    }

    fn solve_puzzle(&self, request: &Request, id: PuzzleId, typed: &[String]) -> Outcome {
        let private = request.language.private;
        let (record, position) = self.load_puzzle(id, private)?;
        let size = position.size();
        let mut moves = Vec::with_capacity(typed.len());
        for text in typed {
            match notation::read_move(text, size) {
                Ok(mv) => moves.push(mv),
                Err(e) => {
                    return refuse(say!(
                        private,
                        "not-a-move",
                        text = text.chars().take(24).collect::<String>(),
                        why = super::notation_errors::notation_error(&e)
                    ))
                }
            }
        }
        let Some(&first) = moves.first() else {
            return refuse(say!(private, "puzzle-give-answer", id = id.to_string()));
        };
        // Every move of the line must be legal where it is played, whatever it proves.
        let mut game = Game::from_position(position.clone(), record.win_rule);
        for (i, &mv) in moves.iter().enumerate() {
            if let Err(e) = game.play(mv) {
                return refuse(say!(
                    private,
                    "puzzle-line-illegal",
                    move = mv.to_string(),
                    number = i + 1,
                    why = super::wording::illegal(&e)
                ));
            }
            if game.is_over() && i + 1 < moves.len() {
                return refuse(say!(private, "puzzle-line-too-long", move = mv.to_string()));
            }
        }
        let mut correct = record.first_moves.contains(&first.to_string());
        if correct && moves.len() > 2 {
            // A longer line: each own move must keep a forced win in the moves left.
            correct = self.check_line(record.win_rule, record.moves, &position, &moves);
        }
        if !correct {
            return Ok(Reply::private(say!(
                private,
                "puzzle-not-quite",
                moves = moves
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                count = record.moves,
                id = id.to_string()
            )));
        }
        let now = self.clock.now();
        let is_poster = record
            .poster
            .as_ref()
            .is_some_and(|p| p.id == request.user.id);
        let first_solver = if is_poster {
            false
        } else {
            self.db
                .write(|c| db::add_solver(c, id, &request.user, now))?
        };
        let solvers = self.db.read(|c| db::solvers(c, id))?.len();
        Ok(Reply::private(say!(
            private,
            "puzzle-correct",
            move = first.to_string(),
            solver = if is_poster {
                "own"
            } else if first_solver {
                "new"
            } else {
                "again"
            },
            number = solvers,
            id = id.to_string()
        )))
    }

    /// Whether a line (own move, reply, own move, ...) is legal and each own move keeps a
    /// forced win within the moves left.
    pub(super) fn check_line(
        &self,
        rule: WinRule,
        own_moves: u32,
        position: &Position,
        moves: &[Move],
    ) -> bool {
        let attacker = position.turn();
        let mut game = Game::from_position(position.clone(), rule);
        let _slot = self.search_slot();
        for (i, &mv) in moves.iter().enumerate() {
            let own = i % 2 == 0;
            if own {
                let left = own_moves.saturating_sub(u32::try_from(i / 2).unwrap_or(0));
                if left == 0 {
                    return false;
                }
                match checks_answer(game.position(), rule, left, mv, self.config.ai.solver_nodes) {
                    Some(true) | None => {}
                    Some(false) => return false,
                }
            }
            match game.play(mv) {
                Ok(report) => {
                    if let Some(outcome) = report.outcome {
                        return outcome.winner == Some(attacker);
                    }
                }
                Err(_) => return false,
            }
        }
        true
    }

    fn puzzle_answer(&self, request: &Request, id: PuzzleId) -> Outcome {
        let private = request.language.private;
        let (record, _) = self.load_puzzle(id, private)?;
        let now = self.clock.now();
        if now < record.reveal_at {
            let hours = (record.reveal_at - now + 3599) / 3600;
            let yours = record
                .poster
                .as_ref()
                .is_some_and(|p| p.id == request.user.id);
            return refuse(if yours {
                say!(
                    private,
                    "puzzle-answer-yours",
                    id = id.to_string(),
                    hours = hours
                )
            } else {
                say!(
                    private,
                    "puzzle-answer-later",
                    id = id.to_string(),
                    hours = hours,
                    poster = record
                        .poster
                        .as_ref()
                        .map_or_else(|| phrase!("puzzle-a-moderator").into(), User::shown)
                )
            });
        }
        self.answer_reply(&record, request.language.public)
    }

    fn answer_reply(&self, record: &PuzzleRecord, language: Language) -> Outcome {
        let id = record.id;
        let solvers = self.db.read(|c| db::solvers(c, id))?;
        let mut text = say!(
            language,
            "puzzle-answer",
            id = id.to_string(),
            moves = record.solution.join(" ")
        );
        if record.first_moves.len() > 1 {
            text.push(' ');
            text.push_str(&say!(
                language,
                "puzzle-answer-several",
                moves = record.first_moves.join(", ")
            ));
        }
        let names: Vec<String> = solvers.iter().map(|u| u.shown_in(language)).collect();
        text.push('\n');
        text.push_str(&if names.is_empty() {
            say!(language, "puzzle-solved-by-nobody")
        } else {
            say!(language, "puzzle-solved-by", names = names.join(", "))
        });
        Ok(Reply::text(text))
    }

    fn reveal_puzzle(&self, request: &Request, id: PuzzleId) -> Outcome {
        let private = request.language.private;
        let (record, _) = self.load_puzzle(id, private)?;
        let is_poster = record
            .poster
            .as_ref()
            .is_some_and(|p| p.id == request.user.id);
        if !is_poster && !request.is_moderator {
            return refuse(say!(
                private,
                "puzzle-reveal-not-yours",
                id = id.to_string()
            ));
        }
        let now = self.clock.now();
        self.db.write(|c| db::set_reveal_at(c, id, now))?;
        self.answer_reply(&record, request.language.public)
    }

    fn daily_puzzle(&self, request: &Request, on: bool) -> Outcome {
        if !request.is_moderator {
            return refuse(say!(request.language.private, "puzzle-daily-moderators"));
        }
        let now = self.clock.now();
        let changed = self.db.write(|c| {
            db::set_daily(
                c,
                &request.channel,
                request.server.as_ref(),
                &request.user.id,
                on.then_some(now),
            )
        })?;
        self.wake();
        Ok(Reply::text(say!(
            request.language.public,
            match (on, changed) {
                (true, true) => "puzzle-daily-on",
                (true, false) => "puzzle-daily-already",
                (false, true) => "puzzle-daily-off",
                (false, false) => "puzzle-daily-none",
            }
        )))
    }

    /// Posts the daily puzzles due by `now` (from [`Service::tick`]). Returns how many.
    pub(super) fn post_daily_puzzles(&self, now: i64) -> Result<usize, ServiceError> {
        let due = self.db.read(|c| db::due_daily(c, now))?;
        let mut posted = 0;
        for (channel, was, server) in due {
            let used = self.db.read(|c| db::used_bank_lines(c, &channel))?;
            let choice = pick_bank_line(&channel, &used);
            let proven = choice.map(|(line, puzzle)| {
                let first_moves = if puzzle.unique {
                    puzzle.solution.iter().take(1).copied().collect()
                } else {
                    let _slot = self.search_slot();
                    winning_moves(
                        &puzzle.position,
                        puzzle.rule,
                        puzzle.moves,
                        self.config.ai.solver_nodes,
                    )
                    .unwrap_or_else(|| puzzle.solution.iter().take(1).copied().collect())
                };
                (line, puzzle, first_moves)
            });
            // The next one a day after this one was due; after downtime, the next such time
            // still ahead (one puzzle for the missed days, not one each).
            let next = was + DAY * ((now - was).max(0) / DAY + 1);
            let done = self.db.write(|c| {
                if !db::advance_daily(c, &channel, was, next)? {
                    return Ok(false);
                }
                match &proven {
                    Some((line, puzzle, first_moves)) => {
                        self.post_bank_puzzle(
                            c,
                            (&channel, server.as_ref()),
                            *line,
                            puzzle,
                            first_moves,
                            now,
                        )?;
                    }
                    None => {
                        db::set_daily(
                            c,
                            &channel,
                            None,
                            &crate::model::UserId(String::new()),
                            None,
                        )?;
                        let mut draft = Draft::to(
                            Destination::Channel(channel.clone()),
                            crate::model::GameId(0),
                        );
                        draft.game = None;
                        draft.server.clone_from(&server);
                        draft
                            .words
                            .push(phrase!("puzzle-bank-used-up", count = bank().len()));
                        self.push_notice(c, &draft, now)?;
                    }
                }
                Ok::<_, DbError>(true)
            })?;
            posted += usize::from(done);
        }
        if posted > 0 {
            self.wake();
        }
        Ok(posted)
    }

    fn post_bank_puzzle(
        &self,
        conn: &Tx<'_>,
        (channel, server): (&ChannelId, Option<&crate::model::ServerId>),
        line: usize,
        puzzle: &Puzzle,
        first_moves: &[Move],
        now: i64,
    ) -> Result<(), DbError> {
        let mut record = PuzzleRecord {
            id: PuzzleId(0),
            channel: channel.clone(),
            poster: None,
            code: puzzle.position.code(),
            win_rule: puzzle.rule,
            title: "Daily puzzle".to_string(),
            moves: puzzle.moves,
            unique: first_moves.len() <= 1,
            solution: names(&puzzle.solution),
            first_moves: names(first_moves),
            bank_line: i64::try_from(line).ok(),
            created_at: now,
            reveal_at: now + REVEAL_AFTER,
            server: server.cloned(),
        };
        record.id = db::insert_puzzle(conn, &record)?;
        let mut draft = Draft::to(
            Destination::Channel(channel.clone()),
            crate::model::GameId(0),
        );
        draft.game = None;
        draft.puzzle = Some(record.id);
        draft.reply.puzzle_of = Some(record.id);
        draft.server = server.cloned();
        // Put into words at delivery, in its server's language then.
        draft.words.push(puzzle_text(&record, &puzzle.position));
        self.push_notice(conn, &draft, now)?;
        Ok(())
    }

    /// When the next daily puzzle is due anywhere.
    pub(super) fn next_daily(&self) -> Result<Option<i64>, ServiceError> {
        Ok(self.db.read(db::next_daily)?)
    }

    /// The picture of a puzzle (for notices, drawn at delivery), its words in `language`.
    pub(super) fn puzzle_image(
        &self,
        id: PuzzleId,
        language: Language,
    ) -> Result<Option<Vec<u8>>, ServiceError> {
        let Some(record) = self.db.read(|c| db::puzzle(c, id))? else {
            return Ok(None);
        };
        Ok(Position::from_code(&record.code)
            .ok()
            .and_then(|p| self.puzzle_picture(&p, language)))
    }

    /// A puzzle's position drawn with its words (`White to move`, the levels, the piles) in
    /// `language`. Regression (issue 39): it was drawn in English on every server.
    pub(super) fn puzzle_picture(
        &self,
        position: &Position,
        language: Language,
    ) -> Option<Vec<u8>> {
        let mut picture = Picture::new(position);
        picture.labels = Some(crate::catalogue::labels(language));
        self.images.png(&picture)
    }
}

/// The bank line a channel gets next: the unused one that comes first in the channel's own
/// order (a hash of the channel and the line), so channels do not all get the same one.
fn pick_bank_line(channel: &ChannelId, used: &[i64]) -> Option<(usize, &'static Puzzle)> {
    bank()
        .iter()
        .enumerate()
        .filter(|(line, _)| !used.contains(&i64::try_from(*line).unwrap_or(-1)))
        .min_by_key(|(line, _)| order_key(channel, *line))
}

/// FNV-1a of the channel id and the line number.
fn order_key(channel: &ChannelId, line: usize) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in channel.as_str().bytes().chain(line.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The puzzle's announcement.
fn puzzle_text(record: &PuzzleRecord, position: &Position) -> Phrase {
    let turn: Color = position.turn();
    let title = if record.poster.is_none() && record.bank_line.is_some() {
        // The bank's daily puzzle: its stored title is a name in no language.
        Arg::from(phrase!("puzzle-daily-title"))
    } else if record.title.is_empty() {
        Arg::from("")
    } else {
        Arg::from(format!(
            ": {}",
            crate::model::escape_markdown(&record.title)
        ))
    };
    let poster = match &record.poster {
        Some(poster) => Arg::from(phrase!("puzzle-by", poster = poster.shown())),
        None => Arg::from(""),
    };
    phrase!(
        "puzzle-post",
        id = record.id.to_string(),
        title = title,
        poster = poster,
        colour = turn.name(),
        count = record.moves,
        rule = record.win_rule.name(),
        size = position.size(),
        several = if record.unique { "no" } else { "yes" },
        code = record.code.clone()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bank_is_read_and_channels_get_their_own_order() {
        assert!(bank().len() >= 200);
        let a = ChannelId::new("console", "a");
        let b = ChannelId::new("console", "b");
        let first_a = pick_bank_line(&a, &[]).map(|(line, _)| line);
        let first_b = pick_bank_line(&b, &[]).map(|(line, _)| line);
        assert!(first_a.is_some());
        assert_ne!(first_a, first_b);
        let used: Vec<i64> = (0..bank().len() as i64).collect();
        assert!(pick_bank_line(&a, &used).is_none());
    }
}
