//! The Discord front end end to end: the real bot (serenity + poise + the service on a SQLite
//! file) against the fake Discord on loopback.

use crate::fake_discord;

use akron_bot::discord::{self, Settings};
use akron_bot::service::{Config, GameId, ManualClock, Service};
use akron_rules::{Game, GameOptions, Move, WinRule};
use akron_service::catalogue::Language;
use akron_service::db::{Db, DbError};
use akron_service::scheduler::Background;
use fake_discord::payloads::{self, TestUser, ALICE, BOB, CAROL};
use fake_discord::{FakeDiscord, FakeError, Reply, CHANNEL_ID, GUILD_ID};
use poise::serenity_prelude as serenity;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

pub(crate) type Error = Box<dyn std::error::Error + Send + Sync>;

/// The test games: 3 × 3, immediate wins, so a whole game is short.
pub(crate) const SIZE: i64 = 3;

pub(crate) struct Bot {
    shards: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
}

async fn start_bot(fake: &FakeDiscord, db: &Path) -> Result<Bot, Error> {
    start_bot_with(fake, Config::with_db(db)).await
}

async fn start_bot_with(fake: &FakeDiscord, config: Config) -> Result<Bot, Error> {
    start_bot_on(fake, Arc::new(Service::open(config)?)).await
}

async fn start_bot_on(fake: &FakeDiscord, service: Arc<Service>) -> Result<Bot, Error> {
    let settings = Settings {
        token: "fake-token".into(),
        dev_guild: Some(GUILD_ID),
        api_url: None,
        http_client: Some(fake.http_client()?),
    };
    let mut client = discord::client(&settings, Arc::clone(&service)).await?;
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        // The binary runs the scheduler and the AI worker beside the front ends.
        let _background = Background::start(&service);
        client.start().await
    });
    Ok(Bot { shards, task })
}

pub(crate) async fn stop_bot(bot: Bot) -> Result<(), Error> {
    bot.shards.shutdown_all().await;
    match tokio::time::timeout(fake_discord::WAIT, bot.task).await {
        Ok(joined) => Ok(joined??),
        Err(_) => Err(FakeError::Timeout("the bot to stop".into()).into()),
    }
}

pub(crate) fn akron(user: &TestUser, subcommand: &str, options: Vec<Value>) -> Value {
    payloads::slash(user, CHANNEL_ID, "akron", Some(subcommand), options)
}

/// `/akron-review SUBCOMMAND options…`.
fn review(user: &TestUser, subcommand: &str, options: Vec<Value>) -> Value {
    payloads::slash(user, CHANNEL_ID, "akron-review", Some(subcommand), options)
}

/// A game that ends in a win by connection, found by seeded random play without swaps.
pub(crate) fn winning_game() -> Result<Vec<Move>, Error> {
    winning_game_of(SIZE as u8)
}

/// A game of `size` (immediate rule) that ends in a win by connection, found by seeded
/// random play without swaps.
pub(crate) fn winning_game_of(size: u8) -> Result<Vec<Move>, Error> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..500 {
        let mut options = GameOptions::new(size);
        options.win_rule = WinRule::Immediate;
        let mut game = Game::new(options)?;
        let mut played = Vec::new();
        while !game.is_over() && played.len() < 60 {
            let legal: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .collect();
            if legal.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let chosen = legal[(seed % legal.len() as u64) as usize];
            game.play(chosen)?;
            played.push(chosen);
        }
        if game
            .outcome()
            .is_some_and(|outcome| outcome.winner.is_some())
        {
            return Ok(played);
        }
    }
    Err("no winning game found".into())
}

/// A GIF replay attached and shown in the embed.
fn assert_gif_in_embed(reply: &Reply) -> Result<(), Error> {
    let gif = reply
        .files
        .iter()
        .find(|file| file.filename.ends_with(".gif"))
        .ok_or_else(|| format!("no GIF attached to: {}", reply.content()))?;
    assert!(gif.bytes.starts_with(b"GIF89a"), "a GIF file");
    assert_eq!(
        reply.data["embeds"][0]["image"]["url"].as_str(),
        Some(format!("attachment://{}", gif.filename).as_str())
    );
    Ok(())
}

fn assert_png(reply: &Reply) -> Result<(), Error> {
    let png = reply
        .files
        .iter()
        .find(|file| file.filename.ends_with(".png"))
        .ok_or_else(|| format!("no PNG attached to: {}", reply.content()))?;
    let image = image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png)?;
    assert!(image.width() > 0 && image.height() > 0);
    let embed_image = reply.data["embeds"][0]["image"]["url"].as_str();
    assert_eq!(
        embed_image,
        Some(format!("attachment://{}", png.filename).as_str())
    );
    Ok(())
}

/// Starts a fake and a bot, waits for registration; returns the temporary directory too.
pub(crate) async fn setup() -> Result<(FakeDiscord, Bot, tempfile::TempDir), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let bot = start_bot(&fake, &dir.path().join("akron.db")).await?;
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    Ok((fake, bot, dir))
}

/// Alice challenges Bob (Alice plays Black); Bob accepts with the button.
async fn start_game(fake: &FakeDiscord) -> Result<Reply, Error> {
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &BOB),
            payloads::integer_option("size", SIZE),
            // Poise registers choices as integers: immediate is the second rule, black the
            // first colour.
            payloads::integer_option("rule", 1),
            payloads::integer_option("colour", 0),
        ],
    );
    let reply = fake.interact_and_wait(&challenge).await?;
    assert!(!reply.is_ephemeral(), "{}", reply.content());
    assert!(reply.content().contains(&format!("<@{}>", BOB.id)));
    let accept = button_id(&reply, "Accept")?;
    assert!(reply.buttons().iter().any(|(_, label)| label == "Decline"));
    let message = reply.message.ok_or("the challenge message was stored")?;
    let accepted = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());
    Ok(accepted)
}

/// The custom id of the button labelled `label` on a reply.
fn button_id(reply: &Reply, label: &str) -> Result<String, Error> {
    reply
        .buttons()
        .into_iter()
        .find(|(_, shown)| shown == label)
        .map(|(id, _)| id)
        .ok_or_else(|| format!("no {label} button on: {}", reply.content()).into())
}

pub(crate) fn player(ply: usize) -> &'static TestUser {
    if ply % 2 == 0 {
        &ALICE
    } else {
        &BOB
    }
}

/// What the bot registers at start-up is the service's table of commands, each under the
/// slash command its group names and described by the table's line, and Discord's rules (the
/// strict fake) accept it. Regression (issue 25): one `/akron` with 29 subcommands, which
/// Discord refuses (at most 25), was all the bot registered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_the_table_of_commands_and_discord_accepts_it() -> Result<(), Error> {
    use akron_bot::service::text::{command_help, COMMANDS};
    let (fake, bot, _dir) = setup().await?;
    let commands = fake.wait_commands().await?;
    let put = fake
        .requests()
        .into_iter()
        .filter(|request| request.is("PUT", "/commands"))
        .collect::<Vec<_>>();
    assert_eq!(put.len(), 1, "one bulk overwrite");
    assert_eq!(put[0].status, 200, "refused: {:?}", put[0].error);
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "akron",
            "akron-review",
            "akron-puzzle",
            "akron-tournament",
            "akron-watch"
        ]
    );
    let mut registered = Vec::new();
    for command in &commands {
        assert_eq!(command["contexts"], serde_json::json!([0]), "guild only");
        // Every slash command is described in Spanish and German, `/akron` and
        // `/akron-review` too (issue 39).
        for locale in ["es-ES", "es-419", "de"] {
            let localised = &command["description_localizations"][locale];
            assert!(
                localised
                    .as_str()
                    .is_some_and(|d| !d.is_empty() && d.chars().count() <= 100),
                "/{} {locale}",
                command["name"]
            );
        }
        let name = command["name"].as_str().unwrap_or_default();
        let family = name.strip_prefix("akron-").and_then(command_help);
        if let Some(family) = family {
            assert_eq!(
                command["description"],
                family.about(Language::English),
                "/{name}"
            );
            for locale in ["es-ES", "de"] {
                let localised = &command["description_localizations"][locale];
                assert!(
                    localised.as_str().is_some_and(|d| !d.is_empty()),
                    "/{name} {locale}"
                );
            }
            // Spanish and German in the slash menu (issue 31): every action of the family,
            // each of its options and each choice.
            for sub in command["options"].as_array().into_iter().flatten() {
                all_localised(name, sub, true);
            }
            registered.push(name.to_string());
            continue;
        }
        for sub in command["options"].as_array().into_iter().flatten() {
            let sub_name = sub["name"].as_str().unwrap_or_default();
            let about = command_help(sub_name).map(|help| help.about(Language::English));
            assert_eq!(
                sub["description"].as_str(),
                about.as_deref(),
                "/{name} {sub_name}"
            );
            // Spanish and German in the slash menu (issue 31): every subcommand's name and
            // description, accepted by the fake's localisation rules above.
            for locale in ["es-ES", "es-419", "de"] {
                for key in ["name_localizations", "description_localizations"] {
                    let localised = sub[key][locale].as_str().unwrap_or_default();
                    assert!(
                        !localised.is_empty(),
                        "/{name} {sub_name}: no {key}.{locale}"
                    );
                }
            }
            all_localised(name, sub, false);
            registered.push(format!("{name} {sub_name}"));
        }
    }
    let mut table: Vec<String> = COMMANDS
        .iter()
        .filter_map(|entry| discord::slash_of(entry.name))
        .map(|(slash, sub)| match sub {
            Some(sub) => format!("{slash} {sub}"),
            None => slash.to_string(),
        })
        .collect();
    registered.sort_unstable();
    table.sort_unstable();
    assert_eq!(registered, table);
    let akron = &commands[0];
    let option = |sub: &str, name: &str| -> Option<Value> {
        akron["options"]
            .as_array()?
            .iter()
            .find(|o| o["name"] == sub)?["options"]
            .as_array()?
            .iter()
            .find(|o| o["name"] == name)
            .cloned()
    };
    let size = option("challenge", "size").ok_or("size option")?;
    assert_eq!(
        (size["min_value"].as_f64(), size["max_value"].as_f64()),
        (Some(3.0), Some(16.0))
    );
    assert_eq!(
        option("challenge", "opponent").ok_or("opponent")?["type"],
        6
    );
    let rule = option("challenge", "rule").ok_or("rule option")?;
    assert_eq!(rule["choices"].as_array().map(Vec::len), Some(2));
    let notation = option("move", "notation").ok_or("notation option")?;
    assert_eq!(notation["autocomplete"], true);
    assert!(notation["description"]
        .as_str()
        .is_some_and(|d| !d.is_empty()));
    stop_bot(bot).await
}

/// Fails unless the subcommand `sub` of `/name` (itself too when `itself`), each of its
/// options and each of their choices carry Spanish and German names (and descriptions, but
/// for choices, which have none).
fn all_localised(name: &str, sub: &Value, itself: bool) {
    let sub_name = sub["name"].as_str().unwrap_or_default();
    let mut items = Vec::new();
    if itself {
        items.push((sub_name.to_string(), sub, true));
    }
    for option in sub["options"].as_array().into_iter().flatten() {
        let option_name = option["name"].as_str().unwrap_or_default();
        items.push((format!("{sub_name} {option_name}"), option, true));
        for choice in option["choices"].as_array().into_iter().flatten() {
            let choice_name = choice["name"].as_str().unwrap_or_default();
            items.push((
                format!("{sub_name} {option_name}:{choice_name}"),
                choice,
                false,
            ));
        }
    }
    for (what, item, described) in items {
        for locale in ["es-ES", "es-419", "de"] {
            let mut keys = vec!["name_localizations"];
            if described {
                keys.push("description_localizations");
            }
            for key in keys {
                let localised = item[key][locale].as_str().unwrap_or_default();
                assert!(!localised.is_empty(), "/{name} {what}: no {key}.{locale}");
            }
        }
    }
}

/// The languages the bot is being translated into next. Until a text has its translation in
/// the registration, the check below counts it as [`EXPANSION`] times the English (Spanish
/// and German run longer); real translations, once the registration carries them, count as
/// they are.
const PLANNED_LOCALES: [&str; 2] = ["es-ES", "de"];
/// How much longer than English a missing translation is assumed to be.
const EXPANSION: f64 = 1.4;
/// The most English text one command may hold, leaving room for the translations.
const ENGLISH_ROOM: usize = 5_000;
/// The most one command may hold with every planned language in: 90 % of Discord's 8,000.
const TRANSLATED_ROOM: usize = 7_200;

/// `text` lengthened to `EXPANSION` times its length (at most `limit` characters): a stand-in
/// for a translation, in lowercase letters so that a name stays a valid name.
fn estimated(text: &str, limit: usize) -> String {
    let length = text.chars().count();
    let wanted = ((length as f64 * EXPANSION).ceil() as usize).min(limit);
    let mut estimate: String = text.chars().take(wanted).collect();
    estimate.extend(std::iter::repeat_n('ä', wanted.saturating_sub(length)));
    estimate
}

/// Adds an estimated translation in each planned language to every name, description and
/// choice name that has none yet.
fn with_estimated_translations(item: &mut Value, name_limit: usize) {
    use fake_discord::commands::{CHOICE_TEXT, DESCRIPTION, NAME};
    for (key, localized, limit) in [
        ("name", "name_localizations", name_limit),
        ("description", "description_localizations", DESCRIPTION),
    ] {
        let Some(text) = item[key].as_str().map(str::to_owned) else {
            continue;
        };
        if !item[localized].is_object() {
            item[localized] = serde_json::json!({});
        }
        for locale in PLANNED_LOCALES {
            if item[localized].get(locale).is_none() {
                item[localized][locale] = Value::String(estimated(&text, limit));
            }
        }
    }
    for option in item["options"].as_array_mut().into_iter().flatten() {
        with_estimated_translations(option, NAME);
    }
    for choice in item["choices"].as_array_mut().into_iter().flatten() {
        with_estimated_translations(choice, CHOICE_TEXT);
    }
}

