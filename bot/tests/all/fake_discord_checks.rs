//! The fake Discord refuses what Discord refuses, with Discord's codes: message limits, empty
//! messages, interactions answered twice, late or after their token expired, unknown messages,
//! archived threads, users who refuse direct messages; it keeps messages per channel, makes
//! threads and DM channels, honours `enforce_nonce`, and answers 429 when told to, which
//! serenity's rate limiter retries.

#![allow(clippy::unwrap_used)]

use crate::fake_discord;

use fake_discord::payloads::{self, ALICE, BOB, OTHER_CHANNEL_ID, THREAD_ID};
use fake_discord::{validate, FakeDiscord, CHANNEL_ID};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::time::Duration;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// A raw JSON request to the fake's plain-HTTP API; returns the status and the JSON body
/// (`null` when there is none).
async fn call(
    fake: &FakeDiscord,
    method: reqwest::Method,
    path: &str,
    body: &Value,
) -> Result<(u16, Value), Error> {
    let url = format!("{}/api/v10{path}", fake.api_url());
    let response = reqwest::Client::new()
        .request(method, url)
        .header("content-type", "application/json")
        .body(serde_json::to_vec(body)?)
        .send()
        .await?;
    let status = response.status().as_u16();
    let bytes = response.bytes().await?;
    let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Ok((status, json))
}

async fn post(fake: &FakeDiscord, path: &str, body: Value) -> Result<(u16, Value), Error> {
    call(fake, reqwest::Method::POST, path, &body).await
}

async fn patch(fake: &FakeDiscord, path: &str, body: Value) -> Result<(u16, Value), Error> {
    call(fake, reqwest::Method::PATCH, path, &body).await
}

fn channel_messages(channel: u64) -> String {
    format!("/channels/{channel}/messages")
}

/// The first error code at `path` in an Invalid Form Body answer.
fn form_error<'a>(answer: &'a Value, path: &[&str]) -> &'a Value {
    let mut node = &answer["errors"];
    for key in path {
        node = &node[*key];
    }
    &node["_errors"][0]["code"]
}

fn buttons(rows: usize, per_row: usize) -> Value {
    let rows: Vec<Value> = (0..rows)
        .map(|row| {
            let buttons: Vec<Value> = (0..per_row)
                .map(|n| json!({"type": 2, "style": 1, "label": "Go", "custom_id": format!("b{row}-{n}")}))
                .collect();
            json!({"type": 1, "components": buttons})
        })
        .collect();
    Value::Array(rows)
}

