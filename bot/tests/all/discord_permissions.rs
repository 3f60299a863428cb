//! What a server that withholds a permission from the bot gets, end to end: the real bot
//! against the fake Discord, which refuses what the bot's permissions in a channel do not
//! allow (403, 50001 or 50013) and tells the bot its permissions with each interaction.
//! Each fallback is tested: a game that wanted a thread stays in the channel with a note
//! naming the permission, a board is described in text when pictures cannot be shown (in a
//! reply, and in a notice the bot posts by itself), and a command where the bot cannot
//! post is refused privately.

use crate::fake_discord;

use akron_bot::discord::{self, Settings};
use akron_bot::service::{Config, Service};
use fake_discord::payloads::{
    self, TestUser, ALICE, ATTACH_FILES, BOB, BOT_USER_ID, CAROL, CREATE_PUBLIC_THREADS,
    EMBED_LINKS, MEMBER_PERMISSIONS, MODERATOR, OTHER_CHANNEL_ID, SEND_MESSAGES_IN_THREADS,
    THREAD_ID, VIEW_CHANNEL,
};
use fake_discord::{FakeDiscord, FakeError, Reply, CHANNEL_ID, GUILD_ID};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::sync::Arc;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The test games: 3 × 3.
const SIZE: i64 = 3;

struct Bot {
    shards: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    _dir: tempfile::TempDir,
}

/// Starts the bot against `fake` on a fresh database (the AI searching only a little) and
/// waits until it has registered its commands.
async fn start_bot(fake: &FakeDiscord) -> Result<Bot, Error> {
    let dir = tempfile::tempdir()?;
    let mut config = Config::with_db(dir.path().join("akron.db"));
    config.ai.playouts = Some(30);
    config.ai.searches = 1;
    let settings = Settings {
        token: "fake-token".into(),
        dev_guild: Some(GUILD_ID),
        api_url: None,
        http_client: Some(fake.http_client()?),
    };
    let service = Arc::new(Service::open(config)?);
    let mut client = discord::client(&settings, Arc::clone(&service)).await?;
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        // The binary runs the scheduler and the AI worker beside the front ends.
        let _background = akron_service::scheduler::Background::start(&service);
        client.start().await
    });
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    Ok(Bot {
        shards,
        task,
        _dir: dir,
    })
}

async fn stop_bot(bot: Bot) -> Result<(), Error> {
    bot.shards.shutdown_all().await;
    match tokio::time::timeout(fake_discord::WAIT, bot.task).await {
        Ok(joined) => Ok(joined??),
        Err(_) => Err(FakeError::Timeout("the bot to stop".into()).into()),
    }
}

fn akron(user: &TestUser, channel: u64, subcommand: &str, options: Vec<Value>) -> Value {
    payloads::slash(user, channel, "akron", Some(subcommand), options)
}

/// The custom id of the button labelled `label`.
fn button_id(reply: &Reply, label: &str) -> Result<String, Error> {
    reply
        .buttons()
        .into_iter()
        .find(|(_, shown)| shown == label)
        .map(|(id, _)| id)
        .ok_or_else(|| format!("no {label} button on: {}", reply.content()).into())
}

/// Alice challenges Bob in the channel (`thread` asks for a thread of its own); Bob accepts
/// with the button. Returns the accepted board.
async fn start_game(fake: &FakeDiscord, thread: bool) -> Result<Reply, Error> {
    let mut options = vec![
        payloads::user_option("opponent", &BOB),
        payloads::integer_option("size", SIZE),
        payloads::integer_option("colour", 0),
    ];
    if thread {
        options.push(json!({"name": "thread", "type": 5, "value": true}));
    }
    let reply = fake
        .interact_and_wait(&akron(&ALICE, CHANNEL_ID, "challenge", options))
        .await?;
    let accept = button_id(&reply, "Accept")?;
    let message = reply.message.ok_or("the challenge message was stored")?;
    let accepted = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());
    Ok(accepted)
}

/// Waits for a message in `channel` whose text contains `text`; returns it.
async fn wait_text(fake: &FakeDiscord, channel: u64, text: &str) -> Result<Value, Error> {
    let messages = fake
        .wait_channel(channel, text, |messages| {
            messages.iter().any(|m| m.to_string().contains(text))
        })
        .await?;
    messages
        .into_iter()
        .find(|m| m.to_string().contains(text))
        .ok_or_else(|| format!("no message with {text}").into())
}

