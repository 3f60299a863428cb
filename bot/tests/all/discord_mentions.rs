//! Issue 39: on Discord the bot names its commands by command mentions
//! (`</akron draw:ID>`), whose ids are those Discord gave at registration, and never in the
//! console's grammar (`` `draw decline` ``), which Discord users cannot type.

use crate::discord_e2e::{akron, setup, stop_bot, tournament_command, Error, SIZE};
use crate::fake_discord::payloads::{self, ALICE, BOB, CAROL, MODERATOR};
use akron_bot::service::text::COMMANDS;
use serde_json::Value;
use std::collections::BTreeSet;

/// Every string under `content`, `description`, `title`, `value` or `text` in a request's
/// body: what a user reads.
fn texts(value: &Value, key: Option<&str>, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                texts(v, Some(k), out);
            }
        }
        Value::Array(items) => {
            for item in items {
                texts(item, key, out);
            }
        }
        Value::String(text)
            if matches!(
                key,
                Some("content" | "title" | "description" | "text" | "value")
            ) =>
        {
            out.push(text.clone());
        }
        _ => {}
    }
}

/// The command mentions in a text: `(command, subcommand, id)` of each `</a b:ID>`.
fn mentions(text: &str) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("</") {
        let after = &rest[start + 2..];
        let Some(end) = after.find('>') else { break };
        let inside = &after[..end];
        if let Some((names, id)) = inside.split_once(':') {
            let (command, sub) = names.split_once(' ').unwrap_or((names, ""));
            found.push((command.to_string(), sub.to_string(), id.to_string()));
        }
        rest = &after[end..];
    }
    found
}

/// The spans in backticks that are a command in the console's grammar (`draw decline`).
fn console_grammar(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            let first = span.split_whitespace().next().unwrap_or_default();
            COMMANDS.iter().any(|c| c.name == first)
        })
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_a_discord_text_names_is_a_mention_of_a_registered_command(
) -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    // No game here: "Start one with challenge @player; games lists yours".
    fake.interact_and_wait(&akron(&CAROL, "resign", vec![]))
        .await?;
    // No tournament here: "a moderator can make one with tournament create ...".
    fake.interact_and_wait(&tournament_command(&MODERATOR, "standings", vec![]))
        .await?;
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &BOB),
            payloads::integer_option("size", SIZE),
        ],
    );
    let reply = fake.interact_and_wait(&challenge).await?;
    let (accept, _) = reply
        .buttons()
        .into_iter()
        .find(|(id, _)| id.contains(":accept:"))
        .ok_or("an accept button")?;
    let message = reply.message.ok_or("the challenge message was stored")?;
    fake.interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    // "Hints are only for games against the AI … challenge ai"; a draw offer names both
    // answers; the answer to no takeback request names how to ask for one.
    fake.interact_and_wait(&akron(&ALICE, "hint", vec![]))
        .await?;
    fake.interact_and_wait(&akron(&ALICE, "draw", vec![]))
        .await?;
    fake.interact_and_wait(&akron(
        &ALICE,
        "takeback",
        vec![payloads::integer_option("action", 1)],
    ))
    .await?;

    let registered: BTreeSet<(String, String)> = fake
        .registered_commands()
        .iter()
        .filter_map(|c| {
            Some((
                c["name"].as_str()?.to_string(),
                c["id"].as_str()?.to_string(),
            ))
        })
        .collect();
    assert_eq!(registered.len(), 5, "{registered:?}");
    let subcommands: BTreeSet<(String, String)> = fake
        .registered_commands()
        .iter()
        .flat_map(|c| {
            let name = c["name"].as_str().unwrap_or_default().to_string();
            c["options"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter_map(move |o| Some((name.clone(), o["name"].as_str()?.to_string())))
        })
        .collect();
    let mut named = 0;
    let mut wrong = Vec::new();
    for request in fake.requests() {
        if request.path.contains("/commands") {
            continue;
        }
        let Some(json) = &request.json else { continue };
        let mut said = Vec::new();
        texts(json, None, &mut said);
        for text in said {
            for (command, sub, id) in mentions(&text) {
                named += 1;
                if !registered.contains(&(command.clone(), id.clone()))
                    || !subcommands.contains(&(command.clone(), sub.clone()))
                {
                    wrong.push(format!("</{command} {sub}:{id}> in: {text}"));
                }
            }
            for span in console_grammar(&text) {
                wrong.push(format!("the console's `{span}` in: {text}"));
            }
            if text.contains(akron_service::catalogue::COMMAND_START) {
                wrong.push(format!("an unwritten command reference in: {text:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(named >= 6, "only {named} command mentions were sent");
    stop_bot(bot).await
}

/// Issue 39: the ids Discord gives the commands at registration are stored in the database,
/// so every process of the bot (a worker delivering notices) writes command mentions with
/// them, without listing the commands again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_ids_are_stored_at_registration() -> Result<(), Error> {
    let (fake, bot, dir) = setup().await?;
    let registered: BTreeSet<(String, String)> = fake
        .registered_commands()
        .iter()
        .filter_map(|c| {
            Some((
                c["name"].as_str()?.to_string(),
                c["id"].as_str()?.to_string(),
            ))
        })
        .collect();
    assert_eq!(registered.len(), 5, "{registered:?}");
    let service = akron_bot::service::Service::open(akron_bot::service::Config::with_db(
        dir.path().join("akron.db"),
    ))?;
    // Stored right after registering: asked again until they are, for at most 10 s.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let stored = loop {
        let stored: BTreeSet<(String, String)> =
            service.platform_commands("discord")?.into_iter().collect();
        if !stored.is_empty() || std::time::Instant::now() > deadline {
            break stored;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(stored, registered);
    stop_bot(bot).await
}
