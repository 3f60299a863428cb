//! Autocompletion of `/akron move` (legal moves matching what was typed) and `/akron moves`
//! (the pieces that can step), from a cache of each channel's legal moves that every command
//! refreshes.

use super::{channel_of, Context};
use crate::model::Status;
use crate::service::{ChannelId, GameView};
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Discord shows at most 25 choices.
pub(super) const CHOICE_LIMIT: usize = 25;

/// How long autocompletion may wait for the database on a cache miss; Discord drops answers
/// after three seconds.
const LOAD_DEADLINE: Duration = Duration::from_millis(2000);

/// Each channel's active game's legal moves, in notation.
#[derive(Default)]
pub(super) struct MoveCache {
    channels: Mutex<HashMap<ChannelId, Arc<Vec<String>>>>,
}

impl MoveCache {
    /// Records the channel's game after a command (or forgets it when there is none).
    pub(super) fn remember(&self, channel: &ChannelId, game: Option<&GameView>) {
        let moves = game
            .filter(|game| game.status == Status::Active)
            .map(|game| {
                game.game
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            })
            .unwrap_or_default();
        if let Ok(mut channels) = self.channels.lock() {
            channels.insert(channel.clone(), Arc::new(moves));
        }
    }

    fn get(&self, channel: &ChannelId) -> Option<Arc<Vec<String>>> {
        self.channels.lock().ok()?.get(channel).cloned()
    }
}

/// Offers legal moves starting with what was typed; see [`suggest`].
pub async fn moves(ctx: super::Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let legal = legal_moves(ctx).await;
    choices(suggest(&legal, typed, CHOICE_LIMIT))
}

/// Offers the points of the pieces that can step, starting with what was typed.
pub async fn pieces(ctx: super::Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let legal = legal_moves(ctx).await;
    choices(suggest(&step_sources(&legal), typed, CHOICE_LIMIT))
}

fn choices(values: Vec<String>) -> serenity::CreateAutocompleteResponse {
    let choices = values
        .into_iter()
        .map(|value| serenity::AutocompleteChoice::new(value.clone(), value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The channel's legal moves, from the cache or (once after a start) the database.
async fn legal_moves(ctx: Context<'_>) -> Arc<Vec<String>> {
    let channel = channel_of(ctx.channel_id());
    match ctx.data().moves.get(&channel) {
        Some(legal) => legal,
        None => load(ctx, &channel).await,
    }
}

/// The sources of the steps among `legal`, each once, in order: `C4` of `C4-D5`.
#[must_use]
pub fn step_sources(legal: &[String]) -> Vec<String> {
    let mut sources: Vec<String> = Vec::new();
    for source in legal
        .iter()
        .filter_map(|m| m.split_once('-'))
        .map(|(from, _)| from)
    {
        if !sources.iter().any(|s| s == source) {
            sources.push(source.to_string());
        }
    }
    sources
}

/// Fills the cache for a channel the bot has not seen since it started.
async fn load(ctx: Context<'_>, channel: &ChannelId) -> Arc<Vec<String>> {
    let service = ctx.data().service.clone();
    let lookup = channel.clone();
    let work = tokio::task::spawn_blocking(move || service.channel_game(&lookup));
    match tokio::time::timeout(LOAD_DEADLINE, work).await {
        Ok(Ok(Ok(game))) => {
            ctx.data().moves.remember(channel, game.as_ref());
            ctx.data().moves.get(channel).unwrap_or_default()
        }
        Ok(Ok(Err(error))) => {
            tracing::warn!(%error, "autocomplete could not load the channel's game");
            Arc::default()
        }
        Ok(Err(error)) => {
            tracing::warn!(%error, "autocomplete worker failed");
            Arc::default()
        }
        Err(_) => Arc::default(),
    }
}

/// The legal moves (`legal`, in notation) that start with `typed`, ignoring case and spaces,
/// at most `limit`. When more match, placements and steps take turns, so an empty field
/// shows both kinds; after `C4-` only that piece's steps match.
#[must_use]
pub fn suggest(legal: &[String], typed: &str, limit: usize) -> Vec<String> {
    let typed = akron_rules::notation::normalize(typed);
    let matching: Vec<&String> = legal
        .iter()
        .filter(|m| m.to_ascii_uppercase().starts_with(&typed))
        .collect();
    if matching.len() <= limit {
        return matching.into_iter().cloned().collect();
    }
    let (steps, others): (Vec<&String>, Vec<&String>) =
        matching.into_iter().partition(|m| m.contains('-'));
    let mut steps = steps.into_iter();
    let mut others = others.into_iter();
    let mut chosen = Vec::with_capacity(limit);
    while chosen.len() < limit {
        let before = chosen.len();
        if let Some(placement) = others.next() {
            chosen.push(placement.clone());
        }
        if chosen.len() < limit {
            if let Some(step) = steps.next() {
                chosen.push(step.clone());
            }
        }
        if chosen.len() == before {
            break;
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal() -> Vec<String> {
        let mut moves: Vec<String> = (1..=30).map(|i| format!("P{i}")).collect();
        moves.extend((1..=30).map(|i| format!("C4-D{i}")));
        moves.extend((1..=3).map(|i| format!("E5-F{i}")));
        moves
    }

    #[test]
    fn an_empty_field_offers_placements_and_steps_within_the_limit() {
        let choices = suggest(&legal(), "", CHOICE_LIMIT);
        assert_eq!(choices.len(), CHOICE_LIMIT);
        assert!(choices.iter().any(|m| m.contains('-')));
        assert!(choices.iter().any(|m| !m.contains('-')));
    }

    #[test]
    fn a_piece_and_dash_offers_only_that_pieces_steps() {
        let choices = suggest(&legal(), "e5-", CHOICE_LIMIT);
        assert_eq!(choices, ["E5-F1", "E5-F2", "E5-F3"]);
        let choices = suggest(&legal(), "c4-", CHOICE_LIMIT);
        assert_eq!(choices.len(), CHOICE_LIMIT);
        assert!(choices.iter().all(|m| m.starts_with("C4-")));
    }

    #[test]
    fn the_pieces_that_can_step_are_offered_once_each() {
        assert_eq!(step_sources(&legal()), ["C4", "E5"]);
        assert_eq!(suggest(&step_sources(&legal()), "e", CHOICE_LIMIT), ["E5"]);
        assert!(step_sources(&["A1".to_string(), "swap".to_string()]).is_empty());
    }

    #[test]
    fn nothing_matches_nothing() {
        assert!(suggest(&legal(), "Z9", CHOICE_LIMIT).is_empty());
    }
}