#[tokio::test]
async fn message_limits_are_refused_as_invalid_form_body_and_nothing_is_stored() -> Result<(), Error>
{
    let fake = FakeDiscord::start().await?;
    let path = channel_messages(CHANNEL_ID);

    let (status, _) = post(&fake, &path, json!({"content": "é".repeat(2000)})).await?;
    assert_eq!(status, 200, "2000 characters (not bytes) are fine");
    let (status, answer) = post(&fake, &path, json!({"content": "x".repeat(2001)})).await?;
    assert_eq!((status, answer["code"].clone()), (400, json!(50035)));
    assert_eq!(answer["message"], "Invalid Form Body");
    assert_eq!(form_error(&answer, &["content"]), "BASE_TYPE_MAX_LENGTH");

    let long_description = json!({"embeds": [{"description": "d".repeat(4097)}]});
    let (status, answer) = post(&fake, &path, long_description).await?;
    assert_eq!(status, 400);
    assert_eq!(
        form_error(&answer, &["embeds", "0", "description"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let long_title = json!({"embeds": [{"title": "t".repeat(257)}]});
    let (_, answer) = post(&fake, &path, long_title).await?;
    assert_eq!(
        form_error(&answer, &["embeds", "0", "title"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let fields: Vec<Value> = (0..26)
        .map(|n| json!({"name": format!("f{n}"), "value": "v"}))
        .collect();
    let (_, answer) = post(&fake, &path, json!({"embeds": [{"fields": fields}]})).await?;
    assert_eq!(
        form_error(&answer, &["embeds", "0", "fields"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let footer = json!({"embeds": [{"description": "x", "footer": {"text": "f".repeat(2049)}}]});
    let (_, answer) = post(&fake, &path, footer).await?;
    assert_eq!(
        form_error(&answer, &["embeds", "0", "footer", "text"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let two_big = json!({"embeds": [
        {"description": "a".repeat(4000)}, {"description": "b".repeat(2001)}
    ]});
    let (_, answer) = post(&fake, &path, two_big).await?;
    assert_eq!(form_error(&answer, &["embeds"]), "MAX_EMBED_SIZE_EXCEEDED");

    let (status, _) = post(&fake, &path, json!({"components": buttons(5, 5)})).await?;
    assert_eq!(status, 200, "5 rows of 5 buttons are fine");
    let (_, answer) = post(&fake, &path, json!({"components": buttons(6, 1)})).await?;
    assert_eq!(form_error(&answer, &["components"]), "BASE_TYPE_MAX_LENGTH");
    let (_, answer) = post(&fake, &path, json!({"components": buttons(1, 6)})).await?;
    assert_eq!(
        form_error(&answer, &["components", "0", "components"]),
        "BASE_TYPE_BAD_LENGTH"
    );
    let long_id = json!({"components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Go", "custom_id": "i".repeat(101)}
    ]}]});
    let (_, answer) = post(&fake, &path, long_id).await?;
    assert_eq!(
        form_error(
            &answer,
            &["components", "0", "components", "0", "custom_id"]
        ),
        "BASE_TYPE_MAX_LENGTH"
    );
    let long_label = json!({"components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "l".repeat(81), "custom_id": "ok"}
    ]}]});
    let (_, answer) = post(&fake, &path, long_label).await?;
    assert_eq!(
        form_error(&answer, &["components", "0", "components", "0", "label"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let twice = json!({"components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "A", "custom_id": "same"},
        {"type": 2, "style": 1, "label": "B", "custom_id": "same"}
    ]}]});
    let (_, answer) = post(&fake, &path, twice).await?;
    assert_eq!(
        form_error(
            &answer,
            &["components", "0", "components", "1", "custom_id"]
        ),
        "COMPONENT_CUSTOM_ID_DUPLICATED"
    );

    let both = json!({"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}});
    let (_, answer) = post(&fake, &path, both).await?;
    assert_eq!(
        form_error(&answer, &["allowed_mentions"]),
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
    );

    for empty in [
        json!({}),
        json!({"content": ""}),
        json!({"content": "  ", "embeds": []}),
    ] {
        let (status, answer) = post(&fake, &path, empty).await?;
        assert_eq!((status, answer["code"].clone()), (400, json!(50006)));
        assert_eq!(answer["message"], "Cannot send an empty message");
    }

    assert_eq!(
        fake.channel_messages(CHANNEL_ID).len(),
        2,
        "only the valid two"
    );
    assert_eq!(fake.refusals().len(), 15);
    Ok(())
}

/// A message body with one action row holding `component`.
fn one_component(component: Value) -> Value {
    json!({"components": [{"type": 1, "components": [component]}]})
}

#[tokio::test]
async fn buttons_embeds_and_mentions_follow_discords_rules() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let path = channel_messages(CHANNEL_ID);
    let link = json!({"type": 2, "style": 5, "label": "Rules", "url": "https://example.org/r"});
    let (status, answer) = post(&fake, &path, one_component(link.clone())).await?;
    assert_eq!(status, 200, "a link button with a url: {answer}");
    let button = ["components", "0", "components", "0"];
    let at = |key: &'static str| {
        let mut path = button.to_vec();
        path.push(key);
        path
    };
    let mut cases = Vec::new();
    let mut no_url = link.clone();
    no_url.as_object_mut().unwrap().remove("url");
    cases.push((no_url, at("url"), "BUTTON_COMPONENT_URL_REQUIRED"));
    let mut with_id = link.clone();
    with_id["custom_id"] = json!("akron:rules:1");
    cases.push((
        with_id,
        at("custom_id"),
        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
    ));
    let mut ftp = link.clone();
    ftp["url"] = json!("ftp://example.org/r");
    cases.push((ftp, at("url"), "URL_TYPE_INVALID_PROTOCOL"));
    let primary = json!({"type": 2, "style": 1, "label": "Go", "custom_id": "go",
                         "url": "https://example.org"});
    cases.push((primary, at("url"), "BUTTON_COMPONENT_URL_NOT_ALLOWED"));
    let style = json!({"type": 2, "style": 7, "label": "Go", "custom_id": "go"});
    cases.push((style, at("style"), "BASE_TYPE_CHOICES"));
    let text_input = json!({"type": 4, "custom_id": "t", "style": 1, "label": "Name"});
    cases.push((text_input, at("type"), "BASE_TYPE_CHOICES"));
    for (component, path_of_error, code) in cases {
        let (status, answer) = post(&fake, &path, one_component(component)).await?;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(form_error(&answer, &path_of_error), code, "{answer}");
    }
    let crowded = json!({"components": [{"type": 1, "components": [
        {"type": 3, "custom_id": "pick", "options": [{"label": "a", "value": "a"}]},
        {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    ]}]});
    let (_, answer) = post(&fake, &path, crowded).await?;
    assert_eq!(
        form_error(&answer, &["components", "0", "components"]),
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED"
    );

    let picture = |url: &str| json!({"embeds": [{"image": {"url": url}}]});
    for fine in ["https://example.org/a.png", "attachment://board.png"] {
        let (status, answer) = post(&fake, &path, picture(fine)).await?;
        assert_eq!(status, 200, "{fine}: {answer}");
    }
    let (_, answer) = post(&fake, &path, picture("file:///etc/passwd")).await?;
    assert_eq!(
        form_error(&answer, &["embeds", "0", "image", "url"]),
        "URL_TYPE_INVALID_PROTOCOL"
    );
    let channels = json!({"content": "hi", "allowed_mentions": {"parse": ["channels"]}});
    let (_, answer) = post(&fake, &path, channels).await?;
    assert_eq!(
        form_error(&answer, &["allowed_mentions", "parse", "0"]),
        "BASE_TYPE_CHOICES"
    );
    assert_eq!(
        fake.channel_messages(CHANNEL_ID).len(),
        3,
        "the valid three"
    );
    Ok(())
}

#[tokio::test]
async fn attachments_name_their_upload_describe_it_in_1024_characters_and_stay_small(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let path = channel_messages(CHANNEL_ID);
    let png: &[u8] = b"\x89PNG";
    let described = |description: String| json!({"attachments": [{"id": 0, "filename": "board.png", "description": description}]});
    let send = |body: Value, files: Vec<(&'static str, Vec<u8>)>| {
        let fake = &fake;
        let path = path.clone();
        async move {
            let files: Vec<(&str, &[u8])> = files
                .iter()
                .map(|(name, bytes)| (*name, bytes.as_slice()))
                .collect();
            fake.send(reqwest::Method::POST, &path, &body, &files).await
        }
    };
    let (status, stored) = send(
        described("é".repeat(1024)),
        vec![("board.png", png.to_vec())],
    )
    .await?;
    assert_eq!(status, 200, "1,024 characters of alt text: {stored}");
    assert_eq!(stored["attachments"][0]["filename"], "board.png");
    let (status, answer) = send(
        described("é".repeat(1025)),
        vec![("board.png", png.to_vec())],
    )
    .await?;
    assert_eq!(status, 400);
    assert_eq!(
        form_error(&answer, &["attachments", "0", "description"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let elsewhere = json!({"attachments": [{"id": 1, "filename": "board.png"}]});
    let (_, answer) = send(elsewhere, vec![("board.png", png.to_vec())]).await?;
    assert_eq!(
        form_error(&answer, &["attachments", "0", "id"]),
        "ATTACHMENT_NOT_FOUND"
    );
    let eleven: Vec<(&str, Vec<u8>)> = (0..11).map(|_| ("f.txt", b"x".to_vec())).collect();
    let (_, answer) = send(json!({}), eleven).await?;
    assert_eq!(form_error(&answer, &["files"]), "BASE_TYPE_MAX_LENGTH");
    let big = vec![0_u8; validate::FILE_SIZE + 1];
    let (status, answer) = send(json!({}), vec![("big.png", big)]).await?;
    assert_eq!((status, answer["code"].clone()), (413, json!(40005)));
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1, "the valid one");

    // The same rules hold for an interaction's answer.
    let command = payloads::slash(&ALICE, CHANNEL_ID, "akron", Some("export"), vec![]);
    fake.track_interaction(&command, Duration::ZERO);
    let (id, token) = payloads::id_and_token(&command);
    let callback = format!("/interactions/{id}/{token}/callback");
    let answer_body = json!({"type": 4, "data": {"content": "record",
        "attachments": [{"id": 0, "filename": "akron-1.txt", "description": "d".repeat(1025)}]}});
    let (status, answer) = fake
        .send(
            reqwest::Method::POST,
            &callback,
            &answer_body,
            &[("akron-1.txt", b"1. F6")],
        )
        .await?;
    assert_eq!(status, 400);
    assert_eq!(
        form_error(&answer, &["data", "attachments", "0", "description"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    Ok(())
}

#[tokio::test]
async fn threads_archive_after_60_1440_4320_or_10080_minutes_and_names_fit_100_characters(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let (_, first) = post(
        &fake,
        &channel_messages(CHANNEL_ID),
        json!({"content": "g"}),
    )
    .await?;
    let first: u64 = first["id"].as_str().unwrap().parse()?;
    let start = format!("/channels/{CHANNEL_ID}/messages/{first}/threads");
    for (body, key, code) in [
        (
            json!({"name": "g", "auto_archive_duration": 30}),
            "auto_archive_duration",
            "BASE_TYPE_CHOICES",
        ),
        (
            json!({"name": "g", "rate_limit_per_user": 21_601}),
            "rate_limit_per_user",
            "NUMBER_TYPE_MAX",
        ),
        (
            json!({"name": "n".repeat(101)}),
            "name",
            "BASE_TYPE_BAD_LENGTH",
        ),
    ] {
        let (status, answer) = post(&fake, &start, body).await?;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(form_error(&answer, &[key]), code, "{answer}");
    }
    let week = json!({"name": "Akron game", "auto_archive_duration": 10080});
    let (status, thread) = post(&fake, &start, week).await?;
    assert_eq!(status, 200, "{thread}");
    assert_eq!(thread["thread_metadata"]["auto_archive_duration"], 10080);
    fake.set_bot_permissions(
        CHANNEL_ID,
        payloads::BOT_PERMISSIONS | payloads::MANAGE_THREADS,
    );
    let rename = format!("/channels/{first}");
    let (status, answer) = patch(&fake, &rename, json!({"name": "n".repeat(101)})).await?;
    assert_eq!(status, 400);
    assert_eq!(form_error(&answer, &["name"]), "BASE_TYPE_BAD_LENGTH");
    let (status, renamed) = patch(&fake, &rename, json!({"name": "Akron #1"})).await?;
    assert_eq!((status, renamed["name"].clone()), (200, json!("Akron #1")));
    Ok(())
}

#[tokio::test]
async fn an_interaction_is_answered_once_within_three_seconds_and_its_token_lasts_fifteen_minutes(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let command = payloads::slash(&ALICE, OTHER_CHANNEL_ID, "akron", Some("help"), vec![]);
    let (id, token) = payloads::id_and_token(&command);
    let callback = format!("/interactions/{id}/{token}/callback");
    let followup = format!("/webhooks/{}/{token}", fake_discord::APPLICATION_ID);

    // Unknown to Discord: never dispatched.
    let answer = json!({"type": 4, "data": {"content": "hi"}});
    let (status, body) = post(&fake, &callback, answer.clone()).await?;
    assert_eq!((status, body["code"].clone()), (404, json!(10062)));

    fake.track_interaction(&command, Duration::ZERO);
    let (status, body) = post(&fake, &followup, json!({"content": "early"})).await?;
    assert_eq!(
        (status, body["code"].clone()),
        (404, json!(10015)),
        "no follow-up before the first answer"
    );
    let empty = json!({"type": 4, "data": {"content": ""}});
    let (status, body) = post(&fake, &callback, empty).await?;
    assert_eq!((status, body["code"].clone()), (400, json!(50006)));
    // Of the message flags, a deferral takes only EPHEMERAL, an answer only the documented few.
    for (kind, flags) in [(5, 4), (4, 128), (4, 32)] {
        let flagged = json!({"type": kind, "data": {"content": "hi", "flags": flags}});
        let (status, body) = post(&fake, &callback, flagged).await?;
        assert_eq!(status, 400, "type {kind} with flags {flags}");
        assert_eq!(
            form_error(&body, &["data", "flags"]),
            "MESSAGE_FLAGS_INVALID"
        );
    }
    let (status, _) = post(&fake, &callback, answer.clone()).await?;
    assert_eq!(status, 204);
    let (status, body) = post(&fake, &callback, answer.clone()).await?;
    assert_eq!((status, body["code"].clone()), (400, json!(40060)));
    assert_eq!(
        body["message"],
        "Interaction has already been acknowledged."
    );
    let original = fake.channel_messages(OTHER_CHANNEL_ID);
    assert_eq!(
        original.len(),
        1,
        "the answer is a message in the command's channel"
    );
    assert_eq!(original[0]["content"], "hi");

    let (status, posted) = post(&fake, &followup, json!({"content": "later"})).await?;
    assert_eq!(status, 200);
    assert_eq!(posted["channel_id"], OTHER_CHANNEL_ID.to_string());
    assert!(fake.backdate(&token, Duration::from_secs(15 * 60)));
    let (status, body) = post(&fake, &followup, json!({"content": "too late"})).await?;
    assert_eq!((status, body["code"].clone()), (401, json!(50027)));
    assert_eq!(body["message"], "Invalid Webhook Token");
    let edit = format!("{followup}/messages/@original");
    let (status, _) = patch(&fake, &edit, json!({"content": "edited"})).await?;
    assert_eq!(status, 401, "edits need a live token too");

    // Answered after three seconds: Discord has given up on it.
    let late = payloads::slash(&BOB, CHANNEL_ID, "akron", Some("help"), vec![]);
    fake.track_interaction(&late, Duration::from_millis(3_100));
    let (id, token) = payloads::id_and_token(&late);
    let callback = format!("/interactions/{id}/{token}/callback");
    let (status, body) = post(&fake, &callback, json!({"type": 5})).await?;
    assert_eq!((status, body["code"].clone()), (404, json!(10062)));
    assert_eq!(body["message"], "Unknown interaction");

    // Deferred in time, the token then allows a follow-up long after three seconds.
    let slow = payloads::slash(&BOB, CHANNEL_ID, "akron", Some("help"), vec![]);
    fake.track_interaction(&slow, Duration::from_millis(2_000));
    let (id, token) = payloads::id_and_token(&slow);
    let callback = format!("/interactions/{id}/{token}/callback");
    let (status, _) = post(&fake, &callback, json!({"type": 5, "data": {"flags": 64}})).await?;
    assert_eq!(status, 204);
    fake.backdate(&token, Duration::from_secs(60));
    let followup = format!("/webhooks/{}/{token}", fake_discord::APPLICATION_ID);
    let (status, filled) = post(&fake, &followup, json!({"content": "done"})).await?;
    assert_eq!(status, 200);
    assert_eq!(
        filled["flags"], 64,
        "the first follow-up replaces the thinking message"
    );
    assert!(
        fake.channel_messages(CHANNEL_ID).is_empty(),
        "an ephemeral answer is nobody else's message"
    );
    Ok(())
}

#[tokio::test]
async fn autocomplete_takes_at_most_25_choices_and_only_as_an_autocomplete_result(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let typed = payloads::autocomplete(&ALICE, CHANNEL_ID, "akron", Some("move"), "notation", "");
    fake.track_interaction(&typed, Duration::ZERO);
    let (id, token) = payloads::id_and_token(&typed);
    let callback = format!("/interactions/{id}/{token}/callback");
    let choices = |count: usize| -> Value {
        (0..count)
            .map(|n| json!({"name": format!("c{n}"), "value": format!("c{n}")}))
            .collect()
    };
    let (status, body) = post(
        &fake,
        &callback,
        json!({"type": 8, "data": {"choices": choices(26)}}),
    )
    .await?;
    assert_eq!(status, 400);
    assert_eq!(
        form_error(&body, &["data", "choices"]),
        "BASE_TYPE_MAX_LENGTH"
    );
    let message = json!({"type": 4, "data": {"content": "no"}});
    let (status, body) = post(&fake, &callback, message).await?;
    assert_eq!(status, 400);
    assert_eq!(form_error(&body, &["type"]), "BASE_TYPE_CHOICES");
    let (status, _) = post(
        &fake,
        &callback,
        json!({"type": 8, "data": {"choices": choices(25)}}),
    )
    .await?;
    assert_eq!(status, 204);
    Ok(())
}

#[tokio::test]
async fn messages_live_per_channel_and_threads_are_channels_that_can_be_archived(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let (_, first) = post(
        &fake,
        &channel_messages(CHANNEL_ID),
        json!({"content": "game 1"}),
    )
    .await?;
    let first_id: u64 = first["id"].as_str().unwrap().parse()?;

    // Edits and deletes find a message only in its own channel.
    let elsewhere = format!("/channels/{OTHER_CHANNEL_ID}/messages/{first_id}");
    let (status, body) = patch(&fake, &elsewhere, json!({"content": "x"})).await?;
    assert_eq!((status, body["code"].clone()), (404, json!(10008)));
    assert_eq!(body["message"], "Unknown Message");
    let here = format!("/channels/{CHANNEL_ID}/messages/{first_id}");
    let (status, edited) = patch(&fake, &here, json!({"components": []})).await?;
    assert_eq!(status, 200);
    assert_eq!(
        edited["content"], "game 1",
        "an edit keeps the fields it does not name"
    );
    let (status, body) = patch(&fake, &here, json!({"content": ""})).await?;
    assert_eq!((status, body["code"].clone()), (400, json!(50006)));

    // A thread from the message: a channel with the message's id.
    let start = format!("/channels/{CHANNEL_ID}/messages/{first_id}/threads");
    let (status, thread) = post(&fake, &start, json!({"name": "Akron game 1"})).await?;
    assert_eq!(status, 200);
    assert_eq!(thread["id"], first_id.to_string());
    assert_eq!(thread["type"], 11);
    assert_eq!(thread["parent_id"], CHANNEL_ID.to_string());
    assert_eq!(thread["thread_metadata"]["archived"], false);
    let starter = fake.message(first_id).unwrap();
    assert_eq!(starter["thread"]["id"], first_id.to_string());
    assert_eq!(starter["flags"], 32, "HAS_THREAD");
    let (status, body) = post(&fake, &start, json!({"name": "again"})).await?;
    assert_eq!((status, body["code"].clone()), (400, json!(160_004)));

    let in_thread = channel_messages(first_id);
    let (status, _) = post(&fake, &in_thread, json!({"content": "your move"})).await?;
    assert_eq!(status, 200);
    assert_eq!(fake.channel_messages(first_id).len(), 1);
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);
    assert_eq!(
        fake.threads_of(CHANNEL_ID).len(),
        2,
        "the guild's thread and the new one"
    );

    assert!(fake.archive_thread(first_id));
    let (status, body) = post(&fake, &in_thread, json!({"content": "late"})).await?;
    assert_eq!((status, body["code"].clone()), (400, json!(50083)));
    assert_eq!(body["message"], "Thread is archived");
    let thread_path = format!("/channels/{first_id}");
    let (status, reopened) = patch(&fake, &thread_path, json!({"archived": false})).await?;
    assert_eq!(status, 200);
    assert_eq!(reopened["thread_metadata"]["archived"], false);
    let (status, _) = post(&fake, &in_thread, json!({"content": "back"})).await?;
    assert_eq!(status, 200);
    assert_eq!(fake.channel_messages(first_id).len(), 2);

    // A thread without a starter message; not from a thread.
    let create = format!("/channels/{CHANNEL_ID}/threads");
    let (status, body) = post(&fake, &create, json!({"name": "p", "type": 12})).await?;
    assert_eq!(
        (status, body["code"].clone()),
        (403, json!(50013)),
        "the bot is not given Create Private Threads"
    );
    fake.set_bot_permissions(
        CHANNEL_ID,
        payloads::BOT_PERMISSIONS | payloads::CREATE_PRIVATE_THREADS,
    );
    let (status, private) = post(&fake, &create, json!({"name": "p", "type": 12})).await?;
    assert_eq!((status, private["type"].clone()), (200, json!(12)));
    let (status, body) = post(&fake, &create, json!({})).await?;
    assert_eq!(
        (status, form_error(&body, &["name"]).clone()),
        (400, json!("BASE_TYPE_REQUIRED"))
    );
    let (status, body) = post(
        &fake,
        &format!("/channels/{THREAD_ID}/threads"),
        json!({"name": "n"}),
    )
    .await?;
    assert_eq!((status, body["code"].clone()), (400, json!(50024)));
    let (status, body) = post(&fake, &channel_messages(42), json!({"content": "?"})).await?;
    assert_eq!((status, body["code"].clone()), (404, json!(10003)));

    // Listing messages takes Read Message History, which the bot is not given by default.
    fake.set_bot_permissions(
        first_id,
        payloads::BOT_PERMISSIONS | payloads::READ_MESSAGE_HISTORY,
    );
    let listed = call(
        &fake,
        reqwest::Method::GET,
        &format!("{in_thread}?limit=1"),
        &Value::Null,
    )
    .await?;
    assert_eq!(
        listed.1[0]["content"], "back",
        "the newest first, as many as asked"
    );
    assert_eq!(listed.1.as_array().map(Vec::len), Some(1));
    assert!(fake.delete_channel(first_id));
    let (status, body) = post(&fake, &in_thread, json!({"content": "gone"})).await?;
    assert_eq!((status, body["code"].clone()), (404, json!(10003)));

    let deleted = call(&fake, reqwest::Method::DELETE, &here, &Value::Null).await?;
    assert_eq!(deleted.0, 204);
    let (status, body) = patch(&fake, &here, json!({"content": "gone"})).await?;
    assert_eq!((status, body["code"].clone()), (404, json!(10008)));
    Ok(())
}

#[tokio::test]
async fn an_enforced_nonce_returns_the_earlier_message_instead_of_a_second() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let path = channel_messages(CHANNEL_ID);
    let body = json!({"content": "your move", "nonce": "outbox-17", "enforce_nonce": true});
    let (_, first) = post(&fake, &path, body.clone()).await?;
    let (status, again) = post(&fake, &path, body.clone()).await?;
    assert_eq!(status, 200);
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again["nonce"], "outbox-17");
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);

    let (_, elsewhere) = post(&fake, &channel_messages(OTHER_CHANNEL_ID), body).await?;
    assert_ne!(elsewhere["id"], first["id"], "nonces are per channel");
    let unenforced = json!({"content": "your move", "nonce": "outbox-17"});
    let (_, second) = post(&fake, &path, unenforced).await?;
    assert_ne!(
        second["id"], first["id"],
        "without enforce_nonce it is only echoed"
    );
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 2);
    Ok(())
}

#[tokio::test]
async fn a_dm_channel_is_opened_once_and_a_user_may_refuse_dms() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let open = json!({"recipient_id": ALICE.id.to_string()});
    let (status, channel) = post(&fake, "/users/@me/channels", open.clone()).await?;
    assert_eq!((status, channel["type"].clone()), (200, json!(1)));
    assert_eq!(channel["recipients"][0]["id"], ALICE.id.to_string());
    let (_, again) = post(&fake, "/users/@me/channels", open).await?;
    assert_eq!(again["id"], channel["id"]);
    let dm: u64 = channel["id"].as_str().unwrap().parse()?;
    assert_eq!(fake.dm_channel_of(ALICE.id), Some(dm));
    let (status, message) = post(&fake, &channel_messages(dm), json!({"content": "hi"})).await?;
    assert_eq!(status, 200);
    assert!(message.get("guild_id").is_none(), "a DM is in no guild");

    fake.refuse_dms(BOB.id);
    let (_, bobs) = post(
        &fake,
        "/users/@me/channels",
        json!({"recipient_id": BOB.id.to_string()}),
    )
    .await?;
    let bobs = bobs["id"].as_str().unwrap();
    let (status, body) = post(
        &fake,
        &format!("/channels/{bobs}/messages"),
        json!({"content": "hi"}),
    )
    .await?;
    assert_eq!((status, body["code"].clone()), (403, json!(50007)));
    assert_eq!(body["message"], "Cannot send messages to this user");
    Ok(())
}

#[tokio::test]
async fn serenity_with_its_rate_limiter_on_reaches_the_fake_and_retries_429s() -> Result<(), Error>
{
    let fake = FakeDiscord::start().await?;
    fake.throttle("POST", "/channels/*/messages", 3);
    let http = serenity::HttpBuilder::new("fake-token")
        .client(fake.http_client()?)
        .build();
    assert!(http.ratelimiter.is_some());
    let channel = serenity::ChannelId::new(CHANNEL_ID);
    for n in 0..3 {
        channel.say(&http, format!("message {n}")).await?;
    }
    let throttled = fake.throttled();
    assert_eq!(throttled.len(), 1, "the third post was refused once");
    assert_eq!(throttled[0].error.as_ref().unwrap()["retry_after"], 0.05);
    let texts: Vec<Value> = fake
        .channel_messages(CHANNEL_ID)
        .iter()
        .map(|message| message["content"].clone())
        .collect();
    assert_eq!(texts, ["message 0", "message 1", "message 2"]);

    // The outbox's way of never posting twice, through serenity's builder.
    let outbox = serenity::CreateMessage::new()
        .content("your move")
        .nonce(serenity::Nonce::String("outbox-1".into()))
        .enforce_nonce(true);
    let sent = channel.send_message(&http, outbox.clone()).await?;
    let resent = channel.send_message(&http, outbox).await?;
    assert_eq!(sent.id, resent.id);
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 4);

    // Serenity's models parse the fake's threads and DM channels.
    let first: u64 = fake.channel_messages(CHANNEL_ID)[0]["id"]
        .as_str()
        .unwrap()
        .parse()?;
    let thread = channel
        .create_thread_from_message(
            &http,
            serenity::MessageId::new(first),
            serenity::CreateThread::new("Akron game 1"),
        )
        .await?;
    assert_eq!(thread.id.get(), first);
    assert_eq!(thread.parent_id, Some(channel));
    thread.id.say(&http, "in the thread").await?;
    let dm = serenity::UserId::new(ALICE.id)
        .create_dm_channel(&http)
        .await?;
    assert_eq!(dm.recipient.id.get(), ALICE.id);
    fake.refuse_dms(ALICE.id);
    let refused = dm.id.say(&http, "hello").await;
    let Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) = refused
    else {
        panic!("a refused DM must be an unsuccessful request: {refused:?}");
    };
    assert_eq!(response.error.code, 50007);
    Ok(())
}

#[tokio::test]
async fn responses_carry_rate_limit_headers() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let response = fake
        .http_client()?
        .get("https://discord.com/api/v10/users/@me")
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 200);
    for header in [
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "x-ratelimit-reset-after",
        "x-ratelimit-bucket",
    ] {
        assert!(response.headers().contains_key(header), "{header}");
    }
    Ok(())
}

#[tokio::test]
async fn an_outage_fails_requests_without_effect_and_a_held_answer_comes_after_the_effect(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let path = channel_messages(CHANNEL_ID);
    fake.fail_next("POST", "/channels/*/messages", 2, 503);
    for _ in 0..2 {
        let (status, body) = post(&fake, &path, json!({"content": "hello"})).await?;
        assert_eq!(
            (status, body["message"].clone()),
            (503, json!("503: Service Unavailable"))
        );
    }
    assert!(fake.channel_messages(CHANNEL_ID).is_empty());

    // Discord stores the message, but the answer never reaches the sender (it dies).
    fake.hold("POST", "/channels/*/messages");
    let body = json!({"content": "your move", "nonce": "7", "enforce_nonce": true});
    let sender = {
        let url = format!("{}/api/v10{path}", fake.api_url());
        let bytes = serde_json::to_vec(&body)?;
        tokio::spawn(async move {
            reqwest::Client::new()
                .post(url)
                .header("content-type", "application/json")
                .body(bytes)
                .send()
                .await
        })
    };
    fake.wait_held(1).await?;
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);
    sender.abort();
    // The sender, restarted, tries again with the same nonce: the same message comes back.
    let (status, again) = post(&fake, &path, body).await?;
    assert_eq!(status, 200);
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);
    assert_eq!(again["id"], fake.channel_messages(CHANNEL_ID)[0]["id"]);
    fake.release();
    Ok(())
}
