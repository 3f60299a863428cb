//! The fake Discord applies the bot's permissions in each channel as Discord does (403 with
//! 50001 Missing Access or 50013 Missing Permissions), and its clock moves when a test says
//! so: interactions expire and nonces are forgotten without a test sleeping.

#![allow(clippy::unwrap_used)]

use crate::fake_discord;

use fake_discord::payloads::{
    self, ALICE, ATTACH_FILES, BOT_PERMISSIONS, CREATE_PUBLIC_THREADS, EMBED_LINKS, MANAGE_THREADS,
    OTHER_CHANNEL_ID, READ_MESSAGE_HISTORY, SEND_MESSAGES, SEND_MESSAGES_IN_THREADS, THREAD_ID,
    VIEW_CHANNEL,
};
use fake_discord::{FakeDiscord, APPLICATION_ID, CHANNEL_ID};
use reqwest::Method;
use serde_json::{json, Value};
use std::time::Duration;

type Error = Box<dyn std::error::Error + Send + Sync>;

async fn post(fake: &FakeDiscord, path: &str, body: Value) -> Result<(u16, Value), Error> {
    Ok(fake.send(Method::POST, path, &body, &[]).await?)
}

fn messages(channel: u64) -> String {
    format!("/channels/{channel}/messages")
}

/// The status and Discord's error code of an answer.
fn refusal((status, answer): &(u16, Value)) -> (u16, Option<u64>) {
    (*status, answer["code"].as_u64())
}

#[tokio::test]
async fn a_channel_the_bot_cannot_see_is_missing_access() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    fake.set_bot_permissions(OTHER_CHANNEL_ID, SEND_MESSAGES | ATTACH_FILES);
    let posted = post(&fake, &messages(OTHER_CHANNEL_ID), json!({"content": "hi"})).await?;
    assert_eq!(refusal(&posted), (403, Some(50001)));
    assert_eq!(posted.1["message"], "Missing Access");
    let listed = fake
        .send(Method::GET, &messages(OTHER_CHANNEL_ID), &Value::Null, &[])
        .await?;
    assert_eq!(refusal(&listed), (403, Some(50001)));
    assert!(fake.channel_messages(OTHER_CHANNEL_ID).is_empty());
    Ok(())
}

#[tokio::test]
async fn posting_takes_send_messages_in_a_channel_and_send_messages_in_threads_in_a_thread(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let hello = json!({"content": "hello"});
    fake.deny_bot(CHANNEL_ID, SEND_MESSAGES);
    let refused = post(&fake, &messages(CHANNEL_ID), hello.clone()).await?;
    assert_eq!(refusal(&refused), (403, Some(50013)));
    assert_eq!(refused.1["message"], "Missing Permissions");
    let (status, _) = post(&fake, &messages(THREAD_ID), hello.clone()).await?;
    assert_eq!(status, 200, "Send Messages has no say in threads");

    // A thread takes its parent's permissions unless it has its own.
    fake.deny_bot(CHANNEL_ID, SEND_MESSAGES_IN_THREADS);
    let refused = post(&fake, &messages(THREAD_ID), hello.clone()).await?;
    assert_eq!(refusal(&refused), (403, Some(50013)));
    fake.set_bot_permissions(THREAD_ID, BOT_PERMISSIONS);
    let (status, _) = post(&fake, &messages(THREAD_ID), hello.clone()).await?;
    assert_eq!(status, 200);

    // Direct messages know no guild permissions.
    let (_, dm) = post(
        &fake,
        "/users/@me/channels",
        json!({"recipient_id": ALICE.id.to_string()}),
    )
    .await?;
    let dm: u64 = dm["id"].as_str().unwrap().parse()?;
    assert_eq!(fake.bot_permissions(dm), None);
    let (status, _) = post(&fake, &messages(dm), hello).await?;
    assert_eq!(status, 200);
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 0);
    Ok(())
}

