//! What Discord checks in a message body before it accepts it, with its error codes.
//!
//! Limits from Discord's documentation (message resource: create message, embed limits,
//! allowed mentions, attachments; the component reference: action rows, buttons, custom ids;
//! receiving and responding: autocomplete; the channel resource: threads). A body that breaks
//! them is answered 400 with code 50035 "Invalid Form Body" and an `errors` object that points
//! at the offending field, as Discord does:
//! `{"code":50035,"message":"Invalid Form Body","errors":{"content":{"_errors":[...]}}}`. The
//! codes inside `errors` are Discord's where its answers are known (`BASE_TYPE_MAX_LENGTH`,
//! `BASE_TYPE_CHOICES`, `COMPONENT_CUSTOM_ID_DUPLICATED`, `URL_TYPE_INVALID_PROTOCOL`...);
//! elsewhere they are the fake's own words for the rule.

use super::FilePart;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// Message content.
pub const CONTENT: usize = 2000;
/// Embeds per message.
pub const EMBEDS: usize = 10;
/// Embed title.
pub const EMBED_TITLE: usize = 256;
/// Embed description.
pub const EMBED_DESCRIPTION: usize = 4096;
/// Fields per embed.
pub const EMBED_FIELDS: usize = 25;
/// Embed field name.
pub const FIELD_NAME: usize = 256;
/// Embed field value.
pub const FIELD_VALUE: usize = 1024;
/// Embed footer text.
pub const FOOTER_TEXT: usize = 2048;
/// Embed author name.
pub const AUTHOR_NAME: usize = 256;
/// All embed text of a message together.
pub const EMBEDS_TOTAL: usize = 6000;
/// Action rows per message, and components per row.
pub const ROWS: usize = 5;
/// A component's `custom_id`.
pub const CUSTOM_ID: usize = 100;
/// A button's label.
pub const LABEL: usize = 80;
/// Autocomplete choices.
pub const CHOICES: usize = 25;
/// Files per message.
pub const FILES: usize = 10;
/// An attachment's `description` (its alt text).
pub const ATTACHMENT_DESCRIPTION: usize = 1024;
/// The largest file in a server without boosts (the `attachment_size_limit` interactions
/// carry there).
pub const FILE_SIZE: usize = 10 * 1024 * 1024;
/// The largest request: "The maximum request size when sending a message is 25 MiB".
pub const REQUEST_SIZE: usize = 25 * 1024 * 1024;
/// A thread's `auto_archive_duration` "can be set to: 60, 1440, 4320, 10080".
pub const ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];
/// A channel's or thread's slow mode, in seconds.
pub const RATE_LIMIT_PER_USER: u64 = 21_600;
/// An autocomplete choice's name and string value.
pub const CHOICE_TEXT: usize = 100;

/// A refusal: the HTTP status and Discord's JSON error body.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// The HTTP status.
    pub status: u16,
    /// The JSON body, with `code` and `message`.
    pub body: Value,
}

impl Refusal {
    /// A refusal with `code` and `message` only.
    pub fn new(status: u16, code: u64, message: &str) -> Self {
        Self {
            status,
            body: json!({"code": code, "message": message}),
        }
    }
}

/// The `errors` tree of an Invalid Form Body answer.
#[derive(Default)]
pub struct FormErrors {
    tree: Map<String, Value>,
}

impl FormErrors {
    /// Records `code` / `message` at `path` (field names and array indices).
    pub fn add(&mut self, path: &[String], code: &str, message: &str) {
        let mut node = &mut self.tree;
        for key in path {
            let entry = node.entry(key.clone()).or_insert_with(|| json!({}));
            let Some(next) = entry.as_object_mut() else {
                return;
            };
            node = next;
        }
        let errors = node.entry("_errors").or_insert_with(|| json!([]));
        if let Some(errors) = errors.as_array_mut() {
            errors.push(json!({"code": code, "message": message}));
        }
    }

    /// Checks that the string at `value` is at most `limit` characters.
    fn max_length(&mut self, path: &[String], value: &Value, limit: usize) -> usize {
        let length = value.as_str().map_or(0, |text| text.chars().count());
        if length > limit {
            self.add(
                path,
                "BASE_TYPE_MAX_LENGTH",
                &format!("Must be {limit} or fewer in length."),
            );
        }
        length
    }

    /// Checks that the array at `value` has at most `limit` items.
    fn max_items(&mut self, path: &[String], value: &Value, limit: usize) {
        if value.as_array().is_some_and(|items| items.len() > limit) {
            self.add(
                path,
                "BASE_TYPE_MAX_LENGTH",
                &format!("Must be {limit} or fewer in length."),
            );
        }
    }