/// Every command the bot registers keeps Discord's rules in English and with an estimated
/// (or, once they exist, the real) Spanish and German texts, and stays well under the 8,000
/// characters Discord allows a command.
#[test]
fn every_command_fits_discords_limits_in_every_planned_language_with_room() -> Result<(), Error> {
    use fake_discord::commands::{self, NAME};
    let english = serde_json::to_value(discord::registration())?;
    if let Err(refusal) = commands::check(&english) {
        return Err(format!("Discord would refuse: {}", refusal.body).into());
    }
    let mut translated = english.clone();
    for command in translated.as_array_mut().into_iter().flatten() {
        with_estimated_translations(command, NAME);
    }
    if let Err(refusal) = commands::check(&translated) {
        return Err(format!("Discord would refuse, translated: {}", refusal.body).into());
    }
    let english = english.as_array().ok_or("a list of commands")?;
    let translated = translated.as_array().ok_or("a list of commands")?;
    for (plain, both) in english.iter().zip(translated) {
        let name = plain["name"].as_str().unwrap_or_default();
        let options = plain["options"].as_array().map_or(0, Vec::len);
        let (english_size, translated_size) = (commands::size(plain), commands::size(both));
        eprintln!(
            "/{name}: {options} options, {english_size} characters in English, \
             {translated_size} with Spanish and German"
        );
        assert!(english_size <= ENGLISH_ROOM, "/{name}: {english_size}");
        assert!(
            translated_size <= TRANSLATED_ROOM,
            "/{name}: {translated_size}"
        );
    }
    Ok(())
}

/// The players' guide's Discord section (`docs/players.md`, where the README's moved in issue
/// 42) lists every entry of the slash menu (`/akron move`, `/akron-tournament join`, ...), so a
/// player reading it finds what Discord shows.
#[test]
fn the_players_guide_lists_every_slash_command_as_the_menu_shows_it() -> Result<(), Error> {
    const GUIDE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/players.md"));
    let section = GUIDE
        .split_once("\n## Discord\n")
        .and_then(|(_, rest)| rest.split_once("\n## ").map(|(section, _)| section))
        .ok_or("docs/players.md has a Discord section")?;
    let registration = serde_json::to_value(discord::registration())?;
    let mut missing = Vec::new();
    for command in registration.as_array().into_iter().flatten() {
        let name = command["name"].as_str().unwrap_or_default();
        for sub in command["options"].as_array().into_iter().flatten() {
            let entry = format!("/{name} {}", sub["name"].as_str().unwrap_or_default());
            if !section.contains(&format!("`{entry}`")) && !section.contains(&format!("`{entry} "))
            {
                missing.push(entry);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/players.md does not list {missing:?}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_from_challenge_to_win_through_rate_limits() -> Result<(), Error> {
    full_game(false, Some(3)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_from_challenge_to_win_with_a_png_on_every_board() -> Result<(), Error> {
    full_game(true, None).await
}

/// Every file the bot posted (message, follow-up or interaction answer) is an attachment
/// with a `description` (its text alternative, issue 31) of 1 to 1,024 characters; at least
/// `least` of them were posted.
pub(crate) fn every_attachment_described(fake: &FakeDiscord, least: usize) -> Result<(), Error> {
    let mut seen = 0;
    for request in fake.requests().iter().filter(|r| !r.files.is_empty()) {
        let body = request
            .json
            .as_ref()
            .ok_or("a multipart body has payload_json")?;
        let attachments = body["attachments"]
            .as_array()
            .or_else(|| body["data"]["attachments"].as_array())
            .ok_or_else(|| {
                format!(
                    "{} {}: files without attachments",
                    request.method, request.path
                )
            })?;
        for attachment in attachments {
            let description = attachment["description"].as_str().unwrap_or_default();
            let length = description.chars().count();
            assert!(
                (1..=1_024).contains(&length),
                "{} {}: attachment {} has a description of {length} characters",
                request.method,
                request.path,
                attachment["filename"]
            );
            seen += 1;
        }
    }
    assert!(seen >= least, "only {seen} attachments posted");
    Ok(())
}

/// Plays a whole game through the bot; with `require_png`, every board reply must carry a
/// PNG in its embed; with `throttle_every`, every so many requests are answered 429 first.
/// Discord refuses none of the bot's requests.
async fn full_game(require_png: bool, throttle_every: Option<u64>) -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    if let Some(every) = throttle_every {
        fake.throttle("*", "*", every);
    }
    let accepted = start_game(&fake).await?;
    let check_png = |reply: &Reply| {
        if require_png || !reply.files.is_empty() {
            assert_png(reply)
        } else {
            Ok(())
        }
    };
    check_png(&accepted)?;
    let mut last = accepted;
    for (ply, mv) in moves.iter().enumerate() {
        let user = player(ply);
        let notation = mv.to_string();
        let reply = fake
            .interact_and_wait(&akron(
                user,
                "move",
                vec![payloads::string_option("notation", &notation)],
            ))
            .await?;
        assert!(
            !reply.is_ephemeral(),
            "move {notation} by {} was refused: {}",
            user.name,
            reply.content()
        );
        check_png(&reply)?;
        if ply + 1 < moves.len() {
            let next = player(ply + 1);
            assert!(
                reply.content().contains(&format!("<@{}>", next.id)),
                "the player to move is mentioned: {}",
                reply.content()
            );
            assert_eq!(
                reply.data["allowed_mentions"]["users"],
                serde_json::json!([next.id.to_string()])
            );
            assert!(reply.buttons().iter().any(|(_, label)| label == "Resign"));
        }
        last = reply;
    }
    let winner = player(moves.len() - 1);
    assert!(
        last.text().contains("wins") && last.text().contains(winner.name),
        "the last reply announces {}'s win: {}",
        winner.name,
        last.text()
    );
    // Issue 43: a finished game's board carries Rematch, and nothing else.
    let labels: Vec<String> = last.buttons().into_iter().map(|(_, label)| label).collect();
    assert_eq!(
        labels,
        ["Rematch"],
        "a finished game's board offers only a rematch"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    if throttle_every.is_some() {
        assert!(
            fake.throttled().len() >= moves.len() / 2,
            "the bot went through its rate limiter's retries"
        );
    }
    every_attachment_described(&fake, 1)?;
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_legal_moves_matching_the_prefix() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    let mut options = GameOptions::new(SIZE as u8);
    options.win_rule = WinRule::Immediate;
    let mut game = Game::new(options)?;
    // Play until a step is legal, so both kinds of move exist.
    for (ply, mv) in moves.iter().enumerate() {
        if game
            .legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Step { .. }))
        {
            break;
        }
        play_one(&fake, ply, mv).await?;
        game.play(*mv)?;
    }
    let legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    let to_move = player(game.moves().len());
    let ask = |typed: &str| {
        payloads::autocomplete(
            to_move,
            CHANNEL_ID,
            "akron",
            Some("move"),
            "notation",
            typed,
        )
    };
    let all = fake.interact_and_wait(&ask("")).await?;
    assert_eq!(all.callback_type, 8);
    let choices = all.choices();
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert!(
        choices.iter().all(|c| legal.contains(c)),
        "{choices:?} ⊄ {legal:?}"
    );
    assert_eq!(choices.len(), legal.len().min(25));
    let step = legal
        .iter()
        .find(|m| m.contains('-'))
        .ok_or("a step is legal")?;
    assert!(choices.iter().any(|c| c.contains('-')), "steps are offered");
    let piece = step.split('-').next().unwrap_or_default();
    let prefix = format!("{piece}-");
    let narrowed = fake.interact_and_wait(&ask(&prefix.to_lowercase())).await?;
    let mut expected: Vec<String> = legal
        .iter()
        .filter(|m| m.starts_with(&prefix))
        .take(25)
        .cloned()
        .collect();
    let mut got = narrowed.choices();
    expected.sort();
    got.sort();
    assert_eq!(got, expected);

    // `/akron moves point` offers the pieces that can step, each once.
    let pieces = fake
        .interact_and_wait(&payloads::autocomplete(
            to_move,
            CHANNEL_ID,
            "akron",
            Some("moves"),
            "point",
            "",
        ))
        .await?;
    let mut offered = pieces.choices();
    let mut sources: Vec<String> = legal
        .iter()
        .filter_map(|m| m.split_once('-').map(|(from, _)| from.to_string()))
        .collect();
    sources.sort();
    sources.dedup();
    offered.sort();
    assert_eq!(offered, sources);
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_pressed_by_someone_else_and_an_illegal_move_get_ephemeral_refusals(
) -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &BOB),
            payloads::integer_option("colour", 0),
        ],
    );
    let reply = fake.interact_and_wait(&challenge).await?;
    let message = reply.message.clone().ok_or("the challenge message")?;
    let accept = button_id(&reply, "Accept")?;
    let mut robot = payloads::user_option("opponent", &CAROL);
    robot["_user"]["bot"] = Value::Bool(true);
    let elsewhere = |user: &TestUser, options| {
        payloads::slash(
            user,
            payloads::OTHER_CHANNEL_ID,
            "akron",
            Some("challenge"),
            options,
        )
    };
    let no_bots = fake
        .interact_and_wait(&elsewhere(&ALICE, vec![robot]))
        .await?;
    assert!(no_bots.is_ephemeral(), "{}", no_bots.content());
    assert!(
        no_bots.content().contains("is a bot"),
        "{}",
        no_bots.content()
    );
    let refused = fake
        .interact_and_wait(&payloads::button(&CAROL, &message, &accept))
        .await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("not for you"),
        "{}",
        refused.content()
    );

    let accepted = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());

    let illegal = fake
        .interact_and_wait(&akron(
            &ALICE,
            "move",
            vec![payloads::string_option("notation", "Z9")],
        ))
        .await?;
    assert!(illegal.is_ephemeral(), "{}", illegal.content());
    assert!(illegal.files.is_empty());
    let not_your_turn = fake
        .interact_and_wait(&akron(
            &BOB,
            "move",
            vec![payloads::string_option("notation", "A1")],
        ))
        .await?;
    assert!(not_your_turn.is_ephemeral(), "{}", not_your_turn.content());
    stop_bot(bot).await
}

/// Issue 31: a player whose Discord client is in Spanish gets Spanish refusals, only they see
/// them; what the channel sees stays in the server's language (the guild's preferred locale,
/// here German), and the board's picture carries its text alternative in that language.
/// Options the command cannot read (a client still showing a command's form from before an
/// update: here a number where `move` takes its notation as text) get a private answer in
/// the caller's language, not silence or poise's English; nothing is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_from_an_older_form_of_a_command_are_refused_in_the_callers_language(
) -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    let mut stale = akron(
        &ALICE,
        "move",
        vec![payloads::integer_option("notation", 5)],
    );
    stale["locale"] = Value::from("de");
    let refused = fake.interact_and_wait(&stale).await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(
        refused
            .content()
            .starts_with("Ich konnte die Optionen dieses Befehls nicht lesen."),
        "{}",
        refused.content()
    );
    let board = fake
        .interact_and_wait(&akron(&ALICE, "board", vec![]))
        .await?;
    assert!(
        board.content().contains("0 moves"),
        "nothing was played: {}",
        board.content()
    );
    stop_bot(bot).await
}

/// Commands the Discord layer refuses itself, before the service reads them: a mistyped
/// `time`, a `level` without the bot as opponent, `show` with neither code nor record.
pub(crate) fn layer_refusals(user: &TestUser) -> [Value; 3] {
    [
        akron(
            user,
            "challenge",
            vec![
                payloads::user_option("opponent", &ALICE),
                payloads::string_option("time", "soon"),
            ],
        ),
        akron(
            user,
            "challenge",
            vec![
                payloads::user_option("opponent", &ALICE),
                payloads::integer_option("level", 3),
            ],
        ),
        review(user, "show", vec![]),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_client_gets_spanish_refusals_while_the_channel_reads_the_servers_language(
) -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    let in_spanish_on_a_german_server = |mut interaction: Value| {
        interaction["locale"] = Value::from("es-ES");
        interaction["guild_locale"] = Value::from("de");
        interaction
    };
    let refused = fake
        .interact_and_wait(&in_spanish_on_a_german_server(akron(
            &CAROL,
            "resign",
            vec![],
        )))
        .await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(
        refused.content().starts_with("No juegas en la partida #1"),
        "{}",
        refused.content()
    );
    let board = fake
        .interact_and_wait(&in_spanish_on_a_german_server(akron(
            &CAROL,
            "board",
            vec![],
        )))
        .await?;
    assert!(!board.is_ephemeral(), "{}", board.content());
    assert!(
        board.content().starts_with("Partie #1 · 0 Züge"),
        "{}",
        board.content()
    );
    assert!(
        board.buttons().iter().any(|(_, label)| label == "Aufgeben"),
        "{:?}",
        board.buttons()
    );
    let description = board.data["attachments"][0]["description"]
        .as_str()
        .ok_or("the board's attachment has a description")?;
    assert!(
        description.starts_with("Akron-Brett, 3 mal 3, Partie #1")
            && description.chars().count() <= 1024,
        "{description}"
    );
    // The refusals the Discord layer makes itself, before the service reads the command,
    // are in the caller's language too.
    let said = [
        "Tiempo 'soon': escribe `none`",
        "`level` es para partidas contra mí",
        "Da un código de posición (`code`)",
    ];
    for (interaction, said) in layer_refusals(&CAROL).into_iter().zip(said) {
        let refused = fake
            .interact_and_wait(&in_spanish_on_a_german_server(interaction))
            .await?;
        assert!(refused.is_ephemeral(), "{}", refused.content());
        assert!(
            refused.content().starts_with(said),
            "{said}: {}",
            refused.content()
        );
    }
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_between_two_moves_loses_nothing_and_old_buttons_still_work() -> Result<(), Error>
{
    let moves = winning_game()?;
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("akron.db");
    let bot = start_bot(&fake, &db).await?;
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    start_game(&fake).await?;
    let first = fake
        .interact_and_wait(&akron(
            &ALICE,
            "move",
            vec![payloads::string_option("notation", &moves[0].to_string())],
        ))
        .await?;
    assert!(!first.is_ephemeral(), "{}", first.content());
    let board = first.message.clone().ok_or("the board message")?;
    stop_bot(bot).await?;

    let bot = start_bot(&fake, &db).await?;
    fake.wait_connected(2).await?;
    let second = fake
        .interact_and_wait(&akron(
            &BOB,
            "move",
            vec![payloads::string_option("notation", &moves[1].to_string())],
        ))
        .await?;
    assert!(!second.is_ephemeral(), "{}", second.content());
    // The first board's Offer draw button, made before the restart, still works.
    let offer = button_id(&first, "Offer draw")?;
    let offered = fake
        .interact_and_wait(&payloads::button(&ALICE, &board, &offer))
        .await?;
    assert!(!offered.is_ephemeral(), "{}", offered.content());
    let (identifies, _) = fake.identifies_and_resumes();
    assert_eq!(identifies, 2);
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_send_messages_the_bot_says_so_and_a_moderator_may_abort() -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    // A server that took Send Messages away from the bot in one channel.
    fake.deny_bot(payloads::OTHER_CHANNEL_ID, payloads::SEND_MESSAGES);
    let muted = payloads::slash(
        &ALICE,
        payloads::OTHER_CHANNEL_ID,
        "akron",
        Some("challenge"),
        vec![payloads::user_option("opponent", &BOB)],
    );
    let refused = fake.interact_and_wait(&muted).await?;
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("Send Messages"),
        "{}",
        refused.content()
    );
    assert!(fake.channel_messages(payloads::OTHER_CHANNEL_ID).is_empty());

    start_game(&fake).await?;
    let bystander = fake
        .interact_and_wait(&akron(&CAROL, "abort", vec![]))
        .await?;
    assert!(bystander.is_ephemeral(), "{}", bystander.content());
    let moderator = fake
        .interact_and_wait(&akron(&payloads::MODERATOR, "abort", vec![]))
        .await?;
    assert!(!moderator.is_ephemeral(), "{}", moderator.content());
    stop_bot(bot).await
}

/// Plays the first `count` moves of `moves` through the bot, each by the player to move.
async fn play_moves(fake: &FakeDiscord, moves: &[Move], count: usize) -> Result<Reply, Error> {
    play_moves_from(fake, moves, 0, count).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_move_is_deferred_and_then_answered_with_the_board() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, dir) = setup().await?;
    start_game(&fake).await?;
    // Another writer holds the database for 2.5 s (as a backup or a second bot would), so the
    // move cannot commit within Discord's first 3 seconds and the bot must defer.
    let holder = hold_write_lock(&dir.path().join("akron.db"), Duration::from_millis(2500))?;
    let interaction = akron(
        &ALICE,
        "move",
        vec![payloads::string_option("notation", &moves[0].to_string())],
    );
    let reply = fake.interact_and_wait(&interaction).await?;
    holder.join().map_err(|_| "the lock holder panicked")??;
    assert_eq!(reply.callback_type, 5, "deferred first: {:?}", reply.data);
    assert!(!fake
        .requests()
        .iter()
        .any(|request| request.method == "DELETE"));
    assert!(!reply.is_ephemeral(), "{}", reply.content());
    assert!(
        reply.content().contains(&format!("<@{}> to move", BOB.id)),
        "{}",
        reply.content()
    );
    assert_png(&reply)?;
    // The move landed exactly once: Bob can answer it.
    let answered = play_moves_from(&fake, &moves, 1, 2).await?;
    assert!(!answered.is_ephemeral());
    stop_bot(bot).await
}