#[tokio::test]
async fn files_take_attach_files_and_embeds_are_dropped_without_embed_links() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let path = messages(CHANNEL_ID);
    let upload = json!({"content": "the board",
        "attachments": [{"id": 0, "filename": "board.png"}]});
    fake.deny_bot(CHANNEL_ID, ATTACH_FILES);
    let refused = fake
        .send(Method::POST, &path, &upload, &[("board.png", b"png")])
        .await?;
    assert_eq!(refusal(&refused), (403, Some(50013)));
    let (status, _) = post(&fake, &path, json!({"content": "text only"})).await?;
    assert_eq!(status, 200);

    fake.set_bot_permissions(CHANNEL_ID, BOT_PERMISSIONS & !EMBED_LINKS);
    let embed = json!([{"title": "Akron game 1", "description": "the board"}]);
    let refused = post(&fake, &path, json!({"embeds": embed})).await?;
    assert_eq!(
        refusal(&refused),
        (403, Some(50013)),
        "an embed was all it had"
    );
    let (status, kept) = post(&fake, &path, json!({"content": "hi", "embeds": embed})).await?;
    assert_eq!(status, 200);
    assert_eq!(kept["embeds"], json!([]), "posted without its embed");
    let id = kept["id"].as_str().unwrap();
    let edited = fake
        .send(
            Method::PATCH,
            &format!("{path}/{id}"),
            &json!({"embeds": embed}),
            &[],
        )
        .await?;
    assert_eq!(edited.0, 200);
    assert_eq!(edited.1["embeds"], json!([]));
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 2);
    Ok(())
}

#[tokio::test]
async fn threads_take_create_public_threads_and_unarchiving_takes_sending_there(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let (_, starter) = post(&fake, &messages(CHANNEL_ID), json!({"content": "game"})).await?;
    let starter: u64 = starter["id"].as_str().unwrap().parse()?;
    let open = format!("/channels/{CHANNEL_ID}/messages/{starter}/threads");
    fake.deny_bot(CHANNEL_ID, CREATE_PUBLIC_THREADS);
    let refused = post(&fake, &open, json!({"name": "Akron game 1"})).await?;
    assert_eq!(refusal(&refused), (403, Some(50013)));
    assert!(fake.channel(starter).is_none(), "no thread");
    fake.set_bot_permissions(CHANNEL_ID, BOT_PERMISSIONS);
    let (status, _) = post(&fake, &open, json!({"name": "Akron game 1"})).await?;
    assert_eq!(status, 200);

    assert!(fake.archive_thread(starter));
    let thread = format!("/channels/{starter}");
    let unarchive = json!({"archived": false});
    fake.set_bot_permissions(starter, BOT_PERMISSIONS & !SEND_MESSAGES_IN_THREADS);
    let refused = fake.send(Method::PATCH, &thread, &unarchive, &[]).await?;
    assert_eq!(refusal(&refused), (403, Some(50013)));
    fake.set_bot_permissions(starter, BOT_PERMISSIONS);
    let (status, reopened) = fake.send(Method::PATCH, &thread, &unarchive, &[]).await?;
    assert_eq!(status, 200);
    assert_eq!(reopened["thread_metadata"]["archived"], false);
    let lock = json!({"locked": true});
    let refused = fake.send(Method::PATCH, &thread, &lock, &[]).await?;
    assert_eq!(
        refusal(&refused),
        (403, Some(50013)),
        "locking is moderating"
    );
    fake.set_bot_permissions(starter, BOT_PERMISSIONS | MANAGE_THREADS);
    let (status, _) = fake.send(Method::PATCH, &thread, &lock, &[]).await?;
    assert_eq!(status, 200);
    Ok(())
}

