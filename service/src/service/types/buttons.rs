//! Buttons under a reply: how they look, the one table of every button (its id, command,
//! label and style), and reading a pressed button's id back into its command.

use super::{Command, GameId, Language, Offer, Reply, TournamentAction};

/// How a button looks; front ends map it to their own styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonStyle {
    /// The main action (Accept).
    Primary,
    /// A neutral action.
    Secondary,
    /// A good outcome (Accept a draw).
    Success,
    /// A destructive action (Decline, Cancel).
    Danger,
}

/// A button under a reply. Pressing it is the request [`Button::command`] about
/// [`Button::game`], made by whoever pressed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// A stable id, `akron:ACTION:GAME` (for example `akron:accept:12`), at most 100 bytes.
    /// [`parse_button_id`] reads it back.
    pub id: String,
    /// How it looks.
    pub style: ButtonStyle,
    /// The command it stands for (also what the console prints for typing).
    pub command: Command,
    /// The game it is about (for the tournament buttons: the tournament's number).
    pub game: GameId,
}

/// Every button: the middle part of its id, the command it stands for, its label and how it
/// looks. The one source of button metadata. Ids on messages already posted keep their
/// meaning, so entries are only ever added. The tournament buttons carry the tournament's
/// number where the others carry a game's.
const BUTTONS: [(&str, Command, &str, ButtonStyle); 16] = [
    ("accept", Command::Accept, "Accept", ButtonStyle::Success),
    ("decline", Command::Decline, "Decline", ButtonStyle::Danger),
    ("cancel", Command::Cancel, "Cancel", ButtonStyle::Secondary),
    ("swap", Command::Swap, "Swap", ButtonStyle::Primary),
    (
        "board",
        Command::Board(None),
        "Board",
        ButtonStyle::Secondary,
    ),
    (
        "draw-offer",
        Command::Draw(Offer::Offer),
        "Offer draw",
        ButtonStyle::Secondary,
    ),
    (
        "draw-accept",
        Command::Draw(Offer::Accept),
        "Accept draw",
        ButtonStyle::Success,
    ),
    (
        "draw-decline",
        Command::Draw(Offer::Decline),
        "Decline draw",
        ButtonStyle::Secondary,
    ),
    (
        "takeback-accept",
        Command::Takeback(Offer::Accept),
        "Accept takeback",
        ButtonStyle::Success,
    ),
    (
        "takeback-decline",
        Command::Takeback(Offer::Decline),
        "Decline takeback",
        ButtonStyle::Danger,
    ),
    ("resign", Command::AskResign, "Resign", ButtonStyle::Danger),
    (
        "resign-confirm",
        Command::Resign,
        "Yes, resign",
        ButtonStyle::Danger,
    ),
    (
        "tournament-join",
        Command::Tournament(TournamentAction::Join),
        "Join",
        ButtonStyle::Success,
    ),
    (
        "tournament-leave",
        Command::Tournament(TournamentAction::Leave),
        "Leave",
        ButtonStyle::Secondary,
    ),
    (
        "tournament-confirm",
        Command::Tournament(TournamentAction::Confirm),
        "Check in",
        ButtonStyle::Success,
    ),
    ("rematch", Command::Rematch, "Rematch", ButtonStyle::Primary),
];

impl Button {
    /// The button for `command` about `game`, labelled and styled from the one table of
    /// buttons. Returns `None` for commands no button carries (those with free-text
    /// arguments, such as `move`).
    #[must_use]
    pub fn of(command: Command, game: GameId) -> Option<Button> {
        let (action, _, label, style) = BUTTONS.iter().find(|(_, c, _, _)| *c == command)?;
        Some(Button {
            label: (*label).to_string(),
            id: format!("akron:{action}:{}", game.0),
            style: *style,
            command,
            game,
        })
    }
}

impl Reply {
    /// Labels its buttons in `language` (the catalogue's `button-ACTION`); a button whose id
    /// is not one of [`Button::of`]'s keeps its label.
    pub fn label_buttons(&mut self, language: Language) {
        for button in &mut self.buttons {
            if let Some(action) = button.id.split(':').nth(1) {
                if BUTTONS.iter().any(|(known, _, _, _)| *known == action) {
                    button.label =
                        crate::catalogue::say(language, &format!("button-{action}"), &[]);
                }
            }
        }
    }
}

/// Reads a button id made by [`Button::of`] back into its command and game.
#[must_use]
pub fn parse_button_id(id: &str) -> Option<(Command, GameId)> {
    let mut parts = id.split(':');
    if parts.next() != Some("akron") {
        return None;
    }
    let action = parts.next()?;
    let game = GameId(parts.next()?.parse().ok()?);
    if parts.next().is_some() || game.0 <= 0 {
        return None;
    }
    let (_, command, _, _) = BUTTONS.iter().find(|(a, _, _, _)| *a == action)?;
    Some((command.clone(), game))
}