/// Holds the write lock of the database at `path` for `duration` from another connection,
/// as a backup or a second process would; returns once the lock is taken.
fn hold_write_lock(
    path: &Path,
    duration: Duration,
) -> Result<std::thread::JoinHandle<Result<(), DbError>>, Error> {
    let blocker = Db::open(path)?;
    let (locked, is_locked) = std::sync::mpsc::channel();
    let holder = std::thread::spawn(move || {
        // A write that takes the lock, holds it, then gives up and writes nothing.
        let held: Result<(), DbError> = blocker.write(|_| {
            let _ = locked.send(());
            std::thread::sleep(duration);
            Err(DbError::Conflict)
        });
        match held {
            Err(DbError::Conflict) => Ok(()),
            other => other,
        }
    });
    is_locked.recv()?;
    Ok(holder)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_after_a_deferral_reaches_only_the_caller() -> Result<(), Error> {
    let moves = winning_game()?;
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("akron.db");
    let mut config = Config::with_db(&db);
    config.busy_timeout = Duration::from_millis(2500);
    let bot = start_bot_with(&fake, config).await?;
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    start_game(&fake).await?;
    // The lock outlasts the busy timeout: the bot defers at 1.5 s, and the move fails at
    // 2.5 s, changing nothing.
    let holder = hold_write_lock(&db, Duration::from_millis(4000))?;
    let interaction = akron(
        &ALICE,
        "move",
        vec![payloads::string_option("notation", &moves[0].to_string())],
    );
    let (_, token) = payloads::id_and_token(&interaction);
    let reply = fake.interact_and_wait(&interaction).await?;
    holder.join().map_err(|_| "the lock holder panicked")??;
    assert_eq!(reply.callback_type, 5, "deferred first: {:?}", reply.data);
    assert!(reply.is_ephemeral(), "public: {}", reply.content());
    assert!(reply.content().contains("busy"), "{}", reply.content());
    let deleted = fake.requests().iter().any(|request| {
        request.is(
            "DELETE",
            &format!(
                "/webhooks/{}/{token}/messages/@original",
                payloads::APPLICATION_ID
            ),
        )
    });
    assert!(deleted, "the public \"thinking\" message was removed");
    // Nothing changed: the same move is Alice's to play now.
    let played = play_moves(&fake, &moves, 1).await?;
    assert!(played.content().contains("placed"), "{}", played.content());
    stop_bot(bot).await
}

/// Plays `mv` as ply `ply` by the player to move; it must be accepted.
async fn play_one(fake: &FakeDiscord, ply: usize, mv: &Move) -> Result<Reply, Error> {
    let reply = fake
        .interact_and_wait(&akron(
            player(ply),
            "move",
            vec![payloads::string_option("notation", &mv.to_string())],
        ))
        .await?;
    assert!(
        !reply.is_ephemeral(),
        "{mv} by {} was refused: {}",
        player(ply).name,
        reply.content()
    );
    Ok(reply)
}

/// Plays plies `from..to` of `moves`.
async fn play_moves_from(
    fake: &FakeDiscord,
    moves: &[Move],
    from: usize,
    to: usize,
) -> Result<Reply, Error> {
    let mut last = None;
    for (ply, mv) in moves.iter().enumerate().take(to).skip(from) {
        last = Some(play_one(fake, ply, mv).await?);
    }
    Ok(last.ok_or("no moves played")?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_attaches_the_record_and_show_reads_the_file_back() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    let played = 3.min(moves.len() - 1);
    play_moves(&fake, &moves, played).await?;
    let exported = fake
        .interact_and_wait(&review(&CAROL, "export", vec![]))
        .await?;
    assert!(!exported.is_ephemeral(), "{}", exported.content());
    let file = exported
        .files
        .iter()
        .find(|file| file.filename == "akron-1.txt")
        .ok_or_else(|| format!("no record attached: {:?}", exported.data))?;
    let record = String::from_utf8(file.bytes.clone())?;
    for mv in &moves[..played] {
        assert!(record.contains(&mv.to_string()), "{mv} in {record}");
    }
    assert!(
        record.contains("alice") && record.contains("bob"),
        "{record}"
    );

    // /akron-review replay animates the channel's game: the GIF arrives as an attachment in an embed.
    let replayed = fake
        .interact_and_wait(&review(
            &CAROL,
            "replay",
            // Poise registers choices as integers: fast is the third speed.
            vec![payloads::integer_option("speed", 2)],
        ))
        .await?;
    assert!(!replayed.is_ephemeral(), "{}", replayed.content());
    assert!(
        replayed.content().contains(&format!("moves 1 to {played}")),
        "{}",
        replayed.content()
    );
    assert_gif_in_embed(&replayed)?;

    // The file, attached to /akron-review show, draws the position after those moves.
    let upload = fake.upload("akron-1.txt", &file.bytes);
    let shown = fake
        .interact_and_wait(&review(
            &CAROL,
            "show",
            vec![payloads::attachment_option("record", &upload)],
        ))
        .await?;
    assert!(!shown.is_ephemeral(), "{}", shown.content());
    assert!(
        shown.content().contains(&format!("After {played} moves")),
        "{}",
        shown.content()
    );
    // A record is also animated: the replay GIF takes the embed, the still board is attached.
    assert_gif_in_embed(&shown)?;
    assert!(shown.files.iter().any(|f| f.filename == "board.png"));

    // Neither a code nor a file; a file that is not text: private refusals, no picture.
    let nothing = fake
        .interact_and_wait(&review(&CAROL, "show", vec![]))
        .await?;
    assert!(nothing.is_ephemeral(), "{}", nothing.content());
    assert!(
        nothing.content().contains("record"),
        "{}",
        nothing.content()
    );
    let binary = fake.upload("board.png", &[0x89, b'P', b'N', b'G', 0xff, 0xfe, 0]);
    let refused = fake
        .interact_and_wait(&review(
            &CAROL,
            "show",
            vec![payloads::attachment_option("record", &binary)],
        ))
        .await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("not a text file"),
        "{}",
        refused.content()
    );
    assert!(refused.files.is_empty());
    every_attachment_described(&fake, 3)?;
    stop_bot(bot).await
}

/// Issue 44: `/akron-review analyze` on a finished game queues it; the bot's analysis worker
/// runs it and posts the summary with the evaluation chart (a described PNG) in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_posts_the_summary_and_the_chart_of_a_finished_game() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    play_moves(&fake, &moves, moves.len()).await?;
    let queued = fake
        .interact_and_wait(&review(&CAROL, "analyze", vec![]))
        .await?;
    assert!(!queued.is_ephemeral(), "{}", queued.content());
    assert!(
        queued.content().contains("queued for analysis"),
        "{}",
        queued.content()
    );
    let messages = fake
        .wait_channel(CHANNEL_ID, "the analysis in the channel", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Analysis of game #1"))
            })
        })
        .await?;
    let posted = messages
        .iter()
        .find(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("Analysis of game #1"))
        })
        .ok_or("no analysis")?;
    let content = posted["content"].as_str().unwrap_or_default();
    assert!(content.contains("Black (alice): accuracy"), "{content}");
    assert!(content.contains("White (bob): accuracy"), "{content}");
    let attachments = posted["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(attachments.len(), 1, "the chart: {posted}");
    // Every picture sent, the chart included, has its text alternative.
    every_attachment_described(&fake, 1)?;
    assert!(
        fake.requests().iter().any(|r| r
            .json
            .as_ref()
            .is_some_and(|j| j.to_string().contains("Evaluation chart of game #1"))),
        "the chart is described"
    );
    // Asked again: the stored analysis, at once, with its chart.
    let again = fake
        .interact_and_wait(&review(&CAROL, "analyze", vec![]))
        .await?;
    assert!(
        again.content().contains("Analysis of game #1"),
        "{}",
        again.content()
    );
    assert_png(&again)?;
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_on_the_board_asks_the_player_and_refuses_a_bystander() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    let board = play_moves(&fake, &moves, 1).await?;
    let message = board.message.clone().ok_or("the board message")?;
    let resign = button_id(&board, "Resign")?;

    let bystander = fake
        .interact_and_wait(&payloads::button(&CAROL, &message, &resign))
        .await?;
    assert!(bystander.is_ephemeral(), "{}", bystander.content());
    assert!(
        bystander.content().contains("not playing"),
        "{}",
        bystander.content()
    );
    assert!(bystander.buttons().is_empty(), "no confirmation for carol");

    let asked = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &resign))
        .await?;
    assert!(asked.is_ephemeral(), "{}", asked.content());
    let (confirm, label) = asked
        .buttons()
        .into_iter()
        .next()
        .ok_or("a confirmation button")?;
    assert_eq!(label, "Yes, resign");
    let confirmation = asked.message.clone().ok_or("the confirmation message")?;
    let press = payloads::button(&BOB, &confirmation, &confirm);
    let (_, token) = payloads::id_and_token(&press);
    let closed = fake.interact_and_wait(&press).await?;
    // The private question is closed (updated, its button gone) ...
    assert_eq!(closed.callback_type, 7, "{:?}", closed.data);
    assert!(closed.buttons().is_empty());
    // ... and the result goes to the channel.
    let followup = format!("/webhooks/{}/{token}", payloads::APPLICATION_ID);
    let result = fake
        .wait_for("the public result", |requests| {
            requests
                .iter()
                .find(|request| request.is("POST", &followup))
                .cloned()
        })
        .await?;
    let body = result.json.clone().unwrap_or_default();
    let text = body["content"].as_str().unwrap_or_default();
    assert!(
        body["flags"].as_u64().unwrap_or(0) & 64 == 0,
        "the result is public"
    );
    assert!(
        text.contains("Black wins") && text.contains("bob resigned"),
        "{text}"
    );
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn manage_threads_lets_a_moderator_abort_in_a_thread_only() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    play_moves(&fake, &moves, 2).await?;
    let in_channel = fake
        .interact_and_wait(&akron(&payloads::THREAD_MODERATOR, "abort", vec![]))
        .await?;
    assert!(in_channel.is_ephemeral(), "{}", in_channel.content());
    assert!(
        in_channel.content().contains("not playing"),
        "{}",
        in_channel.content()
    );

    // A game in the thread: Manage Threads is enough to call it off there.
    let in_thread = |user: &TestUser, subcommand: &str, options: Vec<Value>| {
        payloads::slash(
            user,
            payloads::THREAD_ID,
            "akron",
            Some(subcommand),
            options,
        )
    };
    let challenge = fake
        .interact_and_wait(&in_thread(
            &ALICE,
            "challenge",
            vec![payloads::user_option("opponent", &BOB)],
        ))
        .await?;
    assert!(!challenge.is_ephemeral(), "{}", challenge.content());
    let accepted = fake
        .interact_and_wait(&in_thread(&BOB, "accept", vec![]))
        .await?;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());
    let aborted = fake
        .interact_and_wait(&in_thread(&payloads::THREAD_MODERATOR, "abort", vec![]))
        .await?;
    assert!(!aborted.is_ephemeral(), "{}", aborted.content());
    assert!(aborted.text().contains("aborted"), "{}", aborted.text());
    // The channel's own game goes on.
    let board = fake
        .interact_and_wait(&akron(&CAROL, "board", vec![]))
        .await?;
    assert!(board.content().contains("2 moves"), "{}", board.content());
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_opened_off_a_board_is_a_channel_of_its_own_with_thread_rules() -> Result<(), Error>
{
    let (fake, bot, _dir) = setup().await?;
    let accepted = start_game(&fake).await?;
    let board = accepted.message.ok_or("the board message was stored")?;
    let board_id = board["id"].as_str().ok_or("a message id")?;
    let url =
        format!("https://discord.com/api/v10/channels/{CHANNEL_ID}/messages/{board_id}/threads");
    let opened = fake
        .http_client()?
        .post(url)
        .header("content-type", "application/json")
        .body(r#"{"name": "Akron game 1"}"#)
        .send()
        .await?;
    assert_eq!(opened.status().as_u16(), 200);
    let thread: u64 = board_id.parse()?;
    assert_eq!(fake.threads_of(CHANNEL_ID).len(), 2);
    assert!(fake.archive_thread(thread));
    let reopened = fake
        .http_client()?
        .patch(format!("https://discord.com/api/v10/channels/{thread}"))
        .header("content-type", "application/json")
        .body(r#"{"archived": false}"#)
        .send()
        .await?;
    assert_eq!(reopened.status().as_u16(), 200);

    let here = |user: &TestUser, subcommand: &str, options: Vec<Value>| {
        payloads::slash(user, thread, "akron", Some(subcommand), options)
    };
    let challenge = fake
        .interact_and_wait(&here(
            &ALICE,
            "challenge",
            vec![payloads::user_option("opponent", &BOB)],
        ))
        .await?;
    assert!(!challenge.is_ephemeral(), "{}", challenge.content());
    fake.interact_and_wait(&here(&BOB, "accept", vec![]))
        .await?;
    // The fake tells the bot the channel is a thread: Manage Threads may abort there.
    let aborted = fake
        .interact_and_wait(&here(&payloads::THREAD_MODERATOR, "abort", vec![]))
        .await?;
    assert!(aborted.text().contains("aborted"), "{}", aborted.text());
    let in_thread = fake.channel_messages(thread);
    assert_eq!(in_thread.len(), 3, "challenge, accepted board, abort");
    assert_eq!(
        fake.channel_messages(CHANNEL_ID).len(),
        2,
        "challenge and board"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    assert_eq!(
        fake.identifies_and_resumes(),
        (1, 0),
        "THREAD_CREATE and THREAD_UPDATE parse: the gateway never had to reconnect"
    );
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expiry_notice_lands_once_when_the_bot_dies_after_discord_stored_it() -> Result<(), Error>
{
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("akron.db");
    let clock = Arc::new(ManualClock::new(1_700_000_000));
    let service = Arc::new(Service::with_clock(Config::with_db(&db), clock.clone())?);
    let first = start_bot_on(&fake, Arc::clone(&service)).await?;
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![payloads::user_option("opponent", &BOB)],
    );
    fake.interact_and_wait(&challenge).await?;

    // Discord stores the notice, but its answer never reaches this bot, which then dies.
    fake.hold("POST", "/channels/*/messages");
    fake.throttle("POST", "/channels/*/messages", 2);
    clock.advance(25 * 3600);
    service.wake();
    fake.wait_held(1).await?;
    first.task.abort();
    first.shards.shutdown_all().await;
    let stored = fake.channel_messages(CHANNEL_ID);
    assert_eq!(stored.len(), 2, "the challenge and its expiry");
    let notice = stored[1].clone();
    assert!(notice["content"]
        .as_str()
        .unwrap_or_default()
        .contains("expired"));
    let nonce = notice["nonce"].clone();
    assert!(
        nonce.is_string(),
        "sent with the notice id as nonce: {notice}"
    );

    // Restarted once the dead process's claim on the notice has run out, the bot delivers
    // the notice again (through a 429); Discord hands back the earlier message.
    clock.advance(akron_service::delivery::LEASE);
    let restarted = Arc::new(Service::with_clock(Config::with_db(&db), clock)?);
    let second = start_bot_on(&fake, restarted).await?;
    let posts = |requests: &[fake_discord::Recorded]| {
        requests
            .iter()
            .filter(|request| {
                request.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
                    && request
                        .json
                        .as_ref()
                        .is_some_and(|body| body["nonce"] == nonce)
            })
            .count()
    };
    fake.wait_for("the notice sent again", |requests| {
        (posts(requests) >= 2).then_some(())
    })
    .await?;
    assert!(!fake.throttled().is_empty(), "the retry met a 429 first");
    assert_eq!(
        fake.channel_messages(CHANNEL_ID),
        stored,
        "nothing posted twice"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(second).await
}

/// A bot on a service with a clock the test moves, and a 1-day-per-move game between Alice
/// (to move) and Bob in the test channel.
async fn correspondence_game(
    fake: &FakeDiscord,
    db: &Path,
) -> Result<(Bot, Arc<Service>, Arc<ManualClock>), Error> {
    correspondence_game_with(fake, db, Vec::new()).await
}

/// [`correspondence_game`] with more challenge options.
async fn correspondence_game_with(
    fake: &FakeDiscord,
    db: &Path,
    options: Vec<Value>,
) -> Result<(Bot, Arc<Service>, Arc<ManualClock>), Error> {
    let clock = Arc::new(ManualClock::new(1_700_000_000));
    let service = Arc::new(Service::with_clock(Config::with_db(db), clock.clone())?);
    let bot = start_bot_on(fake, Arc::clone(&service)).await?;
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;
    let mut all = vec![
        payloads::user_option("opponent", &BOB),
        payloads::integer_option("size", SIZE),
        payloads::integer_option("colour", 0),
        payloads::string_option("time", "1d"),
    ];
    all.extend(options);
    let reply = fake
        .interact_and_wait(&akron(&ALICE, "challenge", all))
        .await?;
    let accept = button_id(&reply, "Accept")?;
    let message = reply.message.ok_or("the challenge message was stored")?;
    let accepted = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());
    Ok((bot, service, clock))
}

/// Messages in `channel` whose text contains `text`.
fn messages_with(fake: &FakeDiscord, channel: u64, text: &str) -> Vec<Value> {
    fake.channel_messages(channel)
        .into_iter()
        .filter(|message| {
            message["content"]
                .as_str()
                .is_some_and(|c| c.contains(text))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_at_half_time_reaches_the_player_by_direct_message() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let (bot, service, clock) = correspondence_game(&fake, &dir.path().join("akron.db")).await?;
    // The board of the accepted game is remembered (just after the reply went out).
    let board = format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/");
    let mut stored = None;
    for _ in 0..200 {
        stored = service.board_link(GameId(1))?;
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let stored = stored.ok_or("the latest board was remembered")?;
    assert!(stored.starts_with(&board), "{stored}");
    clock.advance(13 * 3600);
    service.wake();
    fake.wait_for("a direct message channel", |requests| {
        requests
            .iter()
            .any(|request| request.is("POST", "/users/@me/channels"))
            .then_some(())
    })
    .await?;
    let dm = fake
        .dm_channel_of(ALICE.id)
        .ok_or("the direct message channel is alice's")?;
    let reminder = fake.wait_messages(dm, 1).await?;
    let text = reminder[0]["content"].as_str().unwrap_or_default();
    assert!(text.contains("it is your move"), "{text}");
    assert!(
        text.contains(&format!("[latest board](<{stored}>)")),
        "{text}"
    );
    assert!(reminder[0].get("guild_id").is_none(), "a direct message");
    assert!(messages_with(&fake, CHANNEL_ID, "it is your move").is_empty());
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_goes_to_the_game_channel_when_the_player_refuses_direct_messages(
) -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    fake.refuse_dms(ALICE.id);
    let dir = tempfile::tempdir()?;
    let (bot, service, clock) = correspondence_game(&fake, &dir.path().join("akron.db")).await?;
    clock.advance(13 * 3600);
    service.wake();
    fake.wait_for("the refused direct message", |requests| {
        requests
            .iter()
            .any(|request| request.error_code() == Some(50007))
            .then_some(())
    })
    .await?;
    let fallback = fake
        .wait_channel(CHANNEL_ID, "the reminder in the channel", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("it is your move"))
            })
        })
        .await?;
    let text = fallback
        .iter()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.contains("it is your move"))
        .unwrap_or_default();
    assert!(text.contains(&format!("<@{}>", ALICE.id)), "{text}");
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_asks_for_a_thread_moves_into_one_opened_off_its_board() -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    let challenge = akron(
        &ALICE,
        "challenge",
        vec![
            payloads::user_option("opponent", &BOB),
            payloads::integer_option("size", SIZE),
            payloads::integer_option("colour", 0),
            serde_json::json!({"name": "thread", "type": 5, "value": true}),
        ],
    );
    let reply = fake.interact_and_wait(&challenge).await?;
    let accept = button_id(&reply, "Accept")?;
    let message = reply.message.ok_or("the challenge message was stored")?;
    let accepted = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &accept))
        .await?;
    let board = accepted.message.ok_or("the board message was stored")?;
    fake.wait_for("a thread opened off the board", |requests| {
        requests
            .iter()
            .any(|request| request.is("POST", "/threads") && !request.refused())
            .then_some(())
    })
    .await?;
    let thread = fake
        .threads_of(CHANNEL_ID)
        .into_iter()
        .find(|thread| thread["id"] == board["id"])
        .ok_or("the thread starts at the board message")?;
    let thread: u64 = thread["id"].as_str().unwrap_or_default().parse()?;
    let posted = fake.wait_messages(thread, 1).await?;
    let text = posted[0]["content"].as_str().unwrap_or_default();
    assert!(text.contains(&format!("<@{}>", ALICE.id)), "{text}");
    let moves = winning_game()?;
    let first = fake
        .interact_and_wait(&payloads::slash(
            &ALICE,
            thread,
            "akron",
            Some("move"),
            vec![payloads::string_option("notation", &moves[0].to_string())],
        ))
        .await?;
    assert!(
        !first.is_ephemeral(),
        "the game is played in the thread: {}",
        first.content()
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_reopens_the_games_thread_that_discord_archived() -> Result<(), Error> {
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let thread_game = serde_json::json!({"name": "thread", "type": 5, "value": true});
    let (bot, service, clock) =
        correspondence_game_with(&fake, &dir.path().join("akron.db"), vec![thread_game]).await?;
    let settings = akron(
        &ALICE,
        "settings",
        vec![payloads::integer_option("reminders", 1)],
    );
    fake.interact_and_wait(&settings).await?;
    fake.wait_for("the game's thread", |requests| {
        requests
            .iter()
            .any(|request| request.is("POST", "/threads") && !request.refused())
            .then_some(())
    })
    .await?;
    let thread = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .filter_map(|thread| thread["id"].as_str()?.parse::<u64>().ok())
        .find(|id| *id != payloads::THREAD_ID)
        .ok_or("a thread for the game")?;
    fake.wait_messages(thread, 1).await?;
    // A week without a move: Discord archives the thread.
    assert!(fake.archive_thread(thread));
    clock.advance(13 * 3600);
    service.wake();
    fake.wait_channel(thread, "the reminder in the game's thread", |messages| {
        messages.iter().any(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("it is your move"))
        })
    })
    .await?;
    let reopened = fake.channel(thread).ok_or("the thread")?;
    assert_eq!(reopened["thread_metadata"]["archived"], false);
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_never_logs_its_token_even_at_trace_level() -> Result<(), Error> {
    const TOKEN: &str = "MTAwMDAw.secret-token-for-the-log-test.xyz";
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let token_file = dir.path().join("token");
    std::fs::write(&token_file, format!("{TOKEN}\n"))?;
    // A file, not a pipe: at trace level the log outgrows a pipe's buffer before it is read.
    let log_path = dir.path().join("bot.log");
    let log_file = std::fs::File::create(&log_path)?;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("discord")
        .arg("--token-file")
        .arg(&token_file)
        .arg("--db")
        .arg(dir.path().join("akron.db"))
        .args([
            "--dev-guild",
            &GUILD_ID.to_string(),
            "--api-url",
            &fake.api_url(),
        ])
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "trace")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(log_file)
        .kill_on_drop(true)
        .spawn()?;
    let ready = async {
        fake.wait_connected(1).await?;
        fake.wait_commands().await?;
        // A command through the whole stack, so that request logging has something to show.
        fake.interact_and_wait(&akron(&ALICE, "rules", vec![]))
            .await
    }
    .await;
    child.start_kill()?;
    child.wait().await?;
    let log = std::fs::read_to_string(&log_path)?;
    let reply = ready.map_err(|error| format!("{error}; the bot's log:\n{log}"))?;
    assert!(!reply.content().is_empty());
    assert!(log.contains("starting the Discord bot"), "{log}");
    assert!(log.contains("<redacted>"), "{log}");
    assert!(log.contains(" TRACE "), "the log is at trace level");
    assert!(
        !log.contains("secret-token"),
        "the token leaked into the log"
    );
    // Trace logs of some crates print bodies as byte lists: `115, 101, 99, ...`.
    let as_bytes = "secret-token"
        .bytes()
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let leaks: Vec<&str> = log
        .lines()
        .filter(|line| line.contains(&as_bytes))
        .map(|line| line.get(..200).unwrap_or(line))
        .collect();
    assert!(
        leaks.is_empty(),
        "the token leaked into the log as bytes: {leaks:#?}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_resumes_after_losing_the_gateway_and_the_move_sent_meanwhile_lands(
) -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    play_moves(&fake, &moves, 1).await?;
    fake.drop_gateway();
    let during = akron(
        &BOB,
        "move",
        vec![payloads::string_option("notation", &moves[1].to_string())],
    );
    fake.interact(&during)?;
    fake.wait_connected(2).await?;
    let (id, token) = payloads::id_and_token(&during);
    let reply = fake.wait_reply(&id, &token).await?;
    assert!(!reply.is_ephemeral(), "{}", reply.content());
    assert!(
        reply
            .content()
            .contains(&format!("<@{}> to move", ALICE.id)),
        "{}",
        reply.content()
    );
    assert_eq!(
        fake.identifies_and_resumes(),
        (1, 1),
        "the bot resumed its session instead of identifying again"
    );
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_the_board_is_described_and_the_bot_says_why() -> Result<(), Error> {
    let (fake, bot, _dir) = setup().await?;
    start_game(&fake).await?;
    fake.deny_bot(CHANNEL_ID, payloads::ATTACH_FILES);
    let board = fake
        .interact_and_wait(&akron(&CAROL, "board", vec![]))
        .await?;
    assert!(!board.is_ephemeral(), "{}", board.content());
    assert!(board.files.is_empty(), "no picture without Attach Files");
    assert!(
        board.content().contains("Attach Files"),
        "{}",
        board.content()
    );
    assert!(board.content().contains("Game #1"), "{}", board.content());
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_latest_board_of_a_game_keeps_its_buttons() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    let accepted = start_game(&fake).await?;
    let first = play_moves(&fake, &moves, 1).await?;
    let second = play_moves_from(&fake, &moves, 1, 2).await?;
    let id_of = |reply: &Reply| -> Result<String, Error> {
        Ok(reply
            .message
            .as_ref()
            .and_then(|message| message["id"].as_str())
            .ok_or("a stored board message")?
            .to_owned())
    };
    let stripped = |requests: &[fake_discord::Recorded], id: &str| {
        requests.iter().any(|request| {
            request.is("PATCH", &format!("/channels/{CHANNEL_ID}/messages/{id}"))
                && request
                    .json
                    .as_ref()
                    .is_some_and(|body| body["components"] == serde_json::json!([]))
        })
    };
    let (accepted_id, first_id, second_id) = (id_of(&accepted)?, id_of(&first)?, id_of(&second)?);
    // Each new board took the buttons off the one before; the latest keeps them.
    fake.wait_for("the older boards to lose their buttons", |requests| {
        (stripped(requests, &accepted_id) && stripped(requests, &first_id)).then_some(())
    })
    .await?;
    assert!(!stripped(&fake.requests(), &second_id));
    assert!(second.buttons().iter().any(|(_, label)| label == "Resign"));

    // The result is a board without buttons, and it retires the last running one.
    let resigned = fake
        .interact_and_wait(&akron(&ALICE, "resign", vec![]))
        .await?;
    assert!(resigned.text().contains("resigned"), "{}", resigned.text());
    fake.wait_for("the last board to lose its buttons", |requests| {
        stripped(requests, &second_id).then_some(())
    })
    .await?;
    stop_bot(bot).await
}

