//! What Discord checks in a registration of application commands (the bulk overwrite
//! `PUT /applications/{id}/commands`, and its guild variant), with its error codes.
//!
//! The rules come from Discord's developer documentation, "Application Commands"
//! (<https://discord.com/developers/docs/interactions/application-commands>):
//!
//! - "An app can have the following number of commands: 100 global `CHAT_INPUT` commands",
//!   and as many per guild ("Registering a Command"); names are unique per type and scope.
//! - Application command naming: `CHAT_INPUT` command and option names match
//!   `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, "If there is a lowercase variant of any
//!   letters used, you must use those". (The page now also lists `'`, but names the page's
//!   pattern accepts are still refused, discord-api-docs issue 7712; the fake keeps the
//!   pattern without it, as this project's brief gives it.) `\p{L}` is approximated with
//!   Rust's `char::is_alphabetic`, `\p{N}` with `char::is_numeric`.
//! - Structure: `description` 1-100 characters for `CHAT_INPUT`; `options` "max of 25" at
//!   every level; `name` "must be unique within an array of application command options";
//!   "Required `options` must be listed before optional options"; option types 1-11;
//!   `choices` "max 25", names 1-100 characters, string values up to 100; "`autocomplete`
//!   may not be set to true if `choices` are present"; `min_length` 0-6000, `max_length`
//!   1-6000; integers between -2^53+1 and 2^53-1.
//! - "Subcommands and Subcommand Groups": a command holds subcommands or groups, a group
//!   holds subcommands, "That is the only kind of nesting supported"; subcommands and other
//!   option types do not mix at one level.
//! - Localization: dictionaries with keys in the available locales (the "Locales" table of
//!   the API reference), "Values follow the same restrictions as" the field; localized option
//!   names are distinct from their siblings' within each locale.
//! - "Slash commands can have a maximum of 8000 characters for combined name, description,
//!   and value properties for each command, its options (including subcommands and groups),
//!   and choices. When localization fields are present, only the longest localization for each
//!   field (including the default value) is counted towards the size limit." Choice names are
//!   `name` properties too, so they count; numeric choice values count as their decimal text.
//!
//! Error shapes follow what Discord answers: `{"code": 50035, "message": "Invalid Form Body",
//! "errors": {"0": {"options": {"3": {"name": {"_errors": [{"code":
//! "APPLICATION_COMMAND_INVALID_NAME", "message": "Command name is invalid"}]}}}}}}`, an
//! unknown locale `BASE_TYPE_CHOICES` at `description_localizations.pt_BR` (both as reported in
//! public issues of bots that met them).

use super::validate::{FormErrors, Refusal};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Chat-input commands per application, globally or per guild.
pub const CHAT_INPUT_COMMANDS: usize = 100;
/// Options (or subcommands, or groups) at each level.
pub const OPTIONS: usize = 25;
/// Choices of an option.
pub const CHOICES: usize = 25;
/// A name's length.
pub const NAME: usize = 32;
/// A description's length.
pub const DESCRIPTION: usize = 100;
/// A choice's name, and its value when it is a string.
pub const CHOICE_TEXT: usize = 100;
/// The largest `min_length` and `max_length`.
pub const LENGTH: u64 = 6000;
/// Names, descriptions and choice values of one command, counted as Discord counts them.
pub const COMMAND_SIZE: usize = 8000;
/// The largest magnitude of an integer option value: 2^53 - 1.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The locales Discord accepts as keys of a localization dictionary (API reference, Locales).
pub const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Application command types: chat input, user, message, primary entry point.
const COMMAND_TYPES: [u64; 4] = [1, 2, 3, 4];
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;
const STRING: u64 = 3;
const INTEGER: u64 = 4;
const CHANNEL: u64 = 7;
const NUMBER: u64 = 10;

