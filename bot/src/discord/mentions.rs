//! The commands a text names, as Discord shows them: a command mention
//! (`</akron-tournament create:ID>`), which Discord draws as a chip in the reader's language
//! that fills in the command when clicked, followed by the options the example gives, under
//! their names in the reader's language (`</akron challenge:ID> oponente:@player`).
//!
//! The service names a command as a value ([`CommandRef`]); this writes it. A mention needs
//! the command's id, which Discord gives when the commands are registered: the bot stores
//! them in the database ([`store`]) and every process keeps them for itself ([`remember`],
//! [`load`]). Until they are known, a command is written as it is typed on Discord,
//! `` `/akron draw` ``.

use super::commands::{commands, slash_of, LOCALES};
use akron_service::catalogue::{render_commands, CommandRef, Language};
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

/// The registered slash commands' ids, by name (`akron-review`). One application has one set
/// of commands, the same for every shard and task of a process, so they are kept once.
static IDS: LazyLock<RwLock<HashMap<String, u64>>> = LazyLock::new(RwLock::default);

/// Keeps the ids Discord gave the commands at registration (or lists them).
pub fn remember(registered: &[serenity::Command]) {
    if let Ok(mut ids) = IDS.write() {
        for command in registered {
            ids.insert(command.name.clone(), command.id.get());
        }
    }
}

/// Stores the registered commands' ids in the database, for the other processes (a worker
/// reads them there instead of listing the commands), and keeps them here. A failure to store
/// is logged: the other processes then list the commands themselves.
pub async fn store(
    service: &std::sync::Arc<akron_service::service::Service>,
    registered: &[serenity::Command],
) {
    remember(registered);
    let ids: Vec<(String, String)> = registered
        .iter()
        .map(|c| (c.name.clone(), c.id.get().to_string()))
        .collect();
    let service = std::sync::Arc::clone(service);
    match tokio::task::spawn_blocking(move || service.set_platform_commands(PLATFORM, &ids)).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(%error, "could not store the slash commands' ids"),
        Err(error) => tracing::error!(%error, "the service worker died"),
    }
}

/// Keeps the ids the database holds; false when it holds none (nothing was registered yet,
/// or by an older bot), and the caller asks Discord.
pub async fn load(service: &std::sync::Arc<akron_service::service::Service>) -> bool {
    let service = std::sync::Arc::clone(service);
    let stored =
        match tokio::task::spawn_blocking(move || service.platform_commands(PLATFORM)).await {
            Ok(Ok(stored)) => stored,
            Ok(Err(error)) => {
                tracing::warn!(%error, "could not read the slash commands' ids");
                return false;
            }
            Err(error) => {
                tracing::error!(%error, "the service worker died");
                return false;
            }
        };
    let mut found = false;
    if let Ok(mut ids) = IDS.write() {
        for (name, id) in stored {
            if let Ok(id) = id.parse() {
                ids.insert(name, id);
                found = true;
            }
        }
    }
    found
}

/// The platform the ids are stored under.
const PLATFORM: &str = "discord";

/// The id of the slash command `name`, once known.
fn id_of(name: &str) -> Option<u64> {
    IDS.read().ok().and_then(|ids| ids.get(name).copied())
}

/// One option of a subcommand: its name, and its name in each of [`LOCALES`].
struct OptionName {
    name: String,
    localized: Vec<(String, String)>,
}

impl OptionName {
    /// The option's name in `language` (its own when it has no localisation there).
    fn in_language(&self, language: Language) -> &str {
        LOCALES
            .iter()
            .filter(|(_, l)| *l == language)
            .find_map(|(locale, _)| {
                self.localized
                    .iter()
                    .find(|(l, _)| l == locale)
                    .map(|(_, name)| name.as_str())
            })
            .unwrap_or(&self.name)
    }
}

/// The options of each subcommand, by (slash command, subcommand), read from the commands
/// as they are registered.
static OPTIONS: LazyLock<HashMap<(String, String), Vec<OptionName>>> = LazyLock::new(|| {
    let mut table = HashMap::new();
    for command in commands() {
        for sub in &command.subcommands {
            let options = sub
                .parameters
                .iter()
                .map(|p| OptionName {
                    name: p.name.to_string(),
                    localized: p
                        .name_localizations
                        .iter()
                        .map(|(l, n)| (l.to_string(), n.to_string()))
                        .collect(),
                })
                .collect();
            table.insert((command.name.to_string(), sub.name.to_string()), options);
        }
    }
    table
});