/// `/akron-tournament ACTION options…`.
pub(crate) fn tournament_command(user: &TestUser, action: &str, options: Vec<Value>) -> Value {
    payloads::slash(user, CHANNEL_ID, "akron-tournament", Some(action), options)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_signs_up_with_buttons_and_its_game_opens_in_a_thread() -> Result<(), Error> {
    use fake_discord::payloads::MODERATOR;
    let (fake, bot, dir) = setup().await?;
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Friday Cup"),
                payloads::integer_option("format", 0),
                payloads::integer_option("rounds", 1),
                payloads::integer_option("board", SIZE),
            ],
        ))
        .await?;
    assert!(!created.is_ephemeral(), "{}", created.content());
    assert!(
        created.content().contains("Friday Cup"),
        "{}",
        created.content()
    );
    let join = button_id(&created, "Join")?;
    let signup = created.message.ok_or("the sign-up message was stored")?;
    for (who, count) in [(&ALICE, 1), (&BOB, 2)] {
        let pressed = fake
            .interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
        assert_eq!(
            pressed.callback_type, 7,
            "the sign-up message is edited in place"
        );
        let shown = fake
            .message(signup["id"].as_str().unwrap_or_default().parse()?)
            .ok_or("the sign-up message is still there")?;
        let text = shown["content"].as_str().unwrap_or_default();
        assert!(text.contains(&format!("Entrants ({count})")), "{text}");
    }
    let started = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        started.content().contains("2 players (Swiss, 1 round,"),
        "{}",
        started.content()
    );
    // The pairings, then the game's notice with a thread opened off it and the board inside.
    let messages = fake
        .wait_channel(CHANNEL_ID, "the pairings", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("round 1 of 1") && c.contains("board 1"))
            })
        })
        .await?;
    let pairings = messages
        .iter()
        .find(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("round 1 of 1"))
        })
        .ok_or("the pairings message")?;
    assert_eq!(
        pairings["attachments"].as_array().map(Vec::len),
        Some(1),
        "the pairings come as a table image: {pairings}"
    );
    let thread = fake
        .wait_for("a thread for the game", |requests| {
            requests
                .iter()
                .any(|request| request.is("POST", "/threads") && !request.refused())
                .then_some(())
        })
        .await;
    thread?;
    let threads = fake.threads_of(CHANNEL_ID);
    let thread = threads.first().ok_or("a thread was opened")?;
    assert!(
        thread["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("Akron #1: ")),
        "{thread}"
    );
    let thread: u64 = thread["id"].as_str().unwrap_or_default().parse()?;
    let posted = fake.wait_messages(thread, 1).await?;
    let text = posted[0]["content"].as_str().unwrap_or_default();
    assert!(text.contains(&format!("<@{}>", ALICE.id)), "{text}");
    assert!(text.contains(&format!("<@{}>", BOB.id)), "{text}");
    // The board in the thread is the game's latest: reminders link to it.
    let board = posted[0]["id"].as_str().unwrap_or_default().to_owned();
    let db = dir.path().join("akron.db");
    let link = fake
        .wait_for("the thread's board to be the game's latest", |_| {
            Db::open(&db)
                .ok()?
                .read(|tx| {
                    tx.query_opt("SELECT board_link FROM games WHERE id = 1", &[], |r| {
                        r.get::<Option<String>>(0)
                    })
                })
                .ok()
                .flatten()
                .flatten()
        })
        .await?;
    assert!(
        link.ends_with(&format!("/{thread}/{board}")),
        "{link} for board {board} in thread {thread}"
    );
    // The organiser turns analysis on after creation; twice is refused, to them alone.
    let state_on = || {
        tournament_command(
            &MODERATOR,
            "analysis",
            vec![payloads::integer_option("state", 0)],
        )
    };
    let on = fake.interact_and_wait(&state_on()).await?;
    assert!(!on.is_ephemeral(), "{}", on.content());
    assert!(
        on.content()
            .starts_with("Analysis is on for **Friday Cup**: each game that ends from now on"),
        "{}",
        on.content()
    );
    let again = fake.interact_and_wait(&state_on()).await?;
    assert!(again.is_ephemeral(), "{}", again.content());
    assert_eq!(
        again.content(),
        "Analysis is already on for **Friday Cup**."
    );
    // A resignation in the thread ends the tournament: the final standings are posted.
    let resigned = fake
        .interact_and_wait(&payloads::slash(
            &ALICE,
            thread,
            "akron",
            Some("resign"),
            Vec::new(),
        ))
        .await?;
    assert!(!resigned.is_ephemeral(), "{}", resigned.content());
    let messages = fake
        .wait_channel(CHANNEL_ID, "the final standings", |messages| {
            messages.iter().any(|m| {
                m["content"].as_str().is_some_and(|c| {
                    c.contains("Friday Cup** is over") && c.contains(&format!("<@{}>", BOB.id))
                })
            })
        })
        .await?;
    let standings = messages
        .iter()
        .find(|m| m["content"].as_str().is_some_and(|c| c.contains("is over")))
        .ok_or("the final standings message")?;
    assert_eq!(
        standings["attachments"].as_array().map(Vec::len),
        Some(1),
        "the final standings come as a table image: {standings}"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    every_attachment_described(&fake, 1)?;
    stop_bot(bot).await
}

/// A two-player knockout of a best-of-3 final through the fake Discord: the match opens one
/// thread, its second game follows in that same thread with its board, and the end comes with
/// the bracket picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_match_plays_its_games_in_one_thread() -> Result<(), Error> {
    use fake_discord::payloads::MODERATOR;
    let (fake, bot, _dir) = setup().await?;
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Knock Cup"),
                payloads::integer_option("format", 2),
                payloads::integer_option("best-of", 3),
                payloads::integer_option("board", SIZE),
            ],
        ))
        .await?;
    assert!(
        created
            .content()
            .contains("single elimination, best of 3 games a match"),
        "{}",
        created.content()
    );
    let join = button_id(&created, "Join")?;
    let signup = created.message.ok_or("the sign-up message was stored")?;
    for who in [&ALICE, &BOB] {
        fake.interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
    }
    let started = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        started.content().contains("2 players"),
        "{}",
        started.content()
    );
    let messages = fake
        .wait_channel(CHANNEL_ID, "the final's pairing", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("final (best of 3)"))
            })
        })
        .await?;
    let pairing = messages
        .iter()
        .find(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("final (best of 3)"))
        })
        .ok_or("the pairing message")?;
    assert_eq!(
        pairing["attachments"].as_array().map(Vec::len),
        Some(1),
        "the round comes with its bracket picture: {pairing}"
    );
    fake.wait_for("a thread for the match", |requests| {
        requests
            .iter()
            .any(|request| request.is("POST", "/threads") && !request.refused())
            .then_some(())
    })
    .await?;
    let threads = fake.threads_of(CHANNEL_ID);
    let thread: u64 = threads.first().ok_or("a thread was opened")?["id"]
        .as_str()
        .unwrap_or_default()
        .parse()?;
    fake.wait_messages(thread, 1).await?;
    // Game 1: Alice resigns; game 2 follows in the same thread.
    let resigned = fake
        .interact_and_wait(&payloads::slash(
            &ALICE,
            thread,
            "akron",
            Some("resign"),
            Vec::new(),
        ))
        .await?;
    assert!(!resigned.is_ephemeral(), "{}", resigned.content());
    let posted = fake
        .wait_channel(thread, "the match's second game", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("game 2 of 3 (score"))
            })
        })
        .await?;
    let second = posted
        .iter()
        .find(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("game 2 of 3"))
        })
        .ok_or("the second game's notice")?;
    assert_eq!(
        second["attachments"].as_array().map(Vec::len),
        Some(1),
        "the second game shows its board: {second}"
    );
    let games = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .filter(|t| t["name"].as_str().is_some_and(|n| n.starts_with("Akron #")))
        .count();
    assert_eq!(games, 1, "no second thread for the match");
    // Game 2: Alice resigns again; Bob wins the match and the tournament.
    let resigned = fake
        .interact_and_wait(&payloads::slash(
            &ALICE,
            thread,
            "akron",
            Some("resign"),
            Vec::new(),
        ))
        .await?;
    assert!(!resigned.is_ephemeral(), "{}", resigned.content());
    let messages = fake
        .wait_channel(CHANNEL_ID, "the end", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Knock Cup** is over"))
            })
        })
        .await?;
    let over = messages
        .iter()
        .find(|m| m["content"].as_str().is_some_and(|c| c.contains("is over")))
        .ok_or("the end")?;
    let text = over["content"].as_str().unwrap_or_default();
    assert!(text.contains("1. Bob") || text.contains("1. bob"), "{text}");
    assert_eq!(
        over["attachments"].as_array().map(Vec::len),
        Some(1),
        "{over}"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

/// A two-player double elimination through the fake Discord (`format` choice `double`, the
/// `reset` option): the winners' final, the grand final won from the losers' side, and the
/// bracket reset, each match in a thread of its own and each round posted with its two-bracket
/// picture; Discord refuses nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_elimination_plays_its_grand_final_and_the_reset() -> Result<(), Error> {
    use fake_discord::payloads::MODERATOR;
    let (fake, bot, _dir) = setup().await?;
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Double Cup"),
                payloads::integer_option("format", 3),
                serde_json::json!({"name": "reset", "type": 5, "value": true}),
                payloads::integer_option("board", SIZE),
            ],
        ))
        .await?;
    assert!(
        created.content().contains("double elimination")
            && created.content().contains("a bracket reset if"),
        "{}",
        created.content()
    );
    let join = button_id(&created, "Join")?;
    let signup = created.message.ok_or("the sign-up message was stored")?;
    for who in [&ALICE, &BOB] {
        fake.interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
    }
    let started = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        started.content().contains("2 players, up to 3 rounds"),
        "{}",
        started.content()
    );
    let mut seen: Vec<String> = Vec::new();
    // Each round: its pairing posted with the picture, a new thread, and `loser` resigns there.
    for (round, part, loser) in [
        (1, "Winners' bracket, final", &ALICE),
        (2, "Grand final", &BOB),
        (3, "Bracket reset", &BOB),
    ] {
        let title = format!("round {round} (best of 1):\n{part}");
        let messages = fake
            .wait_channel(CHANNEL_ID, &title, |messages| {
                messages
                    .iter()
                    .any(|m| m["content"].as_str().is_some_and(|c| c.contains(&title)))
            })
            .await?;
        let pairing = messages
            .iter()
            .find(|m| m["content"].as_str().is_some_and(|c| c.contains(&title)))
            .ok_or("the round's pairing")?;
        assert_eq!(
            pairing["attachments"].as_array().map(Vec::len),
            Some(1),
            "round {round} comes with its bracket picture: {pairing}"
        );
        fake.wait_for("the match's thread", |requests| {
            (requests
                .iter()
                .filter(|request| request.is("POST", "/threads") && !request.refused())
                .count()
                > seen.len())
            .then_some(())
        })
        .await?;
        let thread = fake
            .threads_of(CHANNEL_ID)
            .iter()
            .filter_map(|t| t["id"].as_str().map(str::to_string))
            .find(|id| !seen.contains(id))
            .ok_or("a new thread for the match")?;
        seen.push(thread.clone());
        let thread: u64 = thread.parse()?;
        fake.wait_messages(thread, 1).await?;
        let resigned = fake
            .interact_and_wait(&payloads::slash(
                loser,
                thread,
                "akron",
                Some("resign"),
                Vec::new(),
            ))
            .await?;
        assert!(!resigned.is_ephemeral(), "{}", resigned.content());
    }
    let messages = fake
        .wait_channel(CHANNEL_ID, "the end", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Double Cup** is over"))
            })
        })
        .await?;
    let over = messages
        .iter()
        .find(|m| m["content"].as_str().is_some_and(|c| c.contains("is over")))
        .ok_or("the end")?;
    let text = over["content"].as_str().unwrap_or_default();
    assert!(
        text.to_lowercase().contains("1. alice") && text.to_lowercase().contains("2. bob"),
        "{text}"
    );
    assert_eq!(
        over["attachments"].as_array().map(Vec::len),
        Some(1),
        "{over}"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_role_creates_and_a_typed_join_edits_the_sign_up_message() -> Result<(), Error>
{
    use fake_discord::payloads::MODERATOR;
    use serde_json::json;
    const ROLE: u64 = 700_000_000_000_000_001;
    let (fake, bot, dir) = setup().await?;
    let with_role = |mut interaction: Value| {
        interaction["member"]["roles"] = json!([ROLE.to_string()]);
        interaction
    };
    let create = || {
        tournament_command(
            &ALICE,
            "create",
            vec![
                payloads::string_option("name", "Role Cup"),
                payloads::integer_option("format", 0),
                payloads::integer_option("rounds", 1),
            ],
        )
    };
    // Alice has the role, but no moderator has named it yet.
    let refused = fake.interact_and_wait(&with_role(create())).await?;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    let mut name_it = akron(
        &MODERATOR,
        "settings",
        vec![json!({"name": "tournament_role", "type": 8, "value": ROLE.to_string()})],
    );
    name_it["data"]["resolved"]["roles"] = json!({ROLE.to_string(): {
        "id": ROLE.to_string(),
        "name": "Organisers",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "position": 1,
        "permissions": "0",
        "managed": false,
        "mentionable": true,
        "flags": 0,
    }});
    let named = fake.interact_and_wait(&name_it).await?;
    assert!(
        named.content().contains("@Organisers"),
        "{}",
        named.content()
    );
    let created = fake.interact_and_wait(&with_role(create())).await?;
    assert!(!created.is_ephemeral(), "{}", created.content());
    let signup = created.message.ok_or("the sign-up message was stored")?;
    let signup_id: u64 = signup["id"].as_str().unwrap_or_default().parse()?;
    // The bot tells the service where the message went once Discord has answered; wait for it
    // (a command in between would post the list anew, and that one would be tracked instead).
    let db = dir.path().join("akron.db");
    let stored = fake
        .wait_for("the sign-up message's place to be stored", |_| {
            Db::open(&db)
                .ok()?
                .read(|tx| {
                    tx.query_opt("SELECT signup_message FROM tournaments", &[], |r| {
                        r.get::<Option<String>>(0)
                    })
                })
                .ok()
                .flatten()
                .flatten()
        })
        .await?;
    assert_eq!(stored, format!("{CHANNEL_ID}/{signup_id}"));
    let posted = fake.channel_messages(CHANNEL_ID).len();
    // Bob types `join`, then `leave`: the sign-up message changes, and only Bob is answered.
    for (action, expected) in [("join", "Entrants (1): bob"), ("leave", "Entrants (0)")] {
        let typed = fake
            .interact_and_wait(&tournament_command(&BOB, action, Vec::new()))
            .await?;
        assert!(typed.is_ephemeral(), "{action}: {}", typed.content());
        fake.wait_channel(CHANNEL_ID, "the sign-up message to change", |messages| {
            messages.iter().any(|m| {
                m["id"].as_str() == Some(&signup_id.to_string())
                    && m["content"]
                        .as_str()
                        .is_some_and(|text| text.contains(expected))
            })
        })
        .await?;
    }
    assert_eq!(
        fake.channel_messages(CHANNEL_ID).len(),
        posted,
        "no new sign-up message"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

/// With `AKRON_WEB_URL` known and the server's pages on (`settings web:link`), a board
/// carries a "View game" link button to the game's page, and the strict fake Discord accepts
/// it beside the game's own buttons; with the pages off, there is none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_links_its_game_page_when_the_server_allows() -> Result<(), Error> {
    use akron_bot::service::{Command, Request, Setting};
    use akron_service::model::{ChannelId, ServerId, User, UserId, WebAccess};
    let fake = FakeDiscord::start().await?;
    let dir = tempfile::tempdir()?;
    let mut config = Config::with_db(dir.path().join("akron.db"));
    config.web_url = Some("https://akron.test".to_string());
    let service = Arc::new(Service::open(config)?);
    let bot = start_bot_on(&fake, Arc::clone(&service)).await?;
    fake.wait_connected(1).await?;
    fake.wait_commands().await?;

    let off = start_game(&fake).await?;
    assert!(links_of(&off).is_empty(), "off by default");
    let game = service
        .channel_game(&ChannelId::new("discord", &CHANNEL_ID.to_string()))?
        .ok_or("a game")?
        .id;
    let mut request = Request::new(
        User::new(UserId::new("discord", "1"), "mod"),
        ChannelId::new("discord", &CHANNEL_ID.to_string()),
        Command::Settings(Some(Setting::Web(WebAccess::Link))),
    );
    request.server = Some(ServerId::new("discord", &GUILD_ID.to_string()));
    request.is_moderator = true;
    assert!(service.handle(&request).text.starts_with("Saved."));

    let moves = winning_game()?;
    let board = play_one(&fake, 0, &moves[0]).await?;
    let links = links_of(&board);
    let path = service.game_web_path(game)?.ok_or("pages are on")?;
    assert_eq!(
        links,
        [("View game".to_string(), format!("https://akron.test{path}"))]
    );
    assert!(!board.buttons().is_empty(), "the game's own buttons stay");
    stop_bot(bot).await
}

/// The link buttons of a message: (label, url).
fn links_of(reply: &Reply) -> Vec<(String, String)> {
    let mut links = Vec::new();
    for row in reply.data["components"].as_array().into_iter().flatten() {
        for component in row["components"].as_array().into_iter().flatten() {
            if let Some(url) = component["url"].as_str() {
                assert_eq!(component["style"], 5, "a link button");
                assert!(component["custom_id"].is_null(), "a link has no custom id");
                let label = component["label"].as_str().unwrap_or("").to_owned();
                links.push((label, url.to_owned()));
            }
        }
    }
    links
}

/// The text of `reply` for a transcript: who sees it, its words with the expiry's real time
/// replaced, and its buttons.
fn casual_line(who: &str, reply: &Reply) -> String {
    let mut text = reply.content().to_string();
    while let Some(at) = text.find("<t:") {
        let Some(end) = text[at..].find(":R>") else {
            break;
        };
        text.replace_range(at..at + end + 3, "[EXPIRY]");
    }
    let seen = if reply.is_ephemeral() {
        "only for"
    } else {
        "public, by"
    };
    let buttons: Vec<String> = reply
        .buttons()
        .into_iter()
        .map(|(_, label)| label)
        .collect();
    format!("[{seen} {who}] {text}\n  buttons: {buttons:?}\n")
}

/// Casual play through the strict fake Discord (issue 43): the Rematch button of a finished
/// board pressed by both players (the second press accepts the first's rematch), an open
/// challenge with a rating range made with `/akron challenge` and no opponent, taken by the
/// first to press Accept while the next is told it was taken, and `/akron-watch follow`.
/// The whole exchange is a golden transcript (`snapshots/discord_casual.snap`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn casual_play_through_discord_rematch_open_challenge_and_follow() -> Result<(), Error> {
    let moves = winning_game()?;
    let (fake, bot, _dir) = setup().await?;
    let mut transcript = String::new();
    start_game(&fake).await?;
    let board = play_moves(&fake, &moves, moves.len()).await?;
    transcript.push_str(&casual_line("the last mover", &board));
    let message = board.message.clone().ok_or("the final board")?;
    let rematch = button_id(&board, "Rematch")?;
    let asked = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &rematch))
        .await?;
    assert!(!asked.is_ephemeral(), "{}", asked.content());
    transcript.push_str(&casual_line("bob", &asked));
    let accepted = fake
        .interact_and_wait(&payloads::button(&ALICE, &message, &rematch))
        .await?;
    assert!(!accepted.is_ephemeral(), "{}", accepted.content());
    assert!(accepted.content().contains("too"), "{}", accepted.content());
    transcript.push_str(&casual_line("alice", &accepted));
    let again = fake
        .interact_and_wait(&payloads::button(&BOB, &message, &rematch))
        .await?;
    assert!(again.is_ephemeral(), "{}", again.content());
    transcript.push_str(&casual_line("bob", &again));

    let follow = fake
        .interact_and_wait(&payloads::slash(
            &CAROL,
            CHANNEL_ID,
            "akron-watch",
            Some("follow"),
            vec![payloads::integer_option("game", 2)],
        ))
        .await?;
    assert!(follow.is_ephemeral(), "{}", follow.content());
    transcript.push_str(&casual_line("carol", &follow));

    let open = fake
        .interact_and_wait(&payloads::slash(
            &CAROL,
            payloads::OTHER_CHANNEL_ID,
            "akron",
            Some("challenge"),
            vec![
                payloads::integer_option("size", SIZE),
                payloads::integer_option("colour", 1),
                payloads::string_option("rating", "1400-1800"),
            ],
        ))
        .await?;
    assert!(!open.is_ephemeral(), "{}", open.content());
    transcript.push_str(&casual_line("carol", &open));
    let accept = button_id(&open, "Accept")?;
    let posted = open.message.clone().ok_or("the open challenge")?;
    let taken = fake
        .interact_and_wait(&payloads::button(&ALICE, &posted, &accept))
        .await?;
    assert!(!taken.is_ephemeral(), "{}", taken.content());
    transcript.push_str(&casual_line("alice", &taken));
    let late = fake
        .interact_and_wait(&payloads::button(&BOB, &posted, &accept))
        .await?;
    assert!(late.is_ephemeral(), "{}", late.content());
    transcript.push_str(&casual_line("bob", &late));
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/all/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!("discord_casual", transcript));
    stop_bot(bot).await
}

