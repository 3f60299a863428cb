//! The fake Discord checks a registration of slash commands as Discord does: each rule of
//! Discord's documentation, broken once, is refused with 400 and code 50035, the `errors`
//! tree pointing at the field; a registration that keeps every rule is stored.

#![allow(clippy::unwrap_used)]

use crate::fake_discord;

use fake_discord::commands::{self, COMMAND_SIZE};
use fake_discord::{FakeDiscord, APPLICATION_ID, GUILD_ID};
use serde_json::{json, Value};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Sends a bulk overwrite of the guild's commands; returns the status and the answer.
async fn register(fake: &FakeDiscord, body: &Value) -> Result<(u16, Value), Error> {
    let url = format!(
        "{}/api/v10/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands",
        fake.api_url()
    );
    let response = reqwest::Client::new()
        .put(url)
        .header("content-type", "application/json")
        .body(serde_json::to_vec(body)?)
        .send()
        .await?;
    let status = response.status().as_u16();
    let bytes = response.bytes().await?;
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// A command that keeps every rule: a subcommand with options, and a group.
fn valid() -> Value {
    json!({
        "name": "game",
        "type": 1,
        "description": "Play a game",
        "options": [
            {"type": 1, "name": "move", "description": "Play a move", "options": [
                {"type": 3, "name": "notation", "description": "The move", "required": true,
                 "autocomplete": true, "min_length": 1, "max_length": 20},
                {"type": 4, "name": "level", "description": "A level", "required": false,
                 "min_value": 1, "max_value": 8,
                 "choices": [{"name": "one", "value": 1}, {"name": "two", "value": 2}]},
                {"type": 3, "name": "view", "description": "How to draw it",
                 "choices": [{"name": "plan", "value": "plan"}]}
            ]},
            {"type": 2, "name": "tournament", "description": "Tournaments", "options": [
                {"type": 1, "name": "join", "description": "Join one"}
            ]}
        ]
    })
}

/// The first error code at `path` of an Invalid Form Body answer.
fn code_at<'a>(answer: &'a Value, path: &[&str]) -> &'a Value {
    let mut node = &answer["errors"];
    for key in path {
        node = &node[*key];
    }
    &node["_errors"][0]["code"]
}

/// Registers `[command]` and checks that it is refused with 50035 and `code` at `path`
/// (below the command's index).
async fn refused(fake: &FakeDiscord, command: Value, path: &[&str], code: &str) {
    let (status, answer) = register(fake, &json!([command])).await.unwrap();
    assert_eq!(status, 400, "{path:?} should be refused: {answer}");
    assert_eq!(answer["code"], 50035, "{answer}");
    assert_eq!(answer["message"], "Invalid Form Body");
    let mut full = vec!["0"];
    full.extend_from_slice(path);
    assert_eq!(code_at(&answer, &full), code, "{answer}");
}

/// `count` subcommands named `s0`, `s1`, ….
fn subcommands(count: usize) -> Value {
    (0..count)
        .map(|n| json!({"type": 1, "name": format!("s{n}"), "description": "A subcommand"}))
        .collect()
}

#[tokio::test]
async fn a_registration_keeping_every_rule_is_stored_and_listed() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let (status, answer) = register(&fake, &json!([valid()])).await?;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer[0]["name"], "game");
    assert!(answer[0]["id"].is_string());
    assert_eq!(fake.wait_commands().await?.len(), 1);
    // A refused registration changes nothing.
    let mut broken = valid();
    broken["name"] = json!("Game");
    let (status, _) = register(&fake, &json!([broken])).await?;
    assert_eq!(status, 400);
    let url = format!(
        "{}/api/v10/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands",
        fake.api_url()
    );
    let listed: Value = serde_json::from_slice(&reqwest::get(url).await?.bytes().await?)?;
    assert_eq!(listed[0]["name"], "game");
    assert!(
        fake.wait_commands().await.is_err(),
        "waiting for a registration reports the refusal"
    );
    Ok(())
}