    /// The 400 answer, or `None` when nothing was wrong.
    pub fn into_refusal(self) -> Option<Refusal> {
        (!self.tree.is_empty()).then(|| Refusal {
            status: 400,
            body: json!({"code": 50035, "message": "Invalid Form Body", "errors": self.tree}),
        })
    }
}

fn at(prefix: &[String], rest: &[&str]) -> Vec<String> {
    prefix
        .iter()
        .cloned()
        .chain(rest.iter().map(|key| (*key).to_owned()))
        .collect()
}

/// Checks a message body (`content`, `embeds`, `components`) found at `prefix` of the request
/// (`[]` for a channel message, `["data"]` for an interaction callback).
pub fn message(errors: &mut FormErrors, prefix: &[String], body: &Value) {
    errors.max_length(&at(prefix, &["content"]), &body["content"], CONTENT);
    embeds(errors, prefix, &body["embeds"]);
    components(errors, prefix, &body["components"]);
    allowed_mentions(errors, prefix, &body["allowed_mentions"]);
}

/// `allowed_mentions`: at most 100 users and roles each, a kind either parsed or listed, and
/// only `roles`, `users` and `everyone` parsed.
fn allowed_mentions(errors: &mut FormErrors, prefix: &[String], mentions: &Value) {
    let path = at(prefix, &["allowed_mentions"]);
    for (index, kind) in mentions["parse"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if !matches!(kind.as_str(), Some("roles" | "users" | "everyone")) {
            errors.add(
                &at(&path, &["parse", &index.to_string()]),
                "BASE_TYPE_CHOICES",
                "Value must be one of ('roles', 'users', 'everyone').",
            );
        }
    }
    for kind in ["users", "roles"] {
        errors.max_items(&at(&path, &[kind]), &mentions[kind], 100);
        let parsed = mentions["parse"]
            .as_array()
            .is_some_and(|parse| parse.iter().any(|item| item == kind));
        let listed = mentions[kind].as_array().is_some_and(|ids| !ids.is_empty());
        if parsed && listed {
            errors.add(
                &path,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                &format!("parse:[\"{kind}\"] and {kind}: [ids] are mutually exclusive."),
            );
        }
    }
}

fn embeds(errors: &mut FormErrors, prefix: &[String], embeds: &Value) {
    let path = at(prefix, &["embeds"]);
    errors.max_items(&path, embeds, EMBEDS);
    let mut total = 0;
    for (index, embed) in embeds.as_array().into_iter().flatten().enumerate() {
        let index = index.to_string();
        let here = |rest: &[&str]| {
            let mut full = at(&path, &[&index]);
            full.extend(rest.iter().map(|key| (*key).to_owned()));
            full
        };
        total += errors.max_length(&here(&["title"]), &embed["title"], EMBED_TITLE);
        total += errors.max_length(
            &here(&["description"]),
            &embed["description"],
            EMBED_DESCRIPTION,
        );
        total += errors.max_length(
            &here(&["footer", "text"]),
            &embed["footer"]["text"],
            FOOTER_TEXT,
        );
        total += errors.max_length(
            &here(&["author", "name"]),
            &embed["author"]["name"],
            AUTHOR_NAME,
        );
        for (keys, schemes) in [
            (&["url"][..], &["http", "https"][..]),
            (&["author", "url"][..], &["http", "https"][..]),
            (&["image", "url"][..], &["http", "https", "attachment"][..]),
            (
                &["thumbnail", "url"][..],
                &["http", "https", "attachment"][..],
            ),
            (
                &["author", "icon_url"][..],
                &["http", "https", "attachment"][..],
            ),
            (
                &["footer", "icon_url"][..],
                &["http", "https", "attachment"][..],
            ),
        ] {
            let mut value = embed;
            for key in keys {
                value = &value[*key];
            }
            url(errors, &here(keys), value, schemes);
        }
        errors.max_items(&here(&["fields"]), &embed["fields"], EMBED_FIELDS);
        for (number, field) in embed["fields"].as_array().into_iter().flatten().enumerate() {
            let number = number.to_string();
            for (key, limit) in [("name", FIELD_NAME), ("value", FIELD_VALUE)] {
                let path = here(&["fields", &number, key]);
                if field[key]
                    .as_str()
                    .is_none_or(|text| text.trim().is_empty())
                {
                    errors.add(&path, "BASE_TYPE_REQUIRED", "This field is required");
                }
                total += errors.max_length(&path, &field[key], limit);
            }
        }
    }
    if total > EMBEDS_TOTAL {
        errors.add(
            &path,
            "MAX_EMBED_SIZE_EXCEEDED",
            &format!("Embed size exceeds maximum size of {EMBEDS_TOTAL}"),
        );
    }
}