/// Checks a bulk overwrite body; the refusal Discord would answer, if any.
pub fn check(body: &Value) -> Result<(), Refusal> {
    let mut errors = FormErrors::default();
    let Some(commands) = body.as_array() else {
        errors.add(&[], "BASE_TYPE_ARRAY", "Must be an array.");
        return Err(refusal(errors));
    };
    let chat_input = commands.iter().filter(|c| kind(c) == 1).count();
    if chat_input > CHAT_INPUT_COMMANDS {
        errors.add(
            &[],
            "BASE_TYPE_MAX_LENGTH",
            &format!("Must be {CHAT_INPUT_COMMANDS} or fewer in length."),
        );
    }
    let mut seen = BTreeSet::new();
    for (index, command) in commands.iter().enumerate() {
        let path = vec![index.to_string()];
        self::command(&mut errors, &path, command);
        let name = command["name"].as_str().unwrap_or_default().to_owned();
        if !seen.insert((kind(command), name)) {
            errors.add(
                &at(&path, &["name"]),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            );
        }
    }
    match errors.into_refusal() {
        Some(refusal) => Err(refusal),
        None => Ok(()),
    }
}

fn refusal(errors: FormErrors) -> Refusal {
    errors
        .into_refusal()
        .unwrap_or_else(|| Refusal::new(400, 50035, "Invalid Form Body"))
}

/// The command's type; 1 (chat input) when absent.
fn kind(command: &Value) -> u64 {
    command["type"].as_u64().unwrap_or(1)
}

fn at(path: &[String], rest: &[&str]) -> Vec<String> {
    path.iter()
        .cloned()
        .chain(rest.iter().map(|key| (*key).to_owned()))
        .collect()
}

/// Whether `value` is absent in Discord's eyes: missing, null, `false` or an empty list or
/// dictionary (serenity sends `"choices": []` and `"min_value": null` on every option).
fn absent(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        _ => false,
    }
}