/// `text` with each command it names written as Discord shows it, for a reader of
/// `language`.
#[must_use]
pub fn discord_commands(text: &str, language: Language) -> String {
    render_commands(text, |command| write(command, language))
}

/// One command as Discord shows it.
fn write(command: &CommandRef, language: Language) -> String {
    let Some((slash, sub)) = slash_of(&command.name) else {
        return format!("`{}`", command.typed());
    };
    // A family's action is the subcommand (`/akron-tournament join`); else the command is.
    let sub = sub.map(str::to_string).or_else(|| command.sub.clone());
    let options = sub
        .as_ref()
        .and_then(|sub| OPTIONS.get(&(slash.to_string(), sub.clone())));
    let (Some(sub), Some(options)) = (sub, options) else {
        // No such subcommand (`tournament join|leave`): the command as it is typed here.
        let rest = [command.sub.as_deref(), Some(command.rest.as_str())]
            .into_iter()
            .flatten()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        return if rest.is_empty() {
            format!("`/{slash}`")
        } else {
            format!("`/{slash} {rest}`")
        };
    };
    let chip = match id_of(slash) {
        Some(id) => format!("</{slash} {sub}:{id}>"),
        None => format!("`/{slash} {sub}`"),
    };
    let given = given_options(&command.rest, options, language);
    if given.is_empty() {
        chip
    } else {
        format!("{chip} {given}")
    }
}

/// The example's options as Discord takes them, `name:value` under each option's name in
/// the reader's language: `key:value` words by their key, the other words in the order of
/// the options left (the last takes all the words that remain: `moves:B4 C5, D2-E3' F6`).
fn given_options(rest: &str, options: &[OptionName], language: Language) -> String {
    let mut named = Vec::new();
    let mut positional = Vec::new();
    let mut used = Vec::new();
    for word in rest.split_whitespace() {
        match word.split_once(':') {
            Some((key, value)) => match options.iter().position(|o| o.name == key) {
                Some(index) => {
                    used.push(index);
                    named.push(format!("{}:{value}", options[index].in_language(language)));
                }
                None => named.push(word.to_string()),
            },
            None => positional.push(word),
        }
    }
    let free: Vec<usize> = (0..options.len()).filter(|i| !used.contains(i)).collect();
    let mut words = Vec::new();
    let mut positional = positional.into_iter().peekable();
    for (n, index) in free.iter().enumerate() {
        if positional.peek().is_none() {
            break;
        }
        let value = if n + 1 == free.len() {
            positional.by_ref().collect::<Vec<_>>().join(" ")
        } else {
            positional.next().unwrap_or_default().to_string()
        };
        words.push(format!("{}:{value}", options[*index].in_language(language)));
    }
    words.extend(positional.map(str::to_string));
    words.extend(named);
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use akron_service::catalogue::{COMMAND_END, COMMAND_START};

    fn named(typed: &str) -> String {
        format!("{COMMAND_START}{typed}{COMMAND_END}")
    }

    #[test]
    fn commands_are_mentions_with_their_options_in_the_readers_language() {
        let text = format!("Accept or decline ({}).", named("draw decline"));
        // Before the ids are known: as typed on Discord.
        assert_eq!(
            discord_commands(&text, Language::English),
            "Accept or decline (`/akron draw` action:decline)."
        );
        let registered: Vec<serenity::Command> = serde_json::from_value(serde_json::json!([
            {"id": "11", "application_id": "1", "version": "1", "name": "akron",
             "description": "d", "type": 1},
            {"id": "12", "application_id": "1", "version": "1", "name": "akron-tournament",
             "description": "d", "type": 1},
        ]))
        .unwrap_or_default();
        assert_eq!(registered.len(), 2);
        remember(&registered);
        assert_eq!(
            discord_commands(&text, Language::English),
            "Accept or decline (</akron draw:11> action:decline)."
        );
        assert_eq!(
            discord_commands(
                &named("tournament create NAME format:swiss"),
                Language::English
            ),
            "</akron-tournament create:12> name:NAME format:swiss"
        );
        assert_eq!(
            discord_commands(&named("tournament join|leave"), Language::English),
            "`/akron-tournament join|leave`"
        );
        let spanish = discord_commands(&named("challenge @player"), Language::Spanish);
        assert!(spanish.starts_with("</akron challenge:11> "), "{spanish}");
        assert!(!spanish.contains("opponent"), "{spanish}");
    }
}
