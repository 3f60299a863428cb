//! What Discord checks in a message body before it accepts it, with its error codes.
//!
//! Limits from Discord's documentation (message resource, embed limits, message components,
//! application command autocomplete). A body that breaks them is answered 400 with code 50035
//! "Invalid Form Body" and an `errors` object that points at the offending field, as Discord
//! does: `{"code":50035,"message":"Invalid Form Body","errors":{"content":{"_errors":[...]}}}`.

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

/// `allowed_mentions`: at most 100 users and roles each, and a kind either parsed or listed.
fn allowed_mentions(errors: &mut FormErrors, prefix: &[String], mentions: &Value) {
    let path = at(prefix, &["allowed_mentions"]);
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
        for (number, component) in row["components"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let here = at(&row_path, &["components", &number.to_string()]);
            errors.max_length(&at(&here, &["label"]), &component["label"], LABEL);
            let is_link = component["type"].as_u64() == Some(2) && component["style"] == 5;
            if is_link {
                continue;
            }
            let id_path = at(&here, &["custom_id"]);
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

/// Discord's answer to an empty message.
pub fn empty_message() -> Refusal {
    Refusal::new(400, 50006, "Cannot send an empty message")
}