fn command(errors: &mut FormErrors, path: &[String], command: &Value) {
    let kind = kind(command);
    if !COMMAND_TYPES.contains(&kind) {
        errors.add(
            &at(path, &["type"]),
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4}.",
        );
        return;
    }
    let chat_input = kind == 1;
    name(errors, path, command, chat_input);
    if chat_input {
        description(errors, path, command);
        options(
            errors,
            &at(path, &["options"]),
            &command["options"],
            Parent::Command,
        );
        let size = size(command);
        if size > COMMAND_SIZE {
            errors.add(
                path,
                "APPLICATION_COMMAND_TOO_LARGE",
                &format!("Command exceeds maximum size ({COMMAND_SIZE})"),
            );
        }
    } else {
        // User and message commands take no description and no options.
        for key in ["description", "options"] {
            let given = &command[key];
            if !(absent(given) || given.as_str() == Some("")) {
                errors.add(
                    &at(path, &[key]),
                    "APPLICATION_COMMAND_INVALID_FIELD",
                    &format!("{key} is not allowed on this command type"),
                );
            }
        }
    }
    for (key, allowed) in [("contexts", 0..=2), ("integration_types", 0..=1)] {
        for (index, value) in command[key].as_array().into_iter().flatten().enumerate() {
            if !value.as_u64().is_some_and(|v| allowed.contains(&v)) {
                errors.add(
                    &at(path, &[key, &index.to_string()]),
                    "BASE_TYPE_CHOICES",
                    &format!(
                        "Value must be one of {{{}}}.",
                        allowed
                            .clone()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
    }
    let permissions = &command["default_member_permissions"];
    let bit_set = permissions
        .as_str()
        .is_some_and(|bits| bits.parse::<u64>().is_ok());
    if !permissions.is_null() && !bit_set {
        errors.add(
            &at(path, &["default_member_permissions"]),
            "NUMBER_TYPE_COERCE",
            "Value is not int.",
        );
    }
}

/// Whether a name is what Discord accepts for chat-input commands and options: 1-32 letters
/// (lowercase where a lowercase form exists), digits, `-`, `_`, Devanagari or Thai.
pub fn valid_chat_input_name(name: &str) -> bool {
    let length = name.chars().count();
    (1..=NAME).contains(&length)
        && name.chars().all(|c| {
            let allowed = c == '-'
                || c == '_'
                || c.is_alphabetic()
                || c.is_numeric()
                || ('\u{0900}'..='\u{097F}').contains(&c)
                || ('\u{0E00}'..='\u{0E7F}').contains(&c);
            let mut lower = c.to_lowercase();
            allowed && lower.next() == Some(c) && lower.next().is_none()
        })
}

/// `name` and `name_localizations` of a command or option.
fn name(errors: &mut FormErrors, path: &[String], item: &Value, chat_input: bool) {
    let check = |errors: &mut FormErrors, path: Vec<String>, value: &Value| {
        let Some(text) = value.as_str() else {
            errors.add(&path, "BASE_TYPE_REQUIRED", "This field is required");
            return;
        };
        let length = text.chars().count();
        if !(1..=NAME).contains(&length) {
            errors.add(
                &path,
                "BASE_TYPE_BAD_LENGTH",
                &format!("Must be between 1 and {NAME} in length."),
            );
        } else if chat_input && !valid_chat_input_name(text) {
            errors.add(
                &path,
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            );
        }
    };
    check(errors, at(path, &["name"]), &item["name"]);
    for (locale, value) in localizations(errors, path, item, "name_localizations") {
        check(errors, at(path, &["name_localizations", &locale]), &value);
    }
}

/// `description` and `description_localizations` of a chat-input command or option: 1-100.
fn description(errors: &mut FormErrors, path: &[String], item: &Value) {
    let check = |errors: &mut FormErrors, path: Vec<String>, value: &Value| {
        let length = value.as_str().map_or(0, |text| text.chars().count());
        if !(1..=DESCRIPTION).contains(&length) {
            errors.add(
                &path,
                "BASE_TYPE_BAD_LENGTH",
                &format!("Must be between 1 and {DESCRIPTION} in length."),
            );
        }
    };
    check(errors, at(path, &["description"]), &item["description"]);
    for (locale, value) in localizations(errors, path, item, "description_localizations") {
        check(
            errors,
            at(path, &["description_localizations", &locale]),
            &value,
        );
    }
}

/// The entries of a localization dictionary whose keys are Discord locales; the others are
/// refused.
fn localizations(
    errors: &mut FormErrors,
    path: &[String],
    item: &Value,
    key: &str,
) -> Vec<(String, Value)> {
    let Some(dictionary) = item[key].as_object() else {
        return Vec::new();
    };
    let mut valid = Vec::new();
    for (locale, value) in dictionary {
        if LOCALES.contains(&locale.as_str()) {
            valid.push((locale.clone(), value.clone()));
        } else {
            let listed: Vec<String> = LOCALES.iter().map(|l| format!("'{l}'")).collect();
            errors.add(
                &at(path, &[key, locale]),
                "BASE_TYPE_CHOICES",
                &format!("Value must be one of ({}).", listed.join(", ")),
            );
        }
    }
    valid
}

/// Where an options array sits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parent {
    /// A command: subcommands and groups, or plain options.
    Command,
    /// A subcommand group: subcommands only.
    Group,
    /// A subcommand: plain options only.
    Subcommand,
}

fn options(errors: &mut FormErrors, path: &[String], options: &Value, parent: Parent) {
    if absent(options) {
        if parent == Parent::Group {
            errors.add(
                path,
                "BASE_TYPE_BAD_LENGTH",
                &format!("Must be between 1 and {OPTIONS} in length."),
            );
        }
        return;
    }
    let Some(options) = options.as_array() else {
        errors.add(path, "BASE_TYPE_ARRAY", "Must be an array.");
        return;
    };
    if options.len() > OPTIONS {
        errors.add(
            path,
            "BASE_TYPE_MAX_LENGTH",
            &format!("Must be {OPTIONS} or fewer in length."),
        );
    }
    let nesting = |kind: u64| kind == SUB_COMMAND || kind == SUB_COMMAND_GROUP;
    let kinds: Vec<u64> = options.iter().filter_map(|o| o["type"].as_u64()).collect();
    if kinds.iter().any(|k| nesting(*k)) && kinds.iter().any(|k| !nesting(*k)) {
        errors.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all other types",
        );
    }
    unique_names(errors, path, options);
    let mut optional_seen = false;
    for (index, option) in options.iter().enumerate() {
        let here = at(path, &[&index.to_string()]);
        let required = option["required"].as_bool() == Some(true);
        if required && optional_seen {
            errors.add(
                &at(&here, &["required"]),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            );
        }
        optional_seen |= !required && !nesting(option["type"].as_u64().unwrap_or(0));
        self::option(errors, &here, option, parent);
    }
}

/// Names (and, per locale, localized names) of sibling options are distinct.
fn unique_names(errors: &mut FormErrors, path: &[String], options: &[Value]) {
    let mut defaults = BTreeSet::new();
    let mut per_locale: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (index, option) in options.iter().enumerate() {
        let here = at(path, &[&index.to_string(), "name"]);
        let name = option["name"].as_str().unwrap_or_default().to_owned();
        if !defaults.insert(name) {
            errors.add(
                &here,
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            );
        }
    }
    for (index, option) in options.iter().enumerate() {
        let own = option["name"].as_str().unwrap_or_default();
        let localized = option["name_localizations"]
            .as_object()
            .cloned()
            .unwrap_or_else(Map::new);
        for (locale, value) in localized {
            let Some(text) = value.as_str() else {
                continue;
            };
            let clash_with_default = text != own && defaults.contains(text);
            let taken = per_locale.entry(locale.clone()).or_default();
            if clash_with_default || !taken.insert(text.to_owned()) {
                errors.add(
                    &at(path, &[&index.to_string(), "name_localizations", &locale]),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                );
            }
        }
    }
}

fn option(errors: &mut FormErrors, path: &[String], option: &Value, parent: Parent) {
    let Some(kind) = option["type"].as_u64() else {
        errors.add(
            path,
            "TAG_FIELD_MISSING",
            "Field \"type\" is required to determine the model type.",
        );
        return;
    };
    if !(1..=11).contains(&kind) {
        errors.add(
            &at(path, &["type"]),
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.",
        );
        return;
    }
    let allowed_here = match parent {
        Parent::Command => true,
        Parent::Group => kind == SUB_COMMAND,
        Parent::Subcommand => kind != SUB_COMMAND && kind != SUB_COMMAND_GROUP,
    };
    if !allowed_here {
        let message = match parent {
            Parent::Group => "A sub-command group may only contain sub-commands",
            _ => "Sub-commands and groups may not be nested in a sub-command",
        };
        errors.add(
            &at(path, &["type"]),
            "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
            message,
        );
    }
    name(errors, path, option, true);
    description(errors, path, option);
    let only_for = |errors: &mut FormErrors, key: &str, kinds: &[u64]| {
        if !absent(&option[key]) && !kinds.contains(&kind) {
            errors.add(
                &at(path, &[key]),
                "APPLICATION_COMMAND_OPTION_FIELD_INVALID",
                &format!("{key} is not allowed for this option type"),
            );
        }
    };
    only_for(errors, "options", &[SUB_COMMAND, SUB_COMMAND_GROUP]);
    only_for(errors, "required", &[3, 4, 5, 6, 7, 8, 9, 10, 11]);
    only_for(errors, "choices", &[STRING, INTEGER, NUMBER]);
    only_for(errors, "autocomplete", &[STRING, INTEGER, NUMBER]);
    only_for(errors, "min_value", &[INTEGER, NUMBER]);
    only_for(errors, "max_value", &[INTEGER, NUMBER]);
    only_for(errors, "min_length", &[STRING]);
    only_for(errors, "max_length", &[STRING]);
    only_for(errors, "channel_types", &[CHANNEL]);
    match kind {
        SUB_COMMAND_GROUP => options(
            errors,
            &at(path, &["options"]),
            &option["options"],
            Parent::Group,
        ),
        SUB_COMMAND => options(
            errors,
            &at(path, &["options"]),
            &option["options"],
            Parent::Subcommand,
        ),
        _ => {}
    }
    choices(errors, path, option, kind);
    bounds(errors, path, option, kind);
}

fn choices(errors: &mut FormErrors, path: &[String], option: &Value, kind: u64) {
    let Some(choices) = option["choices"].as_array().filter(|c| !c.is_empty()) else {
        return;
    };
    let path = at(path, &["choices"]);
    if choices.len() > CHOICES {
        errors.add(
            &path,
            "BASE_TYPE_MAX_LENGTH",
            &format!("Must be {CHOICES} or fewer in length."),
        );
    }
    if option["autocomplete"].as_bool() == Some(true) {
        errors.add(
            &path,
            "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
            "Autocomplete may not be set to true if choices are present",
        );
    }
    for (index, choice) in choices.iter().enumerate() {
        let here = at(&path, &[&index.to_string()]);
        let length = |value: &Value| value.as_str().map(|text| text.chars().count());
        let bad_name =
            |value: &Value| !length(value).is_some_and(|n| (1..=CHOICE_TEXT).contains(&n));
        if bad_name(&choice["name"]) {
            errors.add(
                &at(&here, &["name"]),
                "BASE_TYPE_BAD_LENGTH",
                &format!("Must be between 1 and {CHOICE_TEXT} in length."),
            );
        }
        for (locale, value) in localizations(errors, &here, choice, "name_localizations") {
            if bad_name(&value) {
                errors.add(
                    &at(&here, &["name_localizations", &locale]),
                    "BASE_TYPE_BAD_LENGTH",
                    &format!("Must be between 1 and {CHOICE_TEXT} in length."),
                );
            }
        }
        let value = &choice["value"];
        let fits = match kind {
            STRING => length(value).is_some_and(|n| n <= CHOICE_TEXT),
            INTEGER => value
                .as_f64()
                .is_some_and(|v| v.fract() == 0.0 && v.abs() <= MAX_SAFE_INTEGER),
            _ => value.is_number(),
        };
        if !fits {
            errors.add(
                &at(&here, &["value"]),
                "BASE_TYPE_CHOICES",
                "Value does not match the option type",
            );
        }
    }
}

/// `min_value`/`max_value` of numbers and `min_length`/`max_length` of strings.
fn bounds(errors: &mut FormErrors, path: &[String], option: &Value, kind: u64) {
    if kind == INTEGER || kind == NUMBER {
        let mut limits = [None, None];
        for (slot, key) in ["min_value", "max_value"].into_iter().enumerate() {
            let value = &option[key];
            if value.is_null() {
                continue;
            }
            let valid = value
                .as_f64()
                .filter(|v| v.abs() <= MAX_SAFE_INTEGER && (kind == NUMBER || v.fract() == 0.0));
            match valid {
                Some(v) => limits[slot] = Some(v),
                None => errors.add(
                    &at(path, &[key]),
                    "NUMBER_TYPE_MAX",
                    &format!("{key} must be a number between -2^53 and 2^53"),
                ),
            }
        }
        if let [Some(min), Some(max)] = limits {
            if min > max {
                errors.add(
                    &at(path, &["min_value"]),
                    "NUMBER_TYPE_MAX",
                    "min_value must be less than or equal to max_value",
                );
            }
        }
    }
    if kind == STRING {
        let mut limits = [None, None];
        for (slot, (key, lowest)) in [("min_length", 0), ("max_length", 1)]
            .into_iter()
            .enumerate()
        {
            let value = &option[key];
            if value.is_null() {
                continue;
            }
            match value.as_u64().filter(|v| (lowest..=LENGTH).contains(v)) {
                Some(v) => limits[slot] = Some(v),
                None => errors.add(
                    &at(path, &[key]),
                    "NUMBER_TYPE_MAX",
                    &format!("{key} must be between {lowest} and {LENGTH}"),
                ),
            }
        }
        if let [Some(min), Some(max)] = limits {
            if min > max {
                errors.add(
                    &at(path, &["min_length"]),
                    "NUMBER_TYPE_MAX",
                    "min_length must be less than or equal to max_length",
                );
            }
        }
    }
}

/// A command's size as Discord counts it: every name, description and choice value of the
/// command, its options and their choices, each field counted as the longest of its default
/// and its localizations.
pub fn size(item: &Value) -> usize {
    let longest = |key: &str, localized: &str| {
        let default = item[key].as_str().map_or(0, |text| text.chars().count());
        item[localized]
            .as_object()
            .into_iter()
            .flat_map(|dictionary| dictionary.values())
            .filter_map(Value::as_str)
            .map(|text| text.chars().count())
            .fold(default, usize::max)
    };
    let value = match &item["value"] {
        Value::String(text) => text.chars().count(),
        Value::Null => 0,
        other => other.to_string().len(),
    };
    let nested: usize = ["options", "choices"]
        .into_iter()
        .flat_map(|key| item[key].as_array().into_iter().flatten())
        .map(size)
        .sum();
    longest("name", "name_localizations")
        + longest("description", "description_localizations")
        + value
        + nested
}
