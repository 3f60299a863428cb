//! Every word the renderer draws, in one place, so that a caller can pass translations.
//!
//! The renderer itself is language-free: captions, map titles, the cascade's pill and the
//! table's footer are built from the templates of a [`Labels`], with placeholders in braces
//! (`{name}`, `{other}`, `{n}`, `{move}`) that the renderer fills in. A translation may put
//! the placeholders in any order. [`Labels::english`] is the default.

/// The words and phrases the renderer draws, as templates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Labels {
    /// Black's name when the player's is unknown or cannot be drawn: `Black`.
    pub black: String,
    /// White's name when the player's is unknown or cannot be drawn: `White`.
    pub white: String,
    /// Whose turn it is: `{name} to move`.
    pub to_move: String,
    /// A connection the player to move must cut (delayed rule):
    /// `{other} connects: {name} must cut it now`, `{name}` being the player to move.
    pub must_cut: String,
    /// A win by connection: `{name} wins by connection`.
    pub wins_by_connection: String,
    /// A win because the opponent cannot move: `{name} wins: {other} cannot move`.
    pub wins_no_move: String,
    /// A win by resignation: `{other} resigned: {name} wins`.
    pub wins_resignation: String,
    /// A win on time: `{other} ran out of time: {name} wins`.
    pub wins_timeout: String,
    /// A win by adjudication: `{name} wins by adjudication`.
    pub wins_adjudication: String,
    /// A win for any other reason: `{name} wins`.
    pub wins: String,
    /// An aborted game: `Game aborted`.
    pub aborted: String,
    /// A draw by agreement: `Draw by agreement`.
    pub draw_agreement: String,
    /// A draw by repetition: `Draw by repetition`.
    pub draw_repetition: String,
    /// A draw by adjudication: `Draw by adjudication`.
    pub draw_adjudication: String,
    /// A draw for any other reason: `Draw`.
    pub draw: String,
    /// The game's number: `Game {n}`.
    pub game: String,
    /// The last move with its number (a ply number: every move, a swap too, counts one):
    /// `Move {n}: {move}`.
    pub move_number: String,
    /// The last move when its number is unknown: `Last: {move}`.
    pub last_move: String,
    /// The position before the first move: `Start`.
    pub start: String,
    /// A player with the marbles left in their pile: `{name} · pile {n}`.
    pub pile: String,
    /// The pill of a cascade of one marble: `dropped`.
    pub dropped_one: String,
    /// The pill of a cascade of several marbles: `{n} dropped`.
    pub dropped: String,
    /// A level map's title (its apostrophes follow): `Level {n}`.
    pub level: String,
    /// A table's footer for rows left out: `… and {n} more`.
    pub more_rows: String,
    /// A table cell whose text has nothing the font can draw: `?`.
    pub undrawable: String,
}

impl Default for Labels {
    fn default() -> Self {
        Labels::english()
    }
}

impl Labels {
    /// The English labels.
    #[must_use]
    pub fn english() -> Labels {
        let s = str::to_string;
        Labels {
            black: s("Black"),
            white: s("White"),
            to_move: s("{name} to move"),
            must_cut: s("{other} connects: {name} must cut it now"),
            wins_by_connection: s("{name} wins by connection"),
            wins_no_move: s("{name} wins: {other} cannot move"),
            wins_resignation: s("{other} resigned: {name} wins"),
            wins_timeout: s("{other} ran out of time: {name} wins"),
            wins_adjudication: s("{name} wins by adjudication"),
            wins: s("{name} wins"),
            aborted: s("Game aborted"),
            draw_agreement: s("Draw by agreement"),
            draw_repetition: s("Draw by repetition"),
            draw_adjudication: s("Draw by adjudication"),
            draw: s("Draw"),
            game: s("Game {n}"),
            move_number: s("Move {n}: {move}"),
            last_move: s("Last: {move}"),
            start: s("Start"),
            pile: s("{name} · pile {n}"),
            dropped_one: s("dropped"),
            dropped: s("{n} dropped"),
            level: s("Level {n}"),
            more_rows: s("… and {n} more"),
            undrawable: s("?"),
        }
    }
}

/// Fills the `{key}` placeholders of `template` with `values`, in one pass: a value is
/// inserted as it is, so a name that itself contains `{other}` stays as written. An unknown
/// placeholder is kept.
#[must_use]
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let key_end = after.find('}');
        match key_end.and_then(|end| {
            let key = &after[..end];
            values
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| (end, *v))
        }) {
            Some((end, value)) => {
                out.push_str(value);
                rest = &after[end + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_once_in_any_order() {
        assert_eq!(
            fill(
                "{other} resigned: {name} wins",
                &[("name", "a"), ("other", "b")]
            ),
            "b resigned: a wins"
        );
        // A value that looks like a placeholder is not filled again.
        assert_eq!(
            fill(
                "{name} to move",
                &[("name", "{name}{other}"), ("other", "x")]
            ),
            "{name}{other} to move"
        );
        assert_eq!(fill("{unknown} {", &[]), "{unknown} {");
    }
}
