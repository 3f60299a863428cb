//! Issue 31 through the real bot and the fake Discord: with the pseudo-language (every
//! message the catalogue says wrapped in `⟦ ⟧`), every text the bot sends Discord in a whole
//! game and a whole one-round tournament (messages, interaction answers, button labels,
//! attachment descriptions, embeds, thread names) came from the catalogue.
//!
//! The pseudo-language is switched on for a whole process (the bot's tasks run on any
//! thread), so the check runs in a process of its own: the test starts this test binary
//! again on the ignored test below, with the switch in its environment.

use crate::discord_e2e::{
    akron, every_attachment_described, layer_refusals, player, setup, stop_bot, tournament_command,
    winning_game, Error, SIZE,
};
use crate::fake_discord::payloads::{self, ALICE, BOB, CAROL, MODERATOR};
use crate::fake_discord::{FakeDiscord, CHANNEL_ID};
use serde_json::Value;

/// What the users typed that the bot repeats: their names and the tournament's.
const NAMES: [&str; 5] = [ALICE.name, BOB.name, CAROL.name, MODERATOR.name, "Cup"];

const INNER: &str = "discord_languages::a_whole_discord_game_in_the_pseudo_language";

#[test]
fn every_text_the_bot_sends_discord_in_a_whole_game_comes_from_the_catalogue() -> Result<(), Error>
{
    let output = std::process::Command::new(std::env::current_exe()?)
        .args([INNER, "--exact", "--ignored", "--test-threads=1"])
        .env(akron_service::catalogue::PSEUDO_LANGUAGE_VARIABLE, "1")
        .output()?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(())
}

/// The texts a user reads in one request the bot made: its content, embeds, button labels,
/// attachment descriptions and a thread's name, wherever they sit (an interaction answer
/// keeps them under `data`).
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
                Some("content" | "title" | "description" | "text" | "label" | "name" | "value")
            ) =>
        {
            out.push(text.clone());
        }
        _ => {}
    }
}

/// Run only by the test above, in a process with the pseudo-language on.
#[ignore = "run by every_text_the_bot_sends_discord_in_a_whole_game_comes_from_the_catalogue"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_discord_game_in_the_pseudo_language() -> Result<(), Error> {
    if std::env::var_os(akron_service::catalogue::PSEUDO_LANGUAGE_VARIABLE).is_none() {
        return Err("run with the pseudo-language on (see the test that runs this one)".into());
    }
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &BOB),
            payloads::integer_option("size", SIZE),
            payloads::integer_option("rule", 1),
            payloads::integer_option("colour", 0),
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
    // A bystander's refusal, a board asked for, then the whole game.
    let refused = fake
        .interact_and_wait(&akron(&CAROL, "resign", vec![]))
        .await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    fake.interact_and_wait(&akron(&CAROL, "board", vec![]))
        .await?;
    // The Discord layer's own refusals, made before the service reads the command.
    for interaction in layer_refusals(&CAROL) {
        let refused = fake.interact_and_wait(&interaction).await?;
        assert!(refused.is_ephemeral(), "{}", refused.content());
    }
    for (ply, mv) in moves.iter().enumerate() {
        let reply = fake
            .interact_and_wait(&akron(
                player(ply),
                "move",
                vec![payloads::string_option("notation", &mv.to_string())],
            ))
            .await?;
        assert!(!reply.is_ephemeral(), "{}", reply.content());
    }
    tournament_round(&fake).await?;
    let mut leaks = Vec::new();
    let mut seen = 0;
    for request in fake.requests() {
        // The command table's names and descriptions are Discord's localisations, checked
        // by their own tests.
        if request.path.contains("/commands") {
            continue;
        }
        let Some(json) = &request.json else { continue };
        let mut said = Vec::new();
        texts(json, None, &mut said);
        for text in said {
            seen += 1;
            // Names are the users' own (a table's cells, an alt text's rows): set aside.
            let left = akron_service::testing::outside_catalogue(&text);
            let words = left
                .split(|c: char| !c.is_alphanumeric())
                .filter(|word| !NAMES.contains(word))
                .collect::<String>();
            if words.chars().any(char::is_alphabetic) {
                leaks.push(format!(
                    "{} {}: {left:?} in: {text}",
                    request.method, request.path
                ));
            }
        }
    }
    assert!(seen > 20, "only {seen} texts were sent");
    assert!(
        leaks.is_empty(),
        "texts that did not come from the catalogue:\n{}",
        leaks.join("\n")
    );
    every_attachment_described(&fake, 3)?;
    stop_bot(bot).await
}

/// A one-round tournament in the same channel after the game: created, joined with its
/// button by two players, started (pairings with their table, the game announced and its
/// thread opened with the board inside), resigned in the thread, the final standings posted.
async fn tournament_round(fake: &FakeDiscord) -> Result<(), Error> {
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Cup"),
                payloads::integer_option("format", 0),
                payloads::integer_option("rounds", 1),
                payloads::integer_option("board", SIZE),
            ],
        ))
        .await?;
    let (join, _) = created
        .buttons()
        .into_iter()
        .find(|(id, _)| id.contains(":tournament-join:"))
        .ok_or_else(|| format!("a join button on: {:?}", created.buttons()))?;
    let signup = created.message.ok_or("the sign-up message was stored")?;
    for who in [&ALICE, &BOB] {
        fake.interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
    }
    fake.interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    fake.wait_for("a thread for the tournament's game", |requests| {
        requests
            .iter()
            .any(|request| request.is("POST", "/threads") && !request.refused())
            .then_some(())
    })
    .await?;
    let thread = fake
        .threads_of(CHANNEL_ID)
        .first()
        .and_then(|t| t["id"].as_str()?.parse::<u64>().ok())
        .ok_or("a thread was opened")?;
    fake.wait_messages(thread, 1).await?;
    fake.interact_and_wait(&payloads::slash(
        &ALICE,
        thread,
        "akron",
        Some("resign"),
        Vec::new(),
    ))
    .await?;
    fake.wait_channel(CHANNEL_ID, "the final standings", |messages| {
        messages.iter().any(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("Cup** is over"))
        })
    })
    .await?;
    Ok(())
}