#[tokio::test]
async fn at_most_25_options_at_every_level_and_100_commands() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let mut command = valid();
    command["options"] = subcommands(25);
    let (status, _) = register(&fake, &json!([command])).await?;
    assert_eq!(status, 200, "25 subcommands are fine");
    command["options"] = subcommands(26);
    refused(&fake, command, &["options"], "BASE_TYPE_MAX_LENGTH").await;

    let mut command = valid();
    command["options"][1]["options"] = subcommands(26);
    refused(
        &fake,
        command,
        &["options", "1", "options"],
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;

    let mut command = valid();
    let many: Vec<Value> = (0..26)
        .map(|n| json!({"type": 5, "name": format!("o{n}"), "description": "An option"}))
        .collect();
    command["options"][0]["options"] = Value::Array(many);
    refused(
        &fake,
        command,
        &["options", "0", "options"],
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;

    let hundred: Vec<Value> = (0..101)
        .map(|n| json!({"type": 1, "name": format!("c{n}"), "description": "A command"}))
        .collect();
    let (status, answer) = register(&fake, &Value::Array(hundred[..100].to_vec())).await?;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = register(&fake, &Value::Array(hundred)).await?;
    assert_eq!(status, 400);
    assert_eq!(code_at(&answer, &[]), "BASE_TYPE_MAX_LENGTH");

    let (status, answer) = register(&fake, &json!([valid(), valid()])).await?;
    assert_eq!(status, 400);
    assert_eq!(
        code_at(&answer, &["1", "name"]),
        "APPLICATION_COMMANDS_DUPLICATE_NAME"
    );
    Ok(())
}

#[tokio::test]
async fn groups_hold_only_subcommands_and_nesting_stops_at_one_group() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let string = json!({"type": 3, "name": "text", "description": "Some text"});
    let mut command = valid();
    command["options"][1]["options"] = json!([string]);
    refused(
        &fake,
        command,
        &["options", "1", "options", "0", "type"],
        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
    )
    .await;

    let mut command = valid();
    let inner = json!({"type": 2, "name": "deeper", "description": "Too deep",
                       "options": subcommands(1)});
    command["options"][1]["options"] = json!([inner]);
    refused(
        &fake,
        command,
        &["options", "1", "options", "0", "type"],
        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
    )
    .await;

    let mut command = valid();
    command["options"][0]["options"] = subcommands(1);
    refused(
        &fake,
        command,
        &["options", "0", "options", "0", "type"],
        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
    )
    .await;

    let mut command = valid();
    command["options"]
        .as_array_mut()
        .unwrap()
        .push(json!({"type": 3, "name": "loose", "description": "Beside subcommands"}));
    refused(
        &fake,
        command,
        &["options"],
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    )
    .await;

    let mut command = valid();
    command["options"][1]["options"] = json!([]);
    refused(
        &fake,
        command,
        &["options", "1", "options"],
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;

    let mut command = valid();
    command["options"][0]["required"] = json!(true);
    refused(
        &fake,
        command,
        &["options", "0", "required"],
        "APPLICATION_COMMAND_OPTION_FIELD_INVALID",
    )
    .await;
    Ok(())
}

#[tokio::test]
async fn names_are_lowercase_words_of_at_most_32_characters_unique_among_siblings(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    for accepted in ["jeu", "zug-2", "über_mich", "खेल", "เกม", "ход", "棋"] {
        let mut command = valid();
        command["options"][0]["name"] = json!(accepted);
        let (status, answer) = register(&fake, &json!([command])).await?;
        assert_eq!(status, 200, "{accepted}: {answer}");
    }
    for (name, code) in [
        ("Move", "APPLICATION_COMMAND_INVALID_NAME"),
        ("ÜBER", "APPLICATION_COMMAND_INVALID_NAME"),
        ("two words", "APPLICATION_COMMAND_INVALID_NAME"),
        ("move!", "APPLICATION_COMMAND_INVALID_NAME"),
        ("", "BASE_TYPE_BAD_LENGTH"),
    ] {
        let mut command = valid();
        command["options"][0]["name"] = json!(name);
        refused(&fake, command, &["options", "0", "name"], code).await;
    }
    let mut command = valid();
    command["name"] = json!("n".repeat(33));
    refused(&fake, command, &["name"], "BASE_TYPE_BAD_LENGTH").await;
    let mut command = valid();
    command["name"] = json!("n".repeat(32));
    let (status, _) = register(&fake, &json!([command])).await?;
    assert_eq!(status, 200, "32 characters are fine");

    let mut command = valid();
    command["options"][1]["name"] = json!("move");
    refused(
        &fake,
        command,
        &["options", "1", "name"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    )
    .await;

    // User and message commands may have capitals and spaces, but no description.
    let (status, answer) = register(&fake, &json!([{"type": 2, "name": "High Five"}])).await?;
    assert_eq!(status, 200, "{answer}");
    refused(
        &fake,
        json!({"type": 3, "name": "Bookmark", "description": "Not allowed"}),
        &["description"],
        "APPLICATION_COMMAND_INVALID_FIELD",
    )
    .await;
    Ok(())
}

#[tokio::test]
async fn descriptions_have_1_to_100_characters() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let mut command = valid();
    command["description"] = json!("é".repeat(100));
    let (status, _) = register(&fake, &json!([command])).await?;
    assert_eq!(status, 200, "100 characters (not bytes) are fine");
    for description in [json!(""), json!("d".repeat(101)), Value::Null] {
        let mut command = valid();
        command["options"][0]["options"][0]["description"] = description;
        refused(
            &fake,
            command,
            &["options", "0", "options", "0", "description"],
            "BASE_TYPE_BAD_LENGTH",
        )
        .await;
    }
    Ok(())
}

#[tokio::test]
async fn choices_are_at_most_25_typed_as_their_option_and_never_with_autocomplete(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let level = ["options", "0", "options", "1"];
    let choices = |count: i64| -> Value {
        (0..count)
            .map(|n| json!({"name": format!("c{n}"), "value": n}))
            .collect()
    };
    let mut command = valid();
    command["options"][0]["options"][1]["choices"] = choices(25);
    let (status, _) = register(&fake, &json!([command.clone()])).await?;
    assert_eq!(status, 200);
    command["options"][0]["options"][1]["choices"] = choices(26);
    let mut path = level.to_vec();
    path.push("choices");
    refused(&fake, command, &path, "BASE_TYPE_MAX_LENGTH").await;

    let mut command = valid();
    command["options"][0]["options"][1]["autocomplete"] = json!(true);
    refused(
        &fake,
        command,
        &path,
        "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
    )
    .await;

    let mut command = valid();
    command["options"][0]["options"][1]["choices"][0]["value"] = json!("one");
    let mut value = path.clone();
    value.extend(["0", "value"]);
    refused(&fake, command, &value, "BASE_TYPE_CHOICES").await;

    let mut command = valid();
    command["options"][0]["options"][2]["choices"][0]["value"] = json!("v".repeat(101));
    refused(
        &fake,
        command,
        &["options", "0", "options", "2", "choices", "0", "value"],
        "BASE_TYPE_CHOICES",
    )
    .await;

    let mut command = valid();
    command["options"][0]["options"][1]["choices"][0]["name"] = json!("n".repeat(101));
    let mut name = path.clone();
    name.extend(["0", "name"]);
    refused(&fake, command, &name, "BASE_TYPE_BAD_LENGTH").await;

    let mut command = valid();
    command["options"][0]["options"][0] = json!({"type": 5, "name": "flag",
        "description": "A switch", "choices": [{"name": "yes", "value": 1}]});
    refused(
        &fake,
        command,
        &["options", "0", "options", "0", "choices"],
        "APPLICATION_COMMAND_OPTION_FIELD_INVALID",
    )
    .await;
    Ok(())
}

#[tokio::test]
async fn required_options_come_first_and_types_and_ranges_are_discords() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let option = |index: &'static str, key: &'static str| ["options", "0", "options", index, key];
    let mut command = valid();
    command["options"][0]["options"][2]["required"] = json!(true);
    refused(
        &fake,
        command,
        &option("2", "required"),
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    )
    .await;

    for kind in [0, 12] {
        let mut command = valid();
        command["options"][0]["options"][2]["type"] = json!(kind);
        refused(&fake, command, &option("2", "type"), "BASE_TYPE_CHOICES").await;
    }

    for (index, key, value) in [
        ("1", "min_value", json!(9.0)),
        ("1", "max_value", json!(1.5)),
        ("1", "max_value", json!(9_007_199_254_740_992.0_f64 * 2.0)),
        ("0", "min_length", json!(6001)),
        ("0", "max_length", json!(0)),
        ("0", "max_length", json!(6001)),
    ] {
        let mut command = valid();
        command["options"][0]["options"][index.parse::<usize>()?][key] = value;
        refused(&fake, command, &option(index, key), "NUMBER_TYPE_MAX").await;
    }
    let mut command = valid();
    command["options"][0]["options"][0]["min_length"] = json!(30);
    refused(
        &fake,
        command,
        &option("0", "min_length"),
        "NUMBER_TYPE_MAX",
    )
    .await;

    let mut command = valid();
    command["options"][0]["options"][0]["min_value"] = json!(1);
    refused(
        &fake,
        command,
        &option("0", "min_value"),
        "APPLICATION_COMMAND_OPTION_FIELD_INVALID",
    )
    .await;
    let mut command = valid();
    command["options"][0]["options"][1]["max_length"] = json!(5);
    refused(
        &fake,
        command,
        &option("1", "max_length"),
        "APPLICATION_COMMAND_OPTION_FIELD_INVALID",
    )
    .await;
    let mut command = valid();
    command["options"][0]["options"][0]
        .as_object_mut()
        .unwrap()
        .remove("type");
    let (_, answer) = register(&fake, &json!([command])).await?;
    assert_eq!(
        code_at(&answer, &["0", "options", "0", "options", "0"]),
        "TAG_FIELD_MISSING"
    );
    Ok(())
}

