//! Engine against engine: games with colours alternating, and the Elo difference.

use crate::engine::{Budget, Engine, EngineConfig, Tuning};
use crate::level::Level;
use akron_rules::{Color, Game, Move, Position, WinRule};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A player in the arena: a level, the plain UCT baseline, or level 8 as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The full engine at a level.
    Level(Level),
    /// Plain UCT (UCB1, C = √2, uniform playouts) with the whole time.
    Uct,
    /// The full engine with the whole time (level 8 without the playout caps of lower
    /// levels).
    Full,
    /// Level 8 as it played on 2026-11-28, before the stronger top level: level 8's budget
    /// and configuration with [`Tuning::BASELINE`]. Parsed from `baseline` or `8-2026-11-28`;
    /// the fixed opponent against which level 8's strength is measured.
    Baseline8,
}

impl Player {
    /// An engine for this player.
    #[must_use]
    pub fn engine(self, threads: usize, seed: u64) -> Engine {
        Engine::new(match self {
            Player::Level(level) => level.config(threads, seed),
            Player::Uct => EngineConfig {
                threads,
                seed,
                ..EngineConfig::plain_uct()
            },
            Player::Full => EngineConfig {
                threads,
                seed,
                tuning: Tuning::STRONG,
                ..EngineConfig::default()
            },
            Player::Baseline8 => EngineConfig {
                tuning: Tuning::BASELINE,
                ..Level::MAX.config(threads, seed)
            },
        })
    }

    /// The budget of one move with `time` to think.
    #[must_use]
    pub fn budget(self, time: Duration) -> Budget {
        match self {
            Player::Level(level) => level.budget(time),
            Player::Baseline8 => Level::MAX.budget(time),
            Player::Uct | Player::Full => Budget::time(time),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(level) => write!(f, "level {level}"),
            Player::Uct => f.write_str("uct"),
            Player::Full => f.write_str("full"),
            Player::Baseline8 => f.write_str("8-2026-11-28"),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "uct" => Ok(Player::Uct),
            "full" => Ok(Player::Full),
            "baseline" | "8-2026-11-28" => Ok(Player::Baseline8),
            other => other.parse::<Level>().map(Player::Level).map_err(|_| {
                format!("player '{other}' must be a level 1 to 8, uct, full or baseline")
            }),
        }
    }
}

/// How arena games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaOptions {
    /// Board side.
    pub size: u8,
    /// Win rule.
    pub rule: WinRule,
    /// Thinking time per move.
    pub time: Duration,
    /// Plies after which a game is a draw.
    pub max_plies: usize,
    /// Threads per engine.
    pub threads: usize,
    /// Seed of the first game; game i uses seed + i.
    pub seed: u64,
}

impl Default for ArenaOptions {
    fn default() -> Self {
        ArenaOptions {
            size: 8,
            rule: WinRule::Delayed,
            time: Duration::from_millis(100),
            max_plies: 300,
            threads: 1,
            seed: 1,
        }
    }
}

/// The result of one arena game, seen from player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A won.
    AWins,
    /// B won.
    BWins,
    /// A draw (repetition or the ply cap).
    Draw,
}

/// Plays one game between `a` and `b` from an empty board (no swap); A plays Black when
/// `a_is_black`. Returns the result and the moves.
#[must_use]
pub fn play_game(
    a: Player,
    b: Player,
    a_is_black: bool,
    options: &ArenaOptions,
    seed: u64,
) -> (GameResult, Vec<Move>) {
    let game = play_counted(a, b, a_is_black, options, seed);
    (game.result, game.moves)
}

/// One arena game with the search effort of each side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedGame {
    /// The result, seen from A.
    pub result: GameResult,
    /// The moves.
    pub moves: Vec<Move>,
    /// Simulations A and B ran over the game.
    pub simulations: [u64; 2],
    /// Moves A and B searched or played.
    pub searches: [u32; 2],
}