/// Check-in through the fake Discord (issue 43): `start` on a tournament created with
/// `check-in` opens it with a Check in button; two of three entrants press it; the second
/// `start` draws from them, and the third is told by direct message that they were dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_in_button_confirms_and_who_did_not_press_it_is_dropped_by_dm() -> Result<(), Error>
{
    use fake_discord::payloads::MODERATOR;
    let (fake, bot, _dir) = setup().await?;
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Check Cup"),
                payloads::integer_option("format", 0),
                payloads::integer_option("board", SIZE),
                payloads::string_option("check-in", "15m"),
            ],
        ))
        .await?;
    let join = button_id(&created, "Join")?;
    let signup = created
        .message
        .clone()
        .ok_or("the sign-up message was stored")?;
    for who in [&ALICE, &BOB, &CAROL] {
        fake.interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
    }
    let opened = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        opened
            .content()
            .contains("Check-in for **Check Cup** is open for 15 min"),
        "{}",
        opened.content()
    );
    let check_in = button_id(&opened, "Check in")?;
    let message = opened
        .message
        .clone()
        .ok_or("the check-in message was stored")?;
    for who in [&ALICE, &BOB] {
        let pressed = fake
            .interact_and_wait(&payloads::button(who, &message, &check_in))
            .await?;
        assert!(
            pressed.content().contains("checked in"),
            "{}",
            pressed.content()
        );
    }
    let started = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        started.content().contains("2 players"),
        "{}",
        started.content()
    );
    assert!(
        started
            .content()
            .contains("Dropped for not checking in: carol."),
        "{}",
        started.content()
    );
    fake.wait_for("a direct message channel", |requests| {
        requests
            .iter()
            .any(|request| request.is("POST", "/users/@me/channels"))
            .then_some(())
    })
    .await?;
    let dm = fake
        .dm_channel_of(CAROL.id)
        .ok_or("a DM channel with carol")?;
    let told = fake.wait_messages(dm, 1).await?;
    assert!(
        told[0]["content"]
            .as_str()
            .is_some_and(|c| c.contains("closed without your confirmation")),
        "{told:?}"
    );
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}