/// A thread game in a channel where the bot lacks `withheld` stays in the channel: no
/// thread is asked of Discord, a note names what is missing, and the game is played there.
async fn a_thread_game_stays_in_the_channel_without(
    withheld: u64,
    named: &str,
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let bot = start_bot(&fake).await?;
    fake.deny_bot(CHANNEL_ID, withheld);
    start_game(&fake, true).await?;
    let note = wait_text(&fake, CHANNEL_ID, "stays in this channel").await?;
    let note = note["content"].as_str().unwrap_or_default();
    assert!(note.contains(named), "{note}");
    assert!(
        !fake.requests().iter().any(|r| r.is("POST", "/threads")),
        "no thread was asked for"
    );
    assert_eq!(
        fake.threads_of(CHANNEL_ID).len(),
        1,
        "the guild's own thread"
    );
    let board = fake
        .interact_and_wait(&akron(&CAROL, CHANNEL_ID, "board", vec![]))
        .await?;
    assert!(
        !board.is_ephemeral(),
        "the game is this channel's: {}",
        board.content()
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_create_public_threads_a_thread_game_stays_in_the_channel_with_a_note(
) -> Result<(), Error> {
    a_thread_game_stays_in_the_channel_without(CREATE_PUBLIC_THREADS, "Create Public Threads").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_send_messages_in_threads_a_thread_game_stays_in_the_channel_with_a_note(
) -> Result<(), Error> {
    a_thread_game_stays_in_the_channel_without(SEND_MESSAGES_IN_THREADS, "Send Messages in Threads")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_create_public_threads_a_tournament_game_is_announced_with_a_note(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let bot = start_bot(&fake).await?;
    fake.deny_bot(CHANNEL_ID, CREATE_PUBLIC_THREADS);
    let tournament = |user: &TestUser, action: &str, options: Vec<Value>| {
        payloads::slash(user, CHANNEL_ID, "akron-tournament", Some(action), options)
    };
    let created = fake
        .interact_and_wait(&tournament(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Thread-less Cup"),
                payloads::integer_option("format", 0),
                payloads::integer_option("rounds", 1),
                payloads::integer_option("board", SIZE),
            ],
        ))
        .await?;
    let join = button_id(&created, "Join")?;
    let signup = created.message.ok_or("the sign-up message")?;
    for who in [&ALICE, &BOB] {
        fake.interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
    }
    let started = fake
        .interact_and_wait(&tournament(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(!started.is_ephemeral(), "{}", started.content());
    // The game's notice is posted by the bot on its own, without knowing its permissions:
    // Discord refuses the thread, and the bot says so in the channel.
    let note = wait_text(&fake, CHANNEL_ID, "could not open a thread for game").await?;
    let note = note["content"].as_str().unwrap_or_default();
    assert!(note.contains("Create Public Threads"), "{note}");
    let refusals = fake.refusals();
    assert!(
        refusals
            .iter()
            .all(|r| r.path.ends_with("/threads") && r.error_code() == Some(50013)),
        "only the thread was refused: {refusals:?}"
    );
    assert_eq!(
        fake.threads_of(CHANNEL_ID).len(),
        1,
        "the guild's own thread"
    );
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_bot_cannot_post_a_command_is_refused_privately_naming_the_permission(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let bot = start_bot(&fake).await?;
    // In a thread, posting takes Send Messages in Threads (Send Messages does not count).
    fake.deny_bot(THREAD_ID, SEND_MESSAGES_IN_THREADS);
    let refused = fake
        .interact_and_wait(&akron(&ALICE, THREAD_ID, "rules", vec![]))
        .await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("Send Messages in Threads"),
        "{}",
        refused.content()
    );
    // A channel the bot cannot see at all.
    fake.set_bot_permissions(OTHER_CHANNEL_ID, 0);
    let hidden = fake
        .interact_and_wait(&akron(&ALICE, OTHER_CHANNEL_ID, "rules", vec![]))
        .await?;
    assert!(hidden.is_ephemeral(), "{}", hidden.content());
    assert!(
        hidden.content().contains("View Channel"),
        "{}",
        hidden.content()
    );
    // Said in the caller's language, the permissions named as Discord's settings name them.
    let mut in_german = akron(&ALICE, OTHER_CHANNEL_ID, "rules", vec![]);
    in_german["locale"] = serde_json::Value::from("de");
    let german = fake.interact_and_wait(&in_german).await?;
    assert!(
        german.content().starts_with(
            "Ich kann in diesem Kanal nicht schreiben: Ich brauche hier die Berechtigungen \
             Kanal ansehen und Nachrichten senden."
        ),
        "{}",
        german.content()
    );
    for channel in [THREAD_ID, OTHER_CHANNEL_ID] {
        assert!(fake.channel_messages(channel).is_empty());
    }
    // The same command where the bot may post is answered for everyone.
    let answered = fake
        .interact_and_wait(&akron(&ALICE, CHANNEL_ID, "rules", vec![]))
        .await?;
    assert!(!answered.is_ephemeral(), "{}", answered.content());
    assert_eq!(fake.bot_permissions(OTHER_CHANNEL_ID), Some(0));
    assert_eq!(
        fake.bot_permissions(CHANNEL_ID).map(|p| p & VIEW_CHANNEL),
        Some(VIEW_CHANNEL)
    );
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_embed_links_the_board_is_described_and_the_bot_says_why() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let bot = start_bot(&fake).await?;
    fake.deny_bot(CHANNEL_ID, EMBED_LINKS);
    let accepted = start_game(&fake, false).await?;
    assert!(accepted.files.is_empty(), "no picture without Embed Links");
    assert!(
        accepted.data["embeds"]
            .as_array()
            .is_none_or(|embeds| embeds.is_empty()),
        "{}",
        accepted.data
    );
    assert!(
        accepted.content().contains("Embed Links"),
        "{}",
        accepted.content()
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

/// The bot as a user to pick in the `opponent` option.
const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "akron",
    permissions: MEMBER_PERMISSIONS,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_a_notice_with_a_board_is_posted_as_text_with_a_note(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let bot = start_bot(&fake).await?;
    fake.deny_bot(CHANNEL_ID, ATTACH_FILES);
    // Alice plays White against the AI: the AI's opening move arrives as a notice, which the
    // bot posts by itself, not knowing its permissions in the channel.
    let challenge = akron(
        &ALICE,
        CHANNEL_ID,
        "challenge",
        vec![
            payloads::user_option("opponent", &THE_BOT),
            payloads::integer_option("size", SIZE),
            payloads::integer_option("colour", 1),
            payloads::integer_option("level", 1),
        ],
    );
    let started = fake.interact_and_wait(&challenge).await?;
    assert!(!started.is_ephemeral(), "{}", started.content());
    assert!(started.files.is_empty(), "the reply knew: no picture");
    let notice = wait_text(&fake, CHANNEL_ID, "(Black) placed").await?;
    let text = notice["content"].as_str().unwrap_or_default();
    assert!(text.contains("Attach Files"), "{text}");
    assert_eq!(notice["attachments"], json!([]), "{notice}");
    // Discord refused the picture once; the text went through.
    let refusals = fake.refusals();
    assert!(!refusals.is_empty(), "the picture was tried first");
    assert!(
        refusals
            .iter()
            .all(|r| r.error_code() == Some(50013) && !r.files.is_empty()),
        "only pictures were refused: {refusals:?}"
    );
    stop_bot(bot).await
}

/// The invite URL in the README asks for exactly the permissions the bot uses
/// (`discord::PERMISSIONS`), which are those the fake gives the bot by default in every test;
/// and so does every invite URL in the guides (`docs/operating.md` has one too since issue 42).
#[test]
fn every_invite_in_the_docs_asks_for_the_permissions_the_bot_uses() {
    const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));
    const OPERATING: &str =
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/operating.md"));
    const PLAYERS: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/players.md"));
    let bits = discord::PERMISSIONS.bits();
    assert_eq!(bits, payloads::BOT_PERMISSIONS);
    let invite = format!(
        "https://discord.com/oauth2/authorize?client_id=APP_ID&scope=bot+applications.commands\
         &permissions={bits}"
    );
    assert!(README.contains(&invite), "the README's invite is {invite}");
    assert!(
        OPERATING.contains(&invite),
        "docs/operating.md's invite is {invite}"
    );
    for (doc, text) in [
        ("README.md", README),
        ("docs/operating.md", OPERATING),
        ("docs/players.md", PLAYERS),
    ] {
        for (at, _) in text.match_indices("oauth2/authorize") {
            let url: String = text[at..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != ')' && *c != '`')
                .collect();
            assert!(
                url.ends_with(&format!("&permissions={bits}")),
                "{doc} has an invite asking for other permissions: {url}"
            );
        }
    }
}
