//! Button presses. Ids are stable (`akron:ACTION:GAME`), so buttons on old messages keep
//! working after a restart: everything needed is in the id and the database.

use super::reply::{self, Message};
use super::{channel_of, user_of, Data, DiscordError};
use crate::service::{parse_button_id, Command, GameId, Offer, Request};
use poise::serenity_prelude as serenity;

/// What a button asks for.
#[derive(Debug, PartialEq, Eq)]
enum Press {
    /// A command the service's own buttons carry.
    Service(Command, GameId),
    /// The board's Resign: ask for confirmation first.
    AskResign(GameId),
    /// A command of the Discord-only board buttons (swap, offer draw, confirmed resign).
    Board(Command, GameId),
}

fn parse(id: &str) -> Option<Press> {
    if let Some((command, game)) = parse_button_id(id) {
        return Some(match command {
            Command::Resign => Press::AskResign(game),
            other => Press::Service(other, game),
        });
    }
    let mut parts = id.split(':');
    if parts.next() != Some("akron") {
        return None;
    }
    let command = match parts.next()? {
        "swap" => Command::Swap,
        "draw-offer" => Command::Draw(Offer::Offer),
        "resign-confirm" => Command::Resign,
        _ => return None,
    };
    let game = GameId(parts.next()?.parse().ok()?);
    parts
        .next()
        .is_none()
        .then_some(Press::Board(command, game))
}

/// Handles a button press.
pub(super) async fn pressed(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), DiscordError> {
    let Some(parsed) = parse(&press.data.custom_id) else {
        tracing::debug!(id = %press.data.custom_id, "ignoring a button that is not ours");
        return Ok(());
    };
    let user = user_of(&press.user);
    let (command, game) = match parsed {
        Press::Service(command, game) | Press::Board(command, game) => (command, game),
        Press::AskResign(game) => {
            let message = reply::refusal(&format!(
                "Resign game {game}? This ends the game and cannot be undone."
            ))
            .with_buttons(vec![serenity::CreateButton::new(reply::extra_button(
                "resign-confirm",
                game,
            ))
            .label("Yes, resign")
            .style(serenity::ButtonStyle::Danger)]);
            return respond(ctx, press, message).await;
        }
    };
    let request = Request {
        user,
        channel: channel_of(press.channel_id),
        is_moderator: false,
        game: Some(game),
        command,
    };
    tracing::debug!(command = request.command.name(), %game, "button");
    let defer = || press.defer(ctx);
    let (answer, deferred) = reply::ask(data, request, defer).await?;
    let message = reply::message(&answer, press.app_permissions);
    if deferred {
        press.create_followup(ctx, message.into_followup()).await?;
        Ok(())
    } else {
        respond(ctx, press, message).await
    }
}

async fn respond(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    message: Message,
) -> Result<(), DiscordError> {
    let response = serenity::CreateInteractionResponse::Message(message.into_response());
    press.create_response(ctx, response).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_both_kinds_parse_and_resign_asks_first() {
        assert_eq!(
            parse("akron:accept:3"),
            Some(Press::Service(Command::Accept, GameId(3)))
        );
        assert_eq!(parse("akron:resign:3"), Some(Press::AskResign(GameId(3))));
        assert_eq!(
            parse("akron:resign-confirm:3"),
            Some(Press::Board(Command::Resign, GameId(3)))
        );
        assert_eq!(
            parse("akron:swap:12"),
            Some(Press::Board(Command::Swap, GameId(12)))
        );
        assert_eq!(
            parse("akron:draw-offer:12"),
            Some(Press::Board(Command::Draw(Offer::Offer), GameId(12)))
        );
        assert_eq!(parse("akron:swap:x"), None);
        assert_eq!(parse("akron:swap:1:2"), None);
        assert_eq!(parse("other:swap:1"), None);
    }
}