/// The text of a message the fake stored.
fn content_of(message: &Value) -> &str {
    message["content"].as_str().unwrap_or_default()
}

/// Waits for the message in `channel` whose text contains every one of `parts` (and none of
/// `not`), and returns it.
async fn wait_message(
    fake: &FakeDiscord,
    channel: u64,
    parts: &[&str],
    not: &[&str],
) -> Result<Value, Error> {
    let matches = |m: &Value| {
        let text = content_of(m);
        parts.iter().all(|part| text.contains(part)) && !not.iter().any(|no| text.contains(no))
    };
    let messages = fake
        .wait_channel(channel, &parts.join(" … "), |messages| {
            messages.iter().any(matches)
        })
        .await?;
    let found = messages.into_iter().find(matches);
    Ok(found.ok_or("the message")?)
}

/// Waits for the thread of the game numbered `game` ("Akron #N: …") and returns its id.
async fn wait_thread(fake: &FakeDiscord, game: u32) -> Result<u64, Error> {
    let prefix = format!("Akron #{game}: ");
    fake.wait_for(&format!("the thread of game #{game}"), |requests| {
        requests
            .iter()
            .any(|request| {
                request.is("POST", "/threads")
                    && !request.refused()
                    && request.json.as_ref().is_some_and(|body| {
                        body["name"]
                            .as_str()
                            .is_some_and(|name| name.starts_with(&prefix))
                    })
            })
            .then_some(())
    })
    .await?;
    let thread = fake
        .threads_of(CHANNEL_ID)
        .into_iter()
        .find(|t| t["name"].as_str().is_some_and(|n| n.starts_with(&prefix)))
        .ok_or_else(|| format!("no thread for game #{game}"))?;
    let id: u64 = thread["id"].as_str().unwrap_or_default().parse()?;
    fake.wait_messages(id, 1).await?;
    Ok(id)
}

/// The game threads opened in the channel so far.
fn game_threads(fake: &FakeDiscord) -> usize {
    fake.threads_of(CHANNEL_ID)
        .iter()
        .filter(|t| t["name"].as_str().is_some_and(|n| n.starts_with("Akron #")))
        .count()
}

/// `who` runs `/akron SUBCOMMAND` in `channel`; the answer is public (not a refusal).
async fn act(
    fake: &FakeDiscord,
    who: &TestUser,
    channel: u64,
    subcommand: &str,
    options: Vec<Value>,
) -> Result<Reply, Error> {
    let reply = fake
        .interact_and_wait(&payloads::slash(
            who,
            channel,
            "akron",
            Some(subcommand),
            options,
        ))
        .await?;
    assert!(
        !reply.is_ephemeral(),
        "{} /akron {subcommand} was refused: {}",
        who.name,
        reply.content()
    );
    Ok(reply)
}

/// `who` places `cell` in the game of `channel`.
async fn place(fake: &FakeDiscord, who: &TestUser, channel: u64, cell: &str) -> Result<(), Error> {
    act(
        fake,
        who,
        channel,
        "move",
        vec![payloads::string_option("notation", cell)],
    )
    .await?;
    Ok(())
}