fn components(errors: &mut FormErrors, prefix: &[String], rows: &Value) {
    let path = at(prefix, &["components"]);
    errors.max_items(&path, rows, ROWS);
    let mut ids = BTreeSet::new();
    for (index, row) in rows.as_array().into_iter().flatten().enumerate() {
        let row_path = at(&path, &[&index.to_string()]);
        if row["type"].as_u64() != Some(1) {
            errors.add(
                &at(&row_path, &["type"]),
                "BASE_TYPE_CHOICES",
                "Value must be one of {1}.",
            );
            continue;
        }
        let children = row["components"].as_array().map_or(0, Vec::len);
        if !(1..=ROWS).contains(&children) {
            errors.add(
                &at(&row_path, &["components"]),
                "BASE_TYPE_BAD_LENGTH",
                &format!("Must be between 1 and {ROWS} in length."),
            );
        }
        let children = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        let selects = children
            .iter()
            .filter(|c| matches!(c["type"].as_u64(), Some(3 | 5..=8)))
            .count();
        if selects > 0 && children.len() > 1 {
            // A row holds up to five buttons or one select menu.
            errors.add(
                &at(&row_path, &["components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            );
        }
        for (number, component) in children.iter().enumerate() {
            let here = at(&row_path, &["components", &number.to_string()]);
            let kind = component["type"].as_u64();
            if !matches!(kind, Some(2 | 3 | 5..=8)) {
                errors.add(
                    &at(&here, &["type"]),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {2, 3, 5, 6, 7, 8}.",
                );
                continue;
            }
            errors.max_length(&at(&here, &["label"]), &component["label"], LABEL);
            let style = component["style"].as_u64();
            if kind == Some(2) && !matches!(style, Some(1..=6)) {
                errors.add(
                    &at(&here, &["style"]),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {1, 2, 3, 4, 5, 6}.",
                );
                continue;
            }
            let id_path = at(&here, &["custom_id"]);
            // Buttons: "Non-link and non-premium buttons must have a custom_id, and cannot have
            // a url or a sku_id. Link buttons must have a url, and cannot have a custom_id."
            if kind == Some(2) && matches!(style, Some(5 | 6)) {
                if !component["custom_id"].is_null() {
                    errors.add(
                        &id_path,
                        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                        "A link or premium button cannot have a custom id",
                    );
                }
                if style == Some(5) {
                    if component["url"].is_null() {
                        errors.add(
                            &at(&here, &["url"]),
                            "BUTTON_COMPONENT_URL_REQUIRED",
                            "A link button requires a url",
                        );
                    }
                    url(
                        errors,
                        &at(&here, &["url"]),
                        &component["url"],
                        &["http", "https", "discord"],
                    );
                }
                continue;
            }
            if kind == Some(2) && !component["url"].is_null() {
                errors.add(
                    &at(&here, &["url"]),
                    "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                    "Only link buttons can have a url",
                );
            }
            match component["custom_id"].as_str() {
                None | Some("") => {
                    errors.add(&id_path, "BASE_TYPE_REQUIRED", "This field is required");
                }
                Some(id) => {
                    errors.max_length(&id_path, &component["custom_id"], CUSTOM_ID);
                    if !ids.insert(id.to_owned()) {
                        errors.add(
                            &id_path,
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        );
                    }
                }
            }
        }
    }
}

/// A URL whose scheme is one of `schemes`, if there is one.
fn url(errors: &mut FormErrors, path: &[String], value: &Value, schemes: &[&str]) {
    let Some(text) = value.as_str() else {
        return;
    };
    let scheme = text.split_once(':').map_or("", |(scheme, _)| scheme);
    if !schemes.contains(&scheme) {
        let listed: Vec<String> = schemes.iter().map(|s| format!("'{s}'")).collect();
        errors.add(
            path,
            "URL_TYPE_INVALID_PROTOCOL",
            &format!(
                "Scheme \"{scheme}\" is not supported. Scheme must be one of ({}).",
                listed.join(", ")
            ),
        );
    }
}

/// The `attachments` of a message body with `files` uploaded: each new one (with a
/// `filename`) names its upload by index (`files[N]` is `"id": N`), and its `description` has
/// at most 1,024 characters; at most ten files.
pub fn attachments(errors: &mut FormErrors, prefix: &[String], body: &Value, files: &[FilePart]) {
    if files.len() > FILES {
        errors.add(
            &at(prefix, &["files"]),
            "BASE_TYPE_MAX_LENGTH",
            &format!("Must be {FILES} or fewer in length."),
        );
    }
    let path = at(prefix, &["attachments"]);
    for (index, attachment) in body["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let here = at(&path, &[&index.to_string()]);
        errors.max_length(
            &at(&here, &["description"]),
            &attachment["description"],
            ATTACHMENT_DESCRIPTION,
        );
        if attachment["filename"].is_null() {
            continue; // an attachment the message already has, kept by an edit
        }
        let id = match &attachment["id"] {
            Value::Number(n) => n.to_string(),
            Value::String(text) => text.clone(),
            _ => String::new(),
        };
        let uploaded = files
            .iter()
            .any(|file| file.field == format!("files[{id}]"));
        if !uploaded {
            errors.add(
                &at(&here, &["id"]),
                "ATTACHMENT_NOT_FOUND",
                "The attachment names no uploaded file",
            );
        }
    }
}

/// Discord's answer to files over the size limits: 413, code 40005.
pub fn file_sizes(files: &[FilePart]) -> Result<(), Refusal> {
    let total: usize = files.iter().map(|file| file.bytes.len()).sum();
    if files.iter().any(|file| file.bytes.len() > FILE_SIZE) || total > REQUEST_SIZE {
        return Err(Refusal::new(413, 40005, "Request entity too large"));
    }
    Ok(())
}

/// A thread's settings when it is started or changed: `auto_archive_duration` one of
/// Discord's four, `rate_limit_per_user` 0-21600.
pub fn thread_settings(errors: &mut FormErrors, body: &Value) {
    let duration = &body["auto_archive_duration"];
    if !duration.is_null()
        && duration
            .as_u64()
            .is_none_or(|minutes| !ARCHIVE_DURATIONS.contains(&minutes))
    {
        errors.add(
            &["auto_archive_duration".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of (60, 1440, 4320, 10080).",
        );
    }
    let slow = &body["rate_limit_per_user"];
    if !slow.is_null() && slow.as_u64().is_none_or(|s| s > RATE_LIMIT_PER_USER) {
        errors.add(
            &["rate_limit_per_user".to_owned()],
            "NUMBER_TYPE_MAX",
            &format!("Must be between 0 and {RATE_LIMIT_PER_USER}."),
        );
    }
}

/// Checks an autocomplete result (`data.choices` of a type 8 callback).
pub fn choices(errors: &mut FormErrors, data: &Value) {
    let path = vec!["data".to_owned(), "choices".to_owned()];
    errors.max_items(&path, &data["choices"], CHOICES);
    for (index, choice) in data["choices"].as_array().into_iter().flatten().enumerate() {
        let here = at(&path, &[&index.to_string()]);
        let name = at(&here, &["name"]);
        if choice["name"].as_str().is_none_or(str::is_empty) {
            errors.add(&name, "BASE_TYPE_REQUIRED", "This field is required");
        }
        errors.max_length(&name, &choice["name"], CHOICE_TEXT);
        errors.max_length(&at(&here, &["value"]), &choice["value"], CHOICE_TEXT);
    }
}

/// Whether a message (as stored, or a body with `files` files) shows nothing: no content, no
/// embeds, no attachments, no components, no stickers, no poll. Discord refuses to create or
/// leave such a message with 50006.
pub fn is_empty(message: &Value, files: usize) -> bool {
    let blank = message["content"]
        .as_str()
        .is_none_or(|content| content.trim().is_empty());
    let none = |key: &str| message[key].as_array().is_none_or(Vec::is_empty);
    blank
        && files == 0
        && none("embeds")
        && none("attachments")
        && none("components")
        && none("sticker_ids")
        && message["poll"].is_null()
}

/// Discord's answer when the bot cannot see the channel (no View Channel).
pub fn missing_access() -> Refusal {
    Refusal::new(403, 50001, "Missing Access")
}

/// Discord's answer when the bot lacks a permission the request needs.
pub fn missing_permissions() -> Refusal {
    Refusal::new(403, 50013, "Missing Permissions")
}

/// Discord's answer to an empty message.
pub fn empty_message() -> Refusal {
    Refusal::new(400, 50006, "Cannot send an empty message")
}