#[tokio::test]
async fn reading_messages_back_takes_read_message_history() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let (_, posted) = post(&fake, &messages(CHANNEL_ID), json!({"content": "one"})).await?;
    let id = posted["id"].as_str().unwrap();
    let (status, listed) = fake
        .send(Method::GET, &messages(CHANNEL_ID), &Value::Null, &[])
        .await?;
    assert_eq!(
        (status, listed),
        (200, json!([])),
        "no history, no messages"
    );
    let one = format!("{}/{id}", messages(CHANNEL_ID));
    let refused = fake.send(Method::GET, &one, &Value::Null, &[]).await?;
    assert_eq!(refusal(&refused), (403, Some(50001)));
    fake.set_bot_permissions(CHANNEL_ID, BOT_PERMISSIONS | READ_MESSAGE_HISTORY);
    let (status, listed) = fake
        .send(Method::GET, &messages(CHANNEL_ID), &Value::Null, &[])
        .await?;
    assert_eq!((status, listed[0]["content"].clone()), (200, json!("one")));
    let (status, _) = fake.send(Method::GET, &one, &Value::Null, &[]).await?;
    assert_eq!(status, 200);
    Ok(())
}

#[tokio::test]
async fn an_interaction_is_answered_whatever_the_bots_permissions_in_the_channel(
) -> Result<(), Error> {
    // Interaction answers go through the interaction's webhook, not the channel: the bot
    // answers (privately, to say why) even where it may not post.
    let fake = FakeDiscord::start().await?;
    fake.set_bot_permissions(CHANNEL_ID, VIEW_CHANNEL);
    let command = payloads::slash(&ALICE, CHANNEL_ID, "akron", Some("help"), vec![]);
    fake.track_interaction(&command, Duration::ZERO);
    let (id, token) = payloads::id_and_token(&command);
    let answer = json!({"type": 4, "data": {"content": "I can't post here", "flags": 64}});
    let (status, _) = post(
        &fake,
        &format!("/interactions/{id}/{token}/callback"),
        answer,
    )
    .await?;
    assert_eq!(status, 204);
    Ok(())
}

#[tokio::test]
async fn the_fake_clock_expires_interactions_and_nonces_without_sleeping() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let late = payloads::slash(&ALICE, CHANNEL_ID, "akron", Some("help"), vec![]);
    fake.track_interaction(&late, Duration::ZERO);
    fake.advance(Duration::from_millis(3_001));
    let (id, token) = payloads::id_and_token(&late);
    let answer = json!({"type": 4, "data": {"content": "too late"}});
    let refused = post(
        &fake,
        &format!("/interactions/{id}/{token}/callback"),
        answer,
    )
    .await?;
    assert_eq!(refusal(&refused), (404, Some(10062)));

    let deferred = payloads::slash(&ALICE, CHANNEL_ID, "akron", Some("help"), vec![]);
    fake.track_interaction(&deferred, Duration::ZERO);
    let (id, token) = payloads::id_and_token(&deferred);
    let (status, _) = post(
        &fake,
        &format!("/interactions/{id}/{token}/callback"),
        json!({"type": 5}),
    )
    .await?;
    assert_eq!(status, 204);
    let followup = format!("/webhooks/{APPLICATION_ID}/{token}");
    fake.advance(Duration::from_secs(14 * 60));
    let (status, _) = post(&fake, &followup, json!({"content": "in time"})).await?;
    assert_eq!(status, 200, "fourteen minutes on, the token still works");
    fake.advance(Duration::from_secs(61));
    let refused = post(&fake, &followup, json!({"content": "too late"})).await?;
    assert_eq!(refusal(&refused), (401, Some(50027)));

    let body = json!({"content": "your move", "nonce": "outbox-3", "enforce_nonce": true});
    let (_, first) = post(&fake, &messages(CHANNEL_ID), body.clone()).await?;
    fake.advance(Duration::from_secs(4 * 60));
    let (_, again) = post(&fake, &messages(CHANNEL_ID), body.clone()).await?;
    assert_eq!(
        again["id"], first["id"],
        "within five minutes: the same message"
    );
    fake.advance(Duration::from_secs(2 * 60));
    let (_, later) = post(&fake, &messages(CHANNEL_ID), body).await?;
    assert_ne!(
        later["id"], first["id"],
        "after five minutes the nonce is forgotten"
    );
    Ok(())
}