/// `first` places B2, `second` A1, `first` offers a draw and `second` accepts it.
async fn drawn_game(
    fake: &FakeDiscord,
    channel: u64,
    first: &TestUser,
    second: &TestUser,
) -> Result<(), Error> {
    place(fake, first, channel, "b2").await?;
    place(fake, second, channel, "a1").await?;
    // Poise registers choices as integers: offer is the first, accept the second.
    act(
        fake,
        first,
        channel,
        "draw",
        vec![payloads::integer_option("action", 0)],
    )
    .await?;
    let accepted = act(
        fake,
        second,
        channel,
        "draw",
        vec![payloads::integer_option("action", 1)],
    )
    .await?;
    assert!(
        accepted.content().contains("Draw by agreement"),
        "{}",
        accepted.content()
    );
    Ok(())
}

/// A round's pairing message (not its results) in the channel, with its one picture.
async fn round_pairing(fake: &FakeDiscord, title: &str) -> Result<String, Error> {
    let pairing = wait_message(fake, CHANNEL_ID, &[title], &["Results"]).await?;
    assert_eq!(
        pairing["attachments"].as_array().map(Vec::len),
        Some(1),
        "the round comes with its bracket picture: {pairing}"
    );
    Ok(content_of(&pairing).to_owned())
}

/// A round's results message in the channel, with its one picture.
async fn round_results(fake: &FakeDiscord, title: &str) -> Result<String, Error> {
    let results = wait_message(fake, CHANNEL_ID, &["Results", title], &[]).await?;
    assert_eq!(
        results["attachments"].as_array().map(Vec::len),
        Some(1),
        "the round's results come with the bracket picture: {results}"
    );
    Ok(content_of(&results).to_owned())
}

/// The console transcript `a_knockout_tournament` through the fake Discord (issue 43): six
/// entrants seeded by rating (all level, so in the order they joined) in a single elimination
/// of best-of-3 matches; round 1 gives seeds 1 and 2 a bye, one match is level after three
/// agreed draws and decided by its extra game, a player withdraws herself during her match;
/// in round 2 the organiser disqualifies a player during his match; the final is won 2–1.
/// Every round's pairing and results come with the bracket picture, each match's games follow
/// one another in one thread, the final places name the withdrawal and the disqualification,
/// and Discord refuses nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_knockout_of_best_of_three_matches_plays_to_the_winner() -> Result<(), Error> {
    use fake_discord::payloads::{DAN, ERIN, FAY, MODERATOR};
    let (fake, bot, _dir) = setup().await?;
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Winter Cup"),
                payloads::integer_option("format", 2),
                payloads::integer_option("best-of", 3),
                payloads::integer_option("tie", 0),
                payloads::string_option("time", "1d"),
                payloads::integer_option("board", SIZE),
            ],
        ))
        .await?;
    assert!(
        created.content().contains(
            "single elimination, best of 3 games a match, a level match decided by an extra game"
        ),
        "{}",
        created.content()
    );
    let join = button_id(&created, "Join")?;
    let signup = created.message.ok_or("the sign-up message was stored")?;
    let entrants = [&ALICE, &BOB, &CAROL, &DAN, &ERIN, &FAY];
    for who in entrants {
        let pressed = fake
            .interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
        assert_eq!(pressed.callback_type, 7, "{}", pressed.content());
    }
    let started = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        started.content().contains("6 players, 3 rounds"),
        "{}",
        started.content()
    );

    // Round 1: byes for seeds 1 and 2; dan–erin and carol–fay play.
    let quarters = "quarter-finals (best of 3)";
    let pairing = round_pairing(&fake, quarters).await?;
    for line in [
        "1. (1) alice: a bye, through to the next round",
        "2. (4) dan 0–0 (5) erin",
        "3. (2) bob: a bye, through to the next round",
        "4. (3) carol 0–0 (6) fay",
    ] {
        assert!(pairing.contains(line), "{line} in: {pairing}");
    }
    let dan_erin = wait_thread(&fake, 1).await?;
    let carol_fay = wait_thread(&fake, 2).await?;
    assert_eq!(game_threads(&fake), 2, "one thread per match");
    // Three agreed draws (colours alternating), the match level at 1½–1½ … after game 3 it
    // is 1½–1½, and the extra game decides it.
    drawn_game(&fake, dan_erin, &DAN, &ERIN).await?;
    wait_message(&fake, dan_erin, &["game 2 of 3 (score ½–½)"], &[]).await?;
    drawn_game(&fake, dan_erin, &ERIN, &DAN).await?;
    wait_message(&fake, dan_erin, &["game 3 of 3 (score 1–1)"], &[]).await?;
    drawn_game(&fake, dan_erin, &DAN, &ERIN).await?;
    let extra = wait_message(&fake, dan_erin, &["extra game"], &[]).await?;
    // The first move is drawn by lot: either may have it.
    for who in [&DAN, &ERIN] {
        assert!(
            content_of(&extra).contains(&format!("<@{}>", who.id)),
            "{extra}"
        );
    }
    act(&fake, &DAN, dan_erin, "resign", Vec::new()).await?;
    wait_message(
        &fake,
        CHANNEL_ID,
        &["round 1, match 2", "after the extra game and goes through"],
        &[],
    )
    .await?;
    assert_eq!(
        game_threads(&fake),
        2,
        "the match's games stay in its thread"
    );
    // Fay withdraws herself during her match: carol goes through.
    let withdrew = fake
        .interact_and_wait(&tournament_command(&FAY, "withdraw", Vec::new()))
        .await?;
    assert!(
        withdrew
            .content()
            .contains("**fay** withdrew from **Winter Cup**"),
        "{}",
        withdrew.content()
    );
    wait_message(&fake, carol_fay, &["fay resigned"], &[]).await?;
    let results = round_results(&fake, quarters).await?;
    for line in [
        "2. (4) dan 1½–1½ (5) erin · erin wins the extra game",
        "4. (3) carol 1–0 (6) fay · carol goes through, fay is out of the tournament",
    ] {
        assert!(results.contains(line), "{line} in: {results}");
    }

    // Round 2: alice–erin, bob–carol; the organiser disqualifies carol in her match.
    let semis = "semi-finals (best of 3)";
    let pairing = round_pairing(&fake, semis).await?;
    for line in ["1. (1) alice 0–0 (5) erin", "2. (2) bob 0–0 (3) carol"] {
        assert!(pairing.contains(line), "{line} in: {pairing}");
    }
    let alice_erin = wait_thread(&fake, 6).await?;
    let bob_carol = wait_thread(&fake, 7).await?;
    assert_eq!(game_threads(&fake), 4, "one thread per match");
    place(&fake, &ALICE, alice_erin, "b2").await?;
    place(&fake, &ERIN, alice_erin, "a1").await?;
    act(&fake, &ERIN, alice_erin, "resign", Vec::new()).await?;
    wait_message(&fake, alice_erin, &["game 2 of 3 (score 1–0)"], &[]).await?;
    act(&fake, &ERIN, alice_erin, "resign", Vec::new()).await?;
    place(&fake, &BOB, bob_carol, "b2").await?;
    place(&fake, &CAROL, bob_carol, "a1").await?;
    act(&fake, &BOB, bob_carol, "resign", Vec::new()).await?;
    wait_message(&fake, bob_carol, &["game 2 of 3 (score 0–1)"], &[]).await?;
    let disqualified = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "withdraw",
            vec![payloads::user_option("player", &CAROL)],
        ))
        .await?;
    assert!(
        disqualified
            .content()
            .contains("**carol** was disqualified from **Winter Cup**"),
        "{}",
        disqualified.content()
    );
    let results = round_results(&fake, semis).await?;
    for line in [
        "1. (1) alice 2–0 (5) erin · alice wins",
        "2. (2) bob 1–1 (3) carol · bob goes through, carol is out of the tournament",
    ] {
        assert!(results.contains(line), "{line} in: {results}");
    }
    assert_eq!(
        game_threads(&fake),
        4,
        "the match's games stay in its thread"
    );

    // Round 3, the final: bob beats alice 2–1.
    let last = "final (best of 3)";
    let pairing = round_pairing(&fake, last).await?;
    assert!(pairing.contains("1. (1) alice 0–0 (2) bob"), "{pairing}");
    let final_thread = wait_thread(&fake, 10).await?;
    place(&fake, &ALICE, final_thread, "b2").await?;
    place(&fake, &BOB, final_thread, "a1").await?;
    act(&fake, &ALICE, final_thread, "resign", Vec::new()).await?;
    wait_message(&fake, final_thread, &["game 2 of 3 (score 0–1)"], &[]).await?;
    act(&fake, &BOB, final_thread, "resign", Vec::new()).await?;
    wait_message(&fake, final_thread, &["game 3 of 3 (score 1–1)"], &[]).await?;
    place(&fake, &ALICE, final_thread, "b2").await?;
    place(&fake, &BOB, final_thread, "a1").await?;
    act(&fake, &ALICE, final_thread, "resign", Vec::new()).await?;
    wait_message(&fake, CHANNEL_ID, &["2–1 and wins the tournament"], &[]).await?;
    assert_eq!(game_threads(&fake), 5, "five matches, five threads");

    let over = wait_message(&fake, CHANNEL_ID, &["Winter Cup** is over"], &[]).await?;
    let text = content_of(&over);
    for line in [
        "1. bob (2)",
        "2. alice (1)",
        "3. erin (5) and carol (3, disqualified)",
        "5. dan (4) and fay (6, withdrew)",
    ] {
        assert!(text.contains(line), "{line} in: {text}");
    }
    assert_eq!(
        over["attachments"].as_array().map(Vec::len),
        Some(1),
        "{over}"
    );
    // The final bracket picture: a PNG readable at chat size.
    let upload = fake
        .requests()
        .into_iter()
        .find(|request| {
            request.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
                && request
                    .json
                    .as_ref()
                    .is_some_and(|body| content_of(body).contains("Winter Cup** is over"))
        })
        .ok_or("the final standings' request")?;
    let png = upload.files.first().ok_or("the final picture")?;
    assert!(png.filename.ends_with(".png"), "{}", png.filename);
    let picture = image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png)?;
    assert!(
        (400..=4000).contains(&picture.width()) && (200..=4000).contains(&picture.height()),
        "the bracket picture is {} × {}",
        picture.width(),
        picture.height()
    );
    // The organiser's standings: every round's results, the final's too, and the places,
    // with the whole bracket's picture.
    let standings = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "standings", Vec::new()))
        .await?;
    let text = standings.content();
    for line in [
        "2. (4) dan 1½–1½ (5) erin · erin wins the extra game",
        "2. (2) bob 1–1 (3) carol · bob goes through, carol is out of the tournament",
        "1. (1) alice 1–2 (2) bob · bob wins",
        "3. erin (5) and carol (3, disqualified)",
        "5. dan (4) and fay (6, withdrew)",
    ] {
        assert!(text.contains(line), "{line} in: {text}");
    }
    assert_png(&standings)?;
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    every_attachment_described(&fake, 1)?;
    stop_bot(bot).await
}

/// Two more entrants for the five-player double elimination; the fake Discord knows a user
/// from the interaction's member, so these need no registration.
const DAVE: TestUser = TestUser {
    id: 100_000_000_000_000_006,
    name: "dave",
    permissions: payloads::MEMBER_PERMISSIONS,
};
/// The fifth entrant.
const ERIN: TestUser = TestUser {
    id: 100_000_000_000_000_007,
    name: "erin",
    permissions: payloads::MEMBER_PERMISSIONS,
};

/// The line that ends every round's pairing message.
const EACH_MATCH: &str = "Each match opens in a thread of its own with its first game's clock \
                          running; the next game follows there when one ends.";

/// Round `round`'s pairing (`results` false) or results message of Spring Double, once it is
/// in the channel: exactly one, its text exactly `body` under its title, with exactly one
/// attachment, the bracket picture. Returns the picture as uploaded, decoded as a PNG.
async fn bracket_message(
    fake: &FakeDiscord,
    round: u32,
    results: bool,
    body: &str,
) -> Result<image::DynamicImage, Error> {
    let title = format!("**Spring Double**, round {round} (best of 1):\n");
    let (title, expected) = if results {
        let title = format!("Results: {title}");
        let expected = format!("{title}{body}");
        (title, expected)
    } else {
        let expected = format!("{title}{body}\n{EACH_MATCH}");
        (title, expected)
    };
    let wanted = |m: &Value| m["content"].as_str().is_some_and(|c| c.starts_with(&title));
    let messages = fake
        .wait_channel(CHANNEL_ID, &title, |messages| messages.iter().any(wanted))
        .await?;
    let found: Vec<&Value> = messages.iter().filter(|m| wanted(m)).collect();
    assert_eq!(found.len(), 1, "one message {title:?}: {found:?}");
    let message = found[0];
    assert_eq!(message["content"].as_str(), Some(expected.as_str()));
    let attachments = message["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        attachments.len(),
        1,
        "{title:?} comes with its bracket picture: {message}"
    );
    assert!(
        attachments[0]["filename"]
            .as_str()
            .is_some_and(|f| f.ends_with(".png")),
        "{message}"
    );
    let upload = fake
        .requests()
        .into_iter()
        .find(|request| {
            request.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
                && request
                    .json
                    .as_ref()
                    .is_some_and(|json| json["content"].as_str() == Some(expected.as_str()))
        })
        .ok_or_else(|| format!("the upload of {title:?}"))?;
    assert_eq!(upload.files.len(), 1, "{title:?}");
    let picture =
        image::load_from_memory_with_format(&upload.files[0].bytes, image::ImageFormat::Png)?;
    assert!(
        picture.width() >= 400 && picture.height() >= 200,
        "{title:?}: {} × {}",
        picture.width(),
        picture.height()
    );
    // To look at the pictures: AKRON_DUMP_BRACKETS=DIR saves each one there.
    if let Some(dir) = std::env::var_os("AKRON_DUMP_BRACKETS") {
        let kind = if results { "results" } else { "pairing" };
        picture.save(Path::new(&dir).join(format!("round-{round}-{kind}.png")))?;
    }
    Ok(picture)
}