#[tokio::test]
async fn localizations_use_discords_locales_and_keep_the_same_rules() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let mut command = valid();
    command["name_localizations"] = json!({"de": "spiel", "es-ES": "juego"});
    command["description_localizations"] = json!({"de": "Ein Spiel spielen"});
    command["options"][0]["name_localizations"] = json!({"de": "zug", "es-ES": "jugada"});
    command["options"][0]["options"][1]["choices"][0]["name_localizations"] = json!({"de": "eins"});
    let (status, answer) = register(&fake, &json!([command])).await?;
    assert_eq!(status, 200, "{answer}");

    for key in ["pt_BR", "en", "de-DE", "es"] {
        let mut command = valid();
        command["description_localizations"] = json!({key: "Ein Spiel"});
        refused(
            &fake,
            command,
            &["description_localizations", key],
            "BASE_TYPE_CHOICES",
        )
        .await;
    }
    let mut command = valid();
    command["options"][0]["name_localizations"] = json!({"de": "Zug"});
    refused(
        &fake,
        command,
        &["options", "0", "name_localizations", "de"],
        "APPLICATION_COMMAND_INVALID_NAME",
    )
    .await;
    let mut command = valid();
    command["options"][0]["description_localizations"] = json!({"es-ES": "d".repeat(101)});
    refused(
        &fake,
        command,
        &["options", "0", "description_localizations", "es-ES"],
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;
    let mut command = valid();
    command["options"][0]["options"][1]["choices"][0]["name_localizations"] =
        json!({"de": "e".repeat(101)});
    refused(
        &fake,
        command,
        &[
            "options",
            "0",
            "options",
            "1",
            "choices",
            "0",
            "name_localizations",
            "de",
        ],
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;
    // Two siblings translated alike, or one translated as another's name.
    let mut command = valid();
    command["options"][0]["name_localizations"] = json!({"de": "turnier"});
    command["options"][1]["name_localizations"] = json!({"de": "turnier"});
    refused(
        &fake,
        command,
        &["options", "1", "name_localizations", "de"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    )
    .await;
    let mut command = valid();
    command["options"][0]["name_localizations"] = json!({"de": "tournament"});
    refused(
        &fake,
        command,
        &["options", "0", "name_localizations", "de"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    )
    .await;
    Ok(())
}

/// A command of 20 subcommands, each with 3 options described in `length` characters.
fn large(length: usize) -> Value {
    let subcommands: Vec<Value> = (0..20)
        .map(|n| {
            let options: Vec<Value> = (0..3)
                .map(|o| json!({"type": 3, "name": format!("o{o}"), "description": "d".repeat(length)}))
                .collect();
            json!({"type": 1, "name": format!("s{n:02}"), "description": "d".repeat(length),
                   "options": options})
        })
        .collect();
    json!({"name": "big", "type": 1, "description": "A big command", "options": subcommands})
}

#[tokio::test]
async fn a_command_counts_at_most_8000_characters_its_longest_translations_included(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    // Names, descriptions and choice values: 4 + 11 + 5 + 3 + 4 + 1 (choices) + … by hand.
    let small = json!({"name": "game", "description": "Play a game", "options": [
        {"type": 4, "name": "level", "description": "A level",
         "choices": [{"name": "one", "value": 1}, {"name": "twelve", "value": 12}]}
    ]});
    assert_eq!(commands::size(&small), 4 + 11 + 5 + 7 + (3 + 1) + (6 + 2));
    let mut translated = small.clone();
    translated["description_localizations"] = json!({"de": "Ein Spiel spielen", "es-ES": "Jugar"});
    assert_eq!(
        commands::size(&translated),
        commands::size(&small) - 11 + 17,
        "only the longest of a field's texts counts"
    );

    // 20 × (3 + 90 + 3 × (2 + 90)) + 3 + 13 = 7,396: fine in English.
    let english = large(90);
    assert_eq!(commands::size(&english), 7396);
    let (status, answer) = register(&fake, &json!([english.clone()])).await?;
    assert_eq!(status, 200, "{answer}");
    // A German text as long as the English one changes nothing; a longer one counts instead.
    let mut same = english.clone();
    let mut longer = english.clone();
    for (command, length) in [(&mut same, 90), (&mut longer, 100)] {
        for sub in command["options"].as_array_mut().unwrap() {
            sub["description_localizations"] = json!({"de": "ü".repeat(length)});
            for option in sub["options"].as_array_mut().unwrap() {
                option["description_localizations"] = json!({"de": "ü".repeat(length)});
            }
        }
    }
    let (status, answer) = register(&fake, &json!([same])).await?;
    assert_eq!(status, 200, "{answer}");
    assert!(commands::size(&longer) > COMMAND_SIZE);
    refused(&fake, longer, &[], "APPLICATION_COMMAND_TOO_LARGE").await;
    Ok(())
}