/// [`play_game`], also counting each side's simulations.
#[must_use]
pub fn play_counted(
    a: Player,
    b: Player,
    a_is_black: bool,
    options: &ArenaOptions,
    seed: u64,
) -> CountedGame {
    let mut simulations = [0u64; 2];
    let mut searches = [0u32; 2];
    let start =
        Position::start(options.size, akron_rules::default_pile(options.size)).unwrap_or_default();
    let mut game = Game::from_position(start, options.rule);
    let mut engine_a = a.engine(options.threads, seed);
    let mut engine_b = b.engine(options.threads, seed ^ 0xB);
    let a_color = if a_is_black {
        Color::Black
    } else {
        Color::White
    };
    while !game.is_over() && game.moves().len() < options.max_plies {
        let a_moves = game.turn() == a_color;
        let (engine, player) = if a_moves {
            (&mut engine_a, a)
        } else {
            (&mut engine_b, b)
        };
        let Ok(analysis) =
            engine.analyze(game.position(), options.rule, player.budget(options.time))
        else {
            break;
        };
        let side = usize::from(!a_moves);
        simulations[side] += analysis.playouts;
        searches[side] += 1;
        if game.play(analysis.best).is_err() {
            break;
        }
    }
    let result = match game.outcome().and_then(|o| o.winner) {
        Some(c) if c == a_color => GameResult::AWins,
        Some(_) => GameResult::BWins,
        None => GameResult::Draw,
    };
    CountedGame {
        result,
        moves: game.moves().to_vec(),
        simulations,
        searches,
    }
}

/// Wins, losses and draws of A against B.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games A won.
    pub a_wins: u32,
    /// Games B won.
    pub b_wins: u32,
    /// Draws.
    pub draws: u32,
}

impl Score {
    /// Adds a game.
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::AWins => self.a_wins += 1,
            GameResult::BWins => self.b_wins += 1,
            GameResult::Draw => self.draws += 1,
        }
    }

    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// A's score, wins plus half the draws, as a fraction of the games.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        let games = f64::from(self.games().max(1));
        (f64::from(self.a_wins) + 0.5 * f64::from(self.draws)) / games
    }

    /// A's Elo advantage and its 95 % confidence interval (normal approximation of the mean
    /// game score). Infinite when A won or lost every game.
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.fraction();
        let wins = f64::from(self.a_wins) / n;
        let draws = f64::from(self.draws) / n;
        let variance =
            wins * (1.0 - s).powi(2) + draws * (0.5 - s).powi(2) + (1.0 - wins - draws) * s.powi(2);
        let margin = 1.96 * (variance / n).sqrt();
        (elo(s), elo(s - margin), elo(s + margin))
    }
}

/// The Elo difference that gives an expected score `s`.
fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// Plays `games` games, A as Black in the even ones, calling `each` after every game.
pub fn run(
    a: Player,
    b: Player,
    games: u32,
    options: &ArenaOptions,
    mut each: impl FnMut(u32, GameResult, &Score),
) -> Score {
    let mut score = Score::default();
    for i in 0..games {
        let (result, _) = play_game(a, b, i % 2 == 0, options, options.seed + u64::from(i));
        score.add(result);
        each(i, result, &score);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Score {
            a_wins: 10,
            b_wins: 10,
            draws: 0,
        };
        let (d, low, high) = even.elo();
        assert!(d.abs() < 1e-9 && low < 0.0 && high > 0.0);
        let strong = Score {
            a_wins: 90,
            b_wins: 10,
            draws: 0,
        };
        let (d, low, high) = strong.elo();
        assert!((d - 381.7).abs() < 1.0, "{d}");
        assert!(low < d && d < high);
    }

    #[test]
    fn players_parse() {
        assert_eq!("uct".parse(), Ok(Player::Uct));
        assert_eq!(
            "5".parse::<Player>().map(|p| p.to_string()),
            Ok("level 5".into())
        );
        assert!("0".parse::<Player>().is_err());
        assert_eq!("baseline".parse(), Ok(Player::Baseline8));
        assert_eq!(" 8-2026-11-28 ".parse(), Ok(Player::Baseline8));
        assert_eq!(Player::Baseline8.to_string().parse(), Ok(Player::Baseline8));
    }

    #[test]
    fn a_game_on_a_small_board_ends() {
        let options = ArenaOptions {
            size: 4,
            time: Duration::from_millis(20),
            ..ArenaOptions::default()
        };
        let a = Player::Level(Level::MIN);
        let (result, moves) = play_game(a, Player::Uct, true, &options, 3);
        assert!(!moves.is_empty());
        assert!(moves.len() <= options.max_plies);
        let _ = result;
    }
}
