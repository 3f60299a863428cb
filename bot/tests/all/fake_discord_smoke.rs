//! The fake Discord itself: its payloads parse as serenity's models, and a real serenity + poise
//! client connects to it, registers commands, answers an injected slash command (with a file),
//! and resumes after the gateway connection drops.

use crate::fake_discord;

use fake_discord::payloads::{self, ALICE, BOB};
use fake_discord::{FakeDiscord, FakeError, CHANNEL_ID, GUILD_ID};
use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::model::prelude::{Guild, Interaction, Message, Ready};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, (), Error>;

/// Answers with the word it was given, as an ephemeral message with a small file attached.
#[poise::command(slash_command)]
async fn echo(
    ctx: Context<'_>,
    #[description = "What to say back"] word: String,
) -> Result<(), Error> {
    let reply = poise::CreateReply::default()
        .content(format!("echo {word}"))
        .attachment(serenity::CreateAttachment::bytes(
            word.clone().into_bytes(),
            "word.txt",
        ))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

struct Bot {
    shard_manager: std::sync::Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
}

async fn start_bot(fake: &FakeDiscord) -> Result<Bot, Error> {
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![echo()],
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                let guild = serenity::GuildId::new(GUILD_ID);
                poise::builtins::register_in_guild(ctx, &framework.options().commands, guild)
                    .await?;
                Ok(())
            })
        })
        .build();
    let http = serenity::HttpBuilder::new("fake-token")
        .client(fake.http_client()?)
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });
    Ok(Bot {
        shard_manager,
        task,
    })
}

#[test]
fn payloads_deserialize_as_serenity_models() -> Result<(), serde_json::Error> {
    let ready: Ready = serde_json::from_value(payloads::ready(
        "s",
        "ws://127.0.0.1:1",
        0,
        1,
        &[payloads::GUILD_ID],
    ))?;
    assert_eq!(ready.user.id.get(), payloads::BOT_USER_ID);
    let guild: Guild = serde_json::from_value(payloads::guild_create())?;
    assert_eq!(guild.members.len(), 4);
    assert_eq!(guild.threads.len(), 1);
    let body = json!({"content": "hi", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Accept", "custom_id": "akron:accept:1"}
    ]}]});
    let file = fake_discord::FilePart {
        field: "files[0]".into(),
        filename: "board.png".into(),
        content_type: Some("image/png".into()),
        bytes: vec![1, 2, 3],
    };
    let message_json = payloads::message(5, CHANNEL_ID, &body, &[file]);
    let parsed: Message = serde_json::from_value(message_json.clone())?;
    assert_eq!(parsed.attachments.len(), 1);
    assert_eq!(parsed.components.len(), 1);
    let slash = payloads::slash(
        &ALICE,
        CHANNEL_ID,
        "akron",
        Some("challenge"),
        vec![payloads::user_option("opponent", &BOB)],
    );
    let Interaction::Command(command) = serde_json::from_value(slash)? else {
        panic!("a slash command must parse as a command interaction");
    };
    assert_eq!(command.user.id.get(), ALICE.id);
    assert_eq!(command.data.resolved.users.len(), 1);
    let typed =
        payloads::autocomplete(&ALICE, CHANNEL_ID, "akron", Some("move"), "notation", "C4-");
    assert!(matches!(
        serde_json::from_value(typed)?,
        Interaction::Autocomplete(_)
    ));
    let press = payloads::button(&BOB, &message_json, "akron:accept:1");
    let Interaction::Component(component) = serde_json::from_value(press)? else {
        panic!("a button press must parse as a component interaction");
    };
    assert_eq!(component.data.custom_id, "akron:accept:1");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_poise_client_registers_answers_and_resumes() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let bot = start_bot(&fake).await?;

    fake.wait_connected(1).await?;
    let commands = fake.wait_commands().await?;
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "echo");
    assert_eq!(commands[0]["options"][0]["name"], "word");
    assert_eq!(commands[0]["options"][0]["description"], "What to say back");
    let registered_in_guild = fake.requests().iter().any(|request| {
        request.is(
            "PUT",
            &format!(
                "/applications/{}/guilds/{GUILD_ID}/commands",
                fake_discord::APPLICATION_ID
            ),
        )
    });
    assert!(registered_in_guild, "commands go to the test guild");

    let interaction = payloads::slash(
        &ALICE,
        CHANNEL_ID,
        "echo",
        None,
        vec![payloads::string_option("word", "hello")],
    );
    let reply = fake.interact_and_wait(&interaction).await?;
    assert_eq!(reply.callback_type, 4);
    assert_eq!(reply.content(), "echo hello");
    assert!(reply.is_ephemeral());
    assert_eq!(reply.files.len(), 1);
    assert_eq!(reply.files[0].filename, "word.txt");
    assert_eq!(reply.files[0].bytes, b"hello");

    // Lose the connection; an interaction sent meanwhile arrives after the resume.
    fake.drop_gateway();
    let during = payloads::slash(
        &BOB,
        CHANNEL_ID,
        "echo",
        None,
        vec![payloads::string_option("word", "again")],
    );
    fake.interact(&during)?;
    fake.wait_connected(2).await?;
    let (id, token) = payloads::id_and_token(&during);
    let reply = fake.wait_reply(&id, &token).await?;
    assert_eq!(reply.content(), "echo again");
    let (identifies, resumes) = fake.identifies_and_resumes();
    assert_eq!(
        (identifies, resumes),
        (1, 1),
        "the client resumed instead of re-identifying"
    );

    bot.shard_manager.shutdown_all().await;
    match tokio::time::timeout(fake_discord::WAIT, bot.task).await {
        Ok(joined) => joined??,
        Err(_) => return Err(FakeError::Timeout("the client to stop".into()).into()),
    }
    Ok(())
}
