//! A game against the bot itself, end to end: the real bot (serenity + poise + the service +
//! the AI worker) against the fake Discord on loopback. The AI's moves arrive as channel
//! messages through the outbox, like any notice.

use crate::fake_discord;

use akron_bot::discord::{self, Settings};
use akron_bot::service::{ChannelId, Config, Service};
use fake_discord::payloads::{self, TestUser, ALICE, BOT_USER_ID, MEMBER_PERMISSIONS};
use fake_discord::{FakeDiscord, CHANNEL_ID, GUILD_ID};
use serde_json::Value;
use std::sync::Arc;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The bot as a user to pick in the `opponent` option.
const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "akron",
    permissions: MEMBER_PERMISSIONS,
};

fn akron(user: &TestUser, subcommand: &str, options: Vec<Value>) -> Value {
    payloads::slash(user, CHANNEL_ID, "akron", Some(subcommand), options)
}

/// How many channel messages announce a move of the AI.
fn ai_moves(messages: &[Value]) -> usize {
    messages
        .iter()
        .filter(|m| {
            let text = m.to_string();
            // The AI plays Black: "**Akron AI level 3** (Black) placed **B2**."
            text.contains("Akron AI level 3** (Black) placed")
                || text.contains("Akron AI level 3** (Black) stepped")
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_is_answered_by_the_ai() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let mut config = Config::with_db(dir.path().join("akron.db"));
    config.ai.playouts = Some(30);
    config.ai.searches = 1;
    let service = Arc::new(Service::open(config)?);
    let settings = Settings {
        token: "fake-token".into(),
        dev_guild: Some(GUILD_ID),
        api_url: None,
        http_client: Some(fake.http_client()?),
    };
    let mut client = discord::client(&settings, Arc::clone(&service)).await?;
    let shards = client.shard_manager.clone();
    let background = Arc::clone(&service);
    let task = tokio::spawn(async move {
        // The binary runs the scheduler and the AI worker beside the front ends.
        let _background = akron_service::scheduler::Background::start(&background);
        client.start().await
    });
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;

    // Alice picks the bot as her opponent and plays White: the AI opens.
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &THE_BOT),
            payloads::integer_option("size", 4),
            payloads::integer_option("rule", 1),
            payloads::integer_option("colour", 1),
        ],
    );
    let started = fake.interact_and_wait(&challenge).await?;
    assert!(!started.is_ephemeral(), "{}", started.content());
    assert!(
        started.content().contains("plays the AI"),
        "{}",
        started.content()
    );
    assert!(
        !started.content().contains(&format!("<@{BOT_USER_ID}>")),
        "the bot pings nobody for itself"
    );
    fake.wait_channel(CHANNEL_ID, "the AI's opening move", |m| ai_moves(m) >= 1)
        .await?;

    // Alice answers; the AI answers her.
    let channel = ChannelId::new("discord", &CHANNEL_ID.to_string());
    let view = service.channel_game(&channel)?.ok_or("a running game")?;
    assert_eq!(view.game.moves().len(), 1);
    let reply_move = view
        .game
        .legal_moves()
        .into_iter()
        .find(|m| *m != akron_rules::Move::Swap)
        .ok_or("a move")?;
    let moved = fake
        .interact_and_wait(&akron(
            &ALICE,
            "move",
            vec![payloads::string_option("notation", &reply_move.to_string())],
        ))
        .await?;
    assert!(!moved.is_ephemeral(), "{}", moved.content());
    fake.wait_channel(CHANNEL_ID, "the AI's second move", |m| ai_moves(m) >= 2)
        .await?;
    let view = service.channel_game(&channel)?;
    assert!(
        view.is_none_or(|v| v.game.moves().len() == 3),
        "three moves played"
    );

    // A hint, privately.
    if service.channel_game(&channel)?.is_some() {
        let hint = fake
            .interact_and_wait(&akron(&ALICE, "hint", vec![]))
            .await?;
        assert!(hint.is_ephemeral(), "{}", hint.content());
        assert!(
            hint.content().contains("Hint for game"),
            "{}",
            hint.content()
        );
    }
    // A puzzle, proven by the solver, opens a discussion thread off its message.
    let create = payloads::slash(
        &ALICE,
        CHANNEL_ID,
        "akron-puzzle",
        Some("create"),
        vec![
            payloads::string_option("code", "3:b:3,4:b2/3/b2"),
            payloads::integer_option("rule", 1),
            payloads::string_option("title", "The left edge"),
        ],
    );
    let posted = fake.interact_and_wait(&create).await?;
    assert!(!posted.is_ephemeral(), "{}", posted.content());
    assert!(posted.text().contains("win in 1 move"), "{}", posted.text());
    fake.wait_for("the puzzle's thread", |requests| {
        requests
            .iter()
            .find(|r| r.is("POST", "/threads"))
            .map(|_| ())
    })
    .await?;
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    shards.shutdown_all().await;
    tokio::time::timeout(fake_discord::WAIT, task).await???;
    Ok(())
}