/// The match thread `black vs white` not seen before, once `opened` match threads are open in
/// all, with its first message.
async fn match_thread(
    fake: &FakeDiscord,
    opened: usize,
    black: &TestUser,
    white: &TestUser,
    seen: &mut Vec<u64>,
) -> Result<u64, Error> {
    fake.wait_for(&format!("{opened} match threads"), |requests| {
        (requests
            .iter()
            .filter(|request| request.is("POST", "/threads") && !request.refused())
            .count()
            >= opened)
            .then_some(())
    })
    .await?;
    let suffix = format!(": {} vs {}", black.name, white.name);
    let id = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .find_map(|t| {
            let name = t["name"].as_str()?;
            let id: u64 = t["id"].as_str()?.parse().ok()?;
            (name.starts_with("Akron #") && name.ends_with(&suffix) && !seen.contains(&id))
                .then_some(id)
        })
        .ok_or_else(|| format!("no new thread {suffix}: {:?}", fake.threads_of(CHANNEL_ID)))?;
    seen.push(id);
    fake.wait_messages(id, 1).await?;
    Ok(id)
}

/// Waits for the channel message that contains `text`.
async fn notice(fake: &FakeDiscord, channel: u64, text: &str) -> Result<(), Error> {
    fake.wait_channel(channel, text, |messages| {
        messages
            .iter()
            .any(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
    })
    .await?;
    Ok(())
}

/// The console's five-player double elimination (`transcripts::a_double_elimination_tournament`)
/// through the fake Discord (issue 43): five entrants by the Join button, format double with
/// the reset; a tied match decided by its extra game (`/akron draw` offer and accept), a
/// player's own `/akron-tournament withdraw` in the winners' bracket, the organiser's
/// disqualification (`withdraw player:`) in the losers' bracket, the grand final won from the
/// losers' side and the reset. Every round's pairing and results are exactly the console's,
/// each with one bracket picture; the final places carry "withdrew" and "disqualified"; the
/// final picture is a PNG of a readable size; Discord refuses nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_double_elimination_plays_to_the_winner() -> Result<(), Error> {
    use fake_discord::payloads::MODERATOR;
    let (fake, bot, _dir) = setup().await?;
    let created = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "create",
            vec![
                payloads::string_option("name", "Spring Double"),
                payloads::integer_option("format", 3),
                serde_json::json!({"name": "reset", "type": 5, "value": true}),
                payloads::integer_option("board", SIZE),
                payloads::string_option("time", "1d"),
                // Choices are integers: delayed is the first rule, extra-game the first tie
                // rule, rating the first seeding.
                payloads::integer_option("rule", 0),
                payloads::integer_option("tie", 0),
                payloads::integer_option("seeding", 0),
            ],
        ))
        .await?;
    assert!(
        created.content().contains("double elimination")
            && created.content().contains("decided by an extra game")
            && created.content().contains("a bracket reset if"),
        "{}",
        created.content()
    );
    let join = button_id(&created, "Join")?;
    let signup = created.message.ok_or("the sign-up message was stored")?;
    for who in [&ALICE, &BOB, &CAROL, &DAVE, &ERIN] {
        fake.interact_and_wait(&payloads::button(who, &signup, &join))
            .await?;
    }
    let started = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "start", Vec::new()))
        .await?;
    assert!(
        started.content().contains("5 players, up to 7 rounds"),
        "{}",
        started.content()
    );
    let mut seen: Vec<u64> = Vec::new();
    // Each round's pairing picture, then its results picture (but the last round's).
    let mut pictures: Vec<image::DynamicImage> = Vec::new();
    let mv = |notation: &str| vec![payloads::string_option("notation", notation)];
    // Poise registers the offer choices as integers: offer, accept, decline.
    let draw = |action: i64| vec![payloads::integer_option("action", action)];

    // Round 1: three byes; dave and erin agree a draw and erin wins the extra game.
    let byes_of_round_1 = "1. (1) alice: a bye, through to the next round";
    let bob_carol_byes = "3. (2) bob: a bye, through to the next round\n\
                          4. (3) carol: a bye, through to the next round";
    pictures.push(bracket_message(
        &fake,
        1,
        false,
        &format!(
            "Winners' bracket, round 1:\n{byes_of_round_1}\n2. (4) dave 0–0 (5) erin\n{bob_carol_byes}"
        ),
    )
    .await?);
    let game = match_thread(&fake, 1, &DAVE, &ERIN, &mut seen).await?;
    act(&fake, &DAVE, game, "move", mv("b2")).await?;
    act(&fake, &ERIN, game, "move", mv("a1")).await?;
    act(&fake, &DAVE, game, "draw", draw(0)).await?;
    let agreed = act(&fake, &ERIN, game, "draw", draw(1)).await?;
    assert!(
        agreed.content().contains("Draw by agreement"),
        "{}",
        agreed.content()
    );
    notice(&fake, game, "extra game (the first move drawn by lot)").await?;
    act(&fake, &DAVE, game, "resign", Vec::new()).await?;
    notice(&fake, CHANNEL_ID, "½–½ after the extra game").await?;
    pictures.push(
        bracket_message(
            &fake,
            1,
            true,
            &format!(
                "Winners' bracket, round 1:\n{byes_of_round_1}\n\
             2. (4) dave ½–½ (5) erin · erin wins the extra game\n{bob_carol_byes}"
            ),
        )
        .await?,
    );
    let names: Vec<String> = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_string))
        .collect();
    assert_eq!(
        names
            .iter()
            .filter(|n| n.ends_with(": dave vs erin"))
            .count(),
        1,
        "the extra game follows in the match's thread: {names:?}"
    );

    // Round 2: the winners' semi-finals; carol withdraws herself with her game running.
    let dave_bye = "Losers' bracket, round 1:\n3. (4) dave: a bye, through to the next round";
    pictures.push(
        bracket_message(
            &fake,
            2,
            false,
            &format!(
                "Winners' bracket, semi-finals:\n1. (1) alice 0–0 (5) erin\n\
             2. (2) bob 0–0 (3) carol\n{dave_bye}"
            ),
        )
        .await?,
    );
    let game = match_thread(&fake, 3, &ALICE, &ERIN, &mut seen).await?;
    act(&fake, &ALICE, game, "move", mv("b2")).await?;
    act(&fake, &ERIN, game, "move", mv("a1")).await?;
    act(&fake, &ERIN, game, "resign", Vec::new()).await?;
    let game = match_thread(&fake, 3, &BOB, &CAROL, &mut seen).await?;
    act(&fake, &BOB, game, "move", mv("b2")).await?;
    let withdrew = fake
        .interact_and_wait(&tournament_command(&CAROL, "withdraw", Vec::new()))
        .await?;
    assert!(
        withdrew.content().starts_with(
            "**carol** withdrew from **Spring Double** and their running game is lost"
        ),
        "{}",
        withdrew.content()
    );
    notice(
        &fake,
        CHANNEL_ID,
        &format!(
            "<@{}> withdrew; <@{}> wins the match (1–0)",
            CAROL.id, BOB.id
        ),
    )
    .await?;
    pictures.push(
        bracket_message(
            &fake,
            2,
            true,
            &format!(
                "Winners' bracket, semi-finals:\n1. (1) alice 1–0 (5) erin · alice wins\n\
             2. (2) bob 1–0 (3) carol · bob goes through, carol is out of the tournament\n\
             {dave_bye}"
            ),
        )
        .await?,
    );

    // Round 3: the winners' final, two byes in the losers' bracket; the standings mid-way.
    let losers_byes = "Losers' bracket, round 2:\n\
                       2. (4) dave: a bye, through to the next round\n\
                       3. (5) erin: a bye, through to the next round";
    pictures.push(
        bracket_message(
            &fake,
            3,
            false,
            &format!("Winners' bracket, final:\n1. (1) alice 0–0 (2) bob\n{losers_byes}"),
        )
        .await?,
    );
    let game = match_thread(&fake, 4, &ALICE, &BOB, &mut seen).await?;
    let standings = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "standings", Vec::new()))
        .await?;
    assert!(
        standings.content().contains(
            "2. (2) bob 1–0 (3) carol · bob goes through, carol is out of the tournament"
        ) && standings
            .content()
            .contains("Winners' bracket, final:\n1. (1) alice 0–0 (2) bob"),
        "{}",
        standings.content()
    );
    assert_png(&standings)?;
    act(&fake, &ALICE, game, "move", mv("b2")).await?;
    act(&fake, &BOB, game, "move", mv("a1")).await?;
    act(&fake, &ALICE, game, "resign", Vec::new()).await?;
    pictures.push(
        bracket_message(
            &fake,
            3,
            true,
            &format!(
                "Winners' bracket, final:\n1. (1) alice 0–1 (2) bob · bob wins\n{losers_byes}"
            ),
        )
        .await?,
    );

    // Round 4: the losers' bracket; the organiser disqualifies dave with his game running.
    pictures.push(
        bracket_message(
            &fake,
            4,
            false,
            "Losers' bracket, round 3:\n1. (4) dave 0–0 (5) erin",
        )
        .await?,
    );
    let game = match_thread(&fake, 5, &DAVE, &ERIN, &mut seen).await?;
    act(&fake, &DAVE, game, "move", mv("b2")).await?;
    let disqualified = fake
        .interact_and_wait(&tournament_command(
            &MODERATOR,
            "withdraw",
            vec![payloads::user_option("player", &DAVE)],
        ))
        .await?;
    assert!(
        disqualified.content().starts_with(
            "**dave** was disqualified from **Spring Double** and their running game is lost"
        ),
        "{}",
        disqualified.content()
    );
    pictures.push(
        bracket_message(
            &fake,
            4,
            true,
            "Losers' bracket, round 3:\n\
         1. (4) dave 0–1 (5) erin · erin goes through, dave is out of the tournament",
        )
        .await?,
    );

    // Round 5: the losers' final.
    pictures.push(
        bracket_message(
            &fake,
            5,
            false,
            "Losers' bracket, final:\n1. (1) alice 0–0 (5) erin",
        )
        .await?,
    );
    let game = match_thread(&fake, 6, &ALICE, &ERIN, &mut seen).await?;
    act(&fake, &ALICE, game, "move", mv("b2")).await?;
    act(&fake, &ERIN, game, "move", mv("a1")).await?;
    act(&fake, &ERIN, game, "resign", Vec::new()).await?;
    pictures.push(
        bracket_message(
            &fake,
            5,
            true,
            "Losers' bracket, final:\n1. (1) alice 1–0 (5) erin · alice wins",
        )
        .await?,
    );

    // Rounds 6 and 7: alice, from the losers' side, wins the grand final and the reset.
    for (round, part) in [
        (6, "Grand final"),
        (7, "Bracket reset (the second grand final)"),
    ] {
        pictures.push(
            bracket_message(
                &fake,
                round,
                false,
                &format!("{part}:\n1. (2) bob 0–0 (1) alice"),
            )
            .await?,
        );
        let game = match_thread(&fake, round as usize + 1, &BOB, &ALICE, &mut seen).await?;
        act(&fake, &BOB, game, "move", mv("b2")).await?;
        act(&fake, &ALICE, game, "move", mv("a1")).await?;
        act(&fake, &BOB, game, "resign", Vec::new()).await?;
        // As in the console, the last round has no results message of its own: the final
        // places follow at once, with the picture (checked below).
        if round == 6 {
            notice(&fake, CHANNEL_ID, "the bracket reset decides").await?;
            pictures.push(
                bracket_message(
                    &fake,
                    round,
                    true,
                    &format!("{part}:\n1. (2) bob 0–1 (1) alice · alice wins"),
                )
                .await?,
            );
        }
    }
    notice(&fake, CHANNEL_ID, "and wins the tournament").await?;

    let places = "Final places:\n1. alice (1)\n2. bob (2)\n3. erin (5)\n\
                  4. dave (4, disqualified)\n5. carol (3, withdrew)";
    let messages = fake
        .wait_channel(CHANNEL_ID, "the end", |messages| {
            messages.iter().any(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Spring Double** is over"))
            })
        })
        .await?;
    let over: Vec<&Value> = messages
        .iter()
        .filter(|m| m["content"].as_str().is_some_and(|c| c.contains("is over")))
        .collect();
    assert_eq!(over.len(), 1, "{over:?}");
    assert_eq!(
        over[0]["content"].as_str(),
        Some(format!("🏆 **Spring Double** is over: alice wins it.\n{places}").as_str())
    );
    assert_eq!(
        over[0]["attachments"].as_array().map(Vec::len),
        Some(1),
        "{}",
        over[0]
    );
    // The final picture, as the bot uploaded it: a PNG of both brackets, big enough to read.
    let upload = fake
        .requests()
        .into_iter()
        .find(|request| {
            request.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
                && request.json.as_ref().is_some_and(|json| {
                    json["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("is over"))
                })
        })
        .ok_or("the final message's upload")?;
    assert_eq!(upload.files.len(), 1);
    let picture =
        image::load_from_memory_with_format(&upload.files[0].bytes, image::ImageFormat::Png)?;
    println!(
        "final bracket picture: {} × {} px, {} bytes",
        picture.width(),
        picture.height(),
        upload.files[0].bytes.len()
    );
    assert!(
        picture.width() >= 400 && picture.height() >= 200,
        "{} × {}",
        picture.width(),
        picture.height()
    );
    let standings = fake
        .interact_and_wait(&tournament_command(&MODERATOR, "standings", Vec::new()))
        .await?;
    assert!(
        standings.content().ends_with(places)
            && standings
                .content()
                .contains("Bracket reset (the second grand final):\n1. (2) bob 0–1 (1) alice"),
        "{}",
        standings.content()
    );
    assert_png(&standings)?;
    let last_results = "Results: **Spring Double**, round 7";
    assert!(
        !fake
            .channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| m["content"]
                .as_str()
                .is_some_and(|c| c.starts_with(last_results))),
        "the final places stand for the last round's results"
    );
    assert_eq!(pictures.len(), 13, "seven pairings and six results");
    for (index, pair) in pictures.chunks(2).enumerate() {
        if let [pairing, results] = pair {
            assert_ne!(
                pairing.as_bytes(),
                results.as_bytes(),
                "round {}'s results picture shows its scores",
                index + 1
            );
        }
    }
    assert_eq!(seen.len(), 8, "eight matches, each in a thread of its own");
    let refused = fake.refusals();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    stop_bot(bot).await
}
