//! The rules as the search sees them: a move played with its end-of-game check.

use akron_rules::{Color, Move, Point, Position, WinRule};

/// Plays the legal move `mv` (not swap) on a copy of `position` and runs the connection and
/// no-move checks of RULES section 5 under `rule`. Returns the new position and the winner,
/// if the game ended. Repetition is not checked: the search never sees a game history.
pub(crate) fn play(position: &Position, mv: Move, rule: WinRule) -> (Position, Option<Color>) {
    let mover = position.turn();
    let opponent = mover.other();
    let in_flight = match mv {
        Move::Step { from, .. } if rule == WinRule::Immediate => position.lifted(from).spanner(),
        _ => None,
    };
    let mut next = position.clone();
    next.play_unchecked(mv);
    let connection = match rule {
        WinRule::Delayed => next.spans(opponent).then_some(opponent),
        WinRule::Immediate => in_flight.or_else(|| next.spanner()),
    };
    if connection.is_some() {
        return (next, connection);
    }
    if !next.has_legal_move() {
        return (next, Some(mover));
    }
    (next, None)
}

/// Dense numbering of a board's points and of moves by their destination, for the
/// all-moves-as-first and playout statistics.
#[derive(Clone, Debug)]
pub(crate) struct MoveKeys {
    size: u8,
    /// First key of each level.
    offsets: [u16; 17],
}

impl MoveKeys {
    /// Keys for a board of side `size`.
    pub(crate) fn new(size: u8) -> MoveKeys {
        let mut offsets = [0u16; 17];
        let n = u16::from(size);
        for k in 0..16u16 {
            let width = n.saturating_sub(k);
            offsets[usize::from(k) + 1] = offsets[usize::from(k)] + width * width;
        }
        MoveKeys { size, offsets }
    }

    /// Number of distinct keys.
    pub(crate) fn len(&self) -> usize {
        2 * usize::from(self.offsets[16])
    }

    /// The key of a point.
    fn point(&self, p: Point) -> usize {
        let k = usize::from(p.level());
        let width = usize::from(self.size - p.level().min(self.size - 1));
        usize::from(self.offsets[k]) + usize::from(p.y()) * width + usize::from(p.x())
    }

    /// The key of a move: its destination, and whether it is a step. Swap has key 0, which
    /// it shares with a placement on A1; swap never appears in playouts.
    pub(crate) fn key(&self, mv: Move) -> usize {
        match mv {
            Move::Place(p) => 2 * self.point(p),
            Move::Step { to, .. } => 2 * self.point(to) + 1,
            Move::Swap => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_keys_are_distinct_per_destination() {
        for size in [3u8, 8, 16] {
            let keys = MoveKeys::new(size);
            let mut seen = vec![false; keys.len()];
            for p in Point::all(size) {
                for mv in [Move::Place(p), Move::Step { from: p, to: p }] {
                    let key = keys.key(mv);
                    assert!(key < keys.len());
                    if p.level() == 0 || !mv.is_place() {
                        assert!(!seen[key], "{size} {p}");
                        seen[key] = true;
                    }
                }
            }
        }
    }

    #[test]
    fn a_spanning_placement_ends_the_game_only_under_the_immediate_rule() {
        // Black holds A1 and A3 on 3 × 3; A2 joins them.
        let Ok(position) = Position::from_code("3:b:3,4:b2/3/b2") else {
            panic!("bad code");
        };
        let a2 = Move::Place(Point::new(0, 1, 0));
        assert_eq!(
            play(&position, a2, WinRule::Immediate).1,
            Some(Color::Black)
        );
        assert_eq!(play(&position, a2, WinRule::Delayed).1, None);
    }
}