/// Issue 44: `/akron-puzzle mine` answers only the caller (an ephemeral reply): with nothing
/// analysed it says so; with a puzzle made from one of alice's blunders it offers it to her
/// alone, and bob, asking for it by number, is told he has no such puzzle.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzle_mine_is_answered_to_the_player_alone() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let mut config = Config::with_db(dir.path().join("akron.db"));
    config.ai.playouts = Some(30);
    config.ai.searches = 1;
    let service = Arc::new(Service::open(config)?);
    let settings = Settings {
        token: "fake-token".into(),
        dev_guild: Some(GUILD_ID),
        api_url: None,
        http_client: Some(fake.http_client()?),
    };
    let mut client = discord::client(&settings, Arc::clone(&service)).await?;
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    let mine = |user: &TestUser, options: Vec<Value>| {
        payloads::slash(user, CHANNEL_ID, "akron-puzzle", Some("mine"), options)
    };
    let nothing = fake.interact_and_wait(&mine(&ALICE, vec![])).await?;
    assert!(nothing.is_ephemeral(), "{}", nothing.content());
    assert!(
        nothing
            .text()
            .contains("None of your finished games is analysed"),
        "{}",
        nothing.text()
    );
    // A game in the channel, and a puzzle of alice's from it, as `puzzle mine` stores one.
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &fake_discord::payloads::BOB),
            payloads::integer_option("size", 4),
        ],
    );
    assert!(!fake.interact_and_wait(&challenge).await?.is_ephemeral());
    let channel = ChannelId::new("discord", &CHANNEL_ID.to_string());
    let game = service.channel_game(&channel)?.ok_or("a game")?;
    let db = akron_service::db::Db::open(&dir.path().join("akron.db"))?;
    let alice = format!("discord:{}", ALICE.id);
    let code = game.game.position().code();
    db.write(|tx| {
        tx.execute(
            "INSERT INTO mine_puzzles (player_id, game_id, ply, code, win_rule, kind, \
             first_moves, played, best_chance, created_at) \
             VALUES (?1, ?2, 0, ?3, 'delayed', 'best', 'B2', 'A1', 600, 0)",
            akron_service::params![alice, game.id.0, code],
        )
    })?;
    let offer = fake.interact_and_wait(&mine(&ALICE, vec![])).await?;
    assert!(offer.is_ephemeral(), "{}", offer.content());
    assert!(offer.text().contains("Your puzzle #1"), "{}", offer.text());
    assert!(
        offer.text().contains("find the best move"),
        "{}",
        offer.text()
    );
    let peek = fake
        .interact_and_wait(&mine(
            &fake_discord::payloads::BOB,
            vec![payloads::integer_option("puzzle", 1)],
        ))
        .await?;
    assert!(peek.is_ephemeral(), "{}", peek.content());
    assert!(
        peek.text().contains("You have no puzzle #1"),
        "{}",
        peek.text()
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    shards.shutdown_all().await;
    tokio::time::timeout(fake_discord::WAIT, task).await???;
    Ok(())
}
