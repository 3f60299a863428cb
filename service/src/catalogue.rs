//! The message catalogue: what the service says, by message id, in English, Spanish and
//! German (Project Fluent).
//!
//! The words, plurals and word order of each language live in its `.ftl` file under
//! `service/locales/`, embedded in the binary; code names a message and its arguments and
//! [`say`] puts them into words. A message missing from Spanish or German falls back to
//! English (logged); the catalogue's tests find such gaps before a user does.
//!
//! A notice keeps its [`Phrase`]s (message ids and arguments), not their words, so it is
//! put into words when it is delivered, in the language its readers have then.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

pub mod numbers;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// English, the default and the fallback for a missing message.
    #[default]
    English,
    /// Spanish.
    Spanish,
    /// German.
    German,
}

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 3] = [Language::English, Language::Spanish, Language::German];

    /// Its code, as settings take it and as stored: `en`, `es`, `de`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
            Language::German => "de",
        }
    }

    /// Its name in itself: `English`, `español`, `Deutsch`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "español",
            Language::German => "Deutsch",
        }
    }

    /// The language of a platform's locale (Discord's `es-ES`, `es-419`, `de`, `en-US`), when
    /// the bot speaks it.
    #[must_use]
    pub fn from_locale(locale: &str) -> Option<Language> {
        let primary = locale.split(['-', '_']).next().unwrap_or_default();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The valid codes, for a refusal: `en, es, de`.
    #[must_use]
    pub fn valid_list() -> String {
        Language::ALL.map(Language::code).join(", ")
    }

    fn index(self) -> usize {
        match self {
            Language::English => 0,
            Language::Spanish => 1,
            Language::German => 2,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language name the bot does not speak; it holds what was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        let given = s.trim();
        match given.to_lowercase().as_str() {
            "en" | "english" | "inglés" | "englisch" => Ok(Language::English),
            "es" | "spanish" | "español" | "espanol" | "spanisch" => Ok(Language::Spanish),
            "de" | "german" | "deutsch" | "alemán" | "aleman" => Ok(Language::German),
            _ => Language::from_locale(given)
                .filter(|_| given.contains(['-', '_']))
                .ok_or_else(|| UnknownLanguage(given.to_string())),
        }
    }
}

/// One argument of a message: a text, or a number (which picks plural forms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A number: `1 Stein`, `2 Steine`.
    Number(i64),
    /// A text, put in as it is (a name, a move, a choice for a selector).
    Text(String),
    /// Another message, put into words in the same language first.
    Phrase(Box<Phrase>),
}

impl Arg {
    /// The argument in words in `language` (a number in digits, grouped as `language` does).
    #[must_use]
    pub fn say(&self, language: Language) -> String {
        match self {
            Arg::Number(n) => numbers::integer(*n, language),
            Arg::Text(text) => text.clone(),
            Arg::Phrase(phrase) => phrase.say(language),
        }
    }
}

impl From<Phrase> for Arg {
    fn from(phrase: Phrase) -> Arg {
        Arg::Phrase(Box::new(phrase))
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(i64, i32, u8, u16, u32, u64, usize);

/// A message id with its arguments: words to be, in no language yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phrase {
    /// The message id.
    pub id: String,
    /// Its arguments, by name.
    #[serde(default)]
    pub args: Vec<(String, Arg)>,
}

impl Phrase {
    /// The message `id` with no arguments yet.
    #[must_use]
    pub fn new(id: &str) -> Phrase {
        Phrase {
            id: id.to_string(),
            args: Vec::new(),
        }
    }

    /// Adds an argument.
    #[must_use]
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Phrase {
        self.args.push((name.to_string(), value.into()));
        self
    }

    /// The phrase in words, in `language`.
    #[must_use]
    pub fn say(&self, language: Language) -> String {
        let args: Vec<(&str, Arg)> = self
            .args
            .iter()
            .map(|(name, value)| (name.as_str(), value.clone()))
            .collect();
        say(language, &self.id, &args)
    }
}

/// The catalogue files, embedded: `(language, file name, text)`.
pub const FILES: [(Language, &str, &str); 3] = [
    (
        Language::English,
        "en/akron.ftl",
        include_str!("../locales/en/akron.ftl"),
    ),
    (
        Language::Spanish,
        "es/akron.ftl",
        include_str!("../locales/es/akron.ftl"),
    ),
    (
        Language::German,
        "de/akron.ftl",
        include_str!("../locales/de/akron.ftl"),
    ),
];

/// One bundle per language, in [`Language::ALL`]'s order, built once.
static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|(language, file, text)| bundle(*language, file, text))
        .collect()
});

/// The bundle of one language from its file; a file that does not parse is logged and its
/// readable messages kept.
fn bundle(language: Language, file: &str, text: &str) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = language
        .code()
        .parse()
        .unwrap_or_else(|_| LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Names and moves are put in as they are: no Unicode isolation marks around them.
    bundle.set_use_isolating(false);
    // Numbers in the language's own conventions (grouping, decimal comma).
    bundle.set_formatter(Some(match language {
        Language::English => numbers::fluent_formatter::<0>,
        Language::Spanish => numbers::fluent_formatter::<1>,
        Language::German => numbers::fluent_formatter::<2>,
    }));
    let resource =
        FluentResource::try_new(text.to_string()).unwrap_or_else(|(resource, errors)| {
            tracing::error!(file, ?errors, "a message catalogue does not parse");
            resource
        });
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(file, ?errors, "a message catalogue repeats a message");
    }
    if let Err(error) = bundle.add_function("CMD", command_function) {
        tracing::error!(
            file,
            ?error,
            "the catalogue's CMD function could not be added"
        );
    }
    bundle
}

/// Opens a command reference in a text the catalogue says; [`COMMAND_END`] closes it. The
/// two are characters of Unicode's private use area, which no user types and no language
/// file holds: a front end finds each reference with [`render_commands`] and writes it its
/// own way.
pub const COMMAND_START: char = '\u{E000}';

/// Closes a command reference opened by [`COMMAND_START`].
pub const COMMAND_END: char = '\u{E001}';

/// The catalogue's `CMD` function: `{ CMD("draw decline") }`, `{ CMD("puzzle solve ", $id,
/// " F6") }` (its arguments are joined as they are). A message names a command by it rather
/// than writing the console's grammar in its words, so that each front end shows the
/// command its own way: Discord as a command mention, Matrix with its prefix, the console as
/// typed.
fn command_function<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let mut typed = String::new();
    for value in positional {
        match value {
            FluentValue::String(text) => typed.push_str(text),
            FluentValue::Number(number) => typed.push_str(&number.as_string()),
            _ => {}
        }
    }
    FluentValue::String(format!("{COMMAND_START}{typed}{COMMAND_END}").into())
}

/// A command named in a text: which command, which subcommand, and what follows (example
/// options, as the console types them). The catalogue carries it as a value and each front
/// end writes it in its own idiom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandRef {
    /// The command as the console types it (`tournament`, `draw`); see
    /// [`crate::service::text::COMMANDS`].
    pub name: String,
    /// Its subcommand, for a command whose forms open with one (`tournament create`,
    /// `puzzle solve`).
    pub sub: Option<String>,
    /// What follows, as typed (`decline`, `NAME format:swiss`); may be empty.
    pub rest: String,
}

impl CommandRef {
    /// Reads a command as the console types it: `tournament create NAME format:swiss`.
    #[must_use]
    pub fn parse(typed: &str) -> CommandRef {
        let typed = typed.trim();
        let (name, rest) = typed
            .split_once(' ')
            .map_or((typed, ""), |(n, r)| (n, r.trim()));
        let entry = crate::service::text::command_help(name);
        // A family that is one command (`tournament`, `puzzle`) has its actions as
        // subcommands on Discord: `/akron-tournament join`.
        let subcommands =
            entry.is_some_and(|e| e.group.slash_command().strip_prefix("akron-") == Some(e.name));
        let (sub, rest) = match rest.split_once(' ').unwrap_or((rest, "")) {
            (sub, after) if subcommands && !sub.is_empty() => (Some(sub.to_string()), after),
            _ => (None, rest),
        };
        CommandRef {
            name: name.to_string(),
            sub,
            rest: rest.trim().to_string(),
        }
    }

    /// The command as the console types it: `tournament create NAME format:swiss`.
    #[must_use]
    pub fn typed(&self) -> String {
        [
            Some(self.name.as_str()),
            self.sub.as_deref(),
            Some(self.rest.as_str()),
        ]
        .into_iter()
        .flatten()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
    }
}

/// `text` with each command reference the catalogue put in it written by `write`.
#[must_use]
pub fn render_commands(text: &str, write: impl Fn(&CommandRef) -> String) -> String {
    if !text.contains(COMMAND_START) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(COMMAND_START) {
        out.push_str(&rest[..start]);
        let after = &rest[start + COMMAND_START.len_utf8()..];
        let (inside, next) = after.split_once(COMMAND_END).unwrap_or((after, ""));
        out.push_str(&write(&CommandRef::parse(inside)));
        rest = next;
    }
    out.push_str(rest);
    out
}

/// `text` with its command references as the console types them, in backticks:
/// `` `draw decline` ``. Also what a text that no front end renders (a log line, a web
/// page) shows.
#[must_use]
pub fn console_commands(text: &str) -> String {
    render_commands(text, |command| format!("`{}`", command.typed()))
}

#[cfg(feature = "testing")]
thread_local! {
    /// Whether [`say`] wraps what it says on this thread in `⟦ ⟧`: the pseudo-language.
    static PSEUDO: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Turns the pseudo-language on or off for this thread (tests only): everything [`say`]
/// returns is wrapped in `⟦ ⟧`, so a test can find text that did not come from the
/// catalogue (any letter outside the brackets).
#[cfg(feature = "testing")]
pub fn pseudo_language(on: bool) {
    PSEUDO.with(|pseudo| pseudo.set(on));
}

/// The environment variable that turns the pseudo-language on for a whole process, on every
/// thread (tests only: a test build's `akron` binary, or a test re-run in a process of its
/// own), so that a front end driven as a whole can be checked.
#[cfg(feature = "testing")]
pub const PSEUDO_LANGUAGE_VARIABLE: &str = "AKRON_PSEUDO_LANGUAGE";

/// Whether the pseudo-language is on for what [`say`] returns on this thread now.
#[cfg(feature = "testing")]
fn pseudo_on() -> bool {
    static EVERYWHERE: LazyLock<bool> =
        LazyLock::new(|| std::env::var_os(PSEUDO_LANGUAGE_VARIABLE).is_some_and(|v| v == "1"));
    *EVERYWHERE || PSEUDO.with(std::cell::Cell::get)
}

/// Puts the message `id` with `args` into words in `language`. A message missing from that
/// language is said in English (logged); one missing from English too comes out as its id
/// (logged as an error).
#[must_use]
pub fn say(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    let fluent_args = (!args.is_empty()).then(|| {
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            match value {
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
                Arg::Text(text) => fluent_args.set(*name, FluentValue::from(text.as_str())),
                Arg::Phrase(phrase) => {
                    fluent_args.set(*name, FluentValue::from(phrase.say(language)))
                }
            }
        }
        fluent_args
    });
    for (attempt, language) in [language, Language::English].into_iter().enumerate() {
        let Some(bundle) = BUNDLES.get(language.index()) else {
            continue;
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            if attempt == 0 && language != Language::English {
                tracing::warn!(id, %language, "a message is missing; said in English");
            }
            continue;
        };
        let mut errors = Vec::new();
        let words = bundle.format_pattern(pattern, fluent_args.as_ref(), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(id, %language, ?errors, "a message was put into words with errors");
        }
        // The command table's localisations (Discord's command and option names and
        // descriptions) are left as they are: Discord's rules allow no brackets in a name and
        // 100 characters in a description, and their own tests check them.
        #[cfg(feature = "testing")]
        if pseudo_on() && !id.starts_with("command-") && !id.starts_with("option-") {
            return format!("⟦{words}⟧");
        }
        return full_stops(words.into_owned());
    }
    tracing::error!(id, "a message is in no catalogue");
    id.to_string()
}

/// The German time units abbreviated with a dot (`3 Tg.`, `2 Std.`: a game's web page; running
/// text writes them out).
const ABBREVIATIONS: [&str; 4] = ["Tg.", "Std.", "Min.", "Sek."];

/// `words` with an abbreviation's dot serving as the full stop of a sentence that ends with
/// it (`noch 3 Tg.`, not `noch 3 Tg..`), as German typography has it. Also for text whose
/// times were written out after the catalogue spoke (`verfällt in <t:…:R>.`).
#[must_use]
pub fn full_stops(words: String) -> String {
    if !words.contains("..") {
        return words;
    }
    let mut words = words;
    for abbreviation in ABBREVIATIONS {
        let doubled = format!("{abbreviation}.");
        if words.contains(&doubled) {
            words = words.replace(&doubled, abbreviation);
        }
    }
    words
}

/// Whether the catalogue has the message `id` (in English, which every language mirrors).
#[must_use]
pub fn has(id: &str) -> bool {
    BUNDLES
        .get(Language::English.index())
        .is_some_and(|bundle| bundle.has_message(id))
}

/// The words the renderer draws on a picture, in `language`, built once per language: the
/// renderer's `{name}`-style placeholders are passed through the catalogue as arguments.
#[must_use]
pub fn labels(language: Language) -> &'static akron_renderer::Labels {
    static LABELS: LazyLock<Vec<akron_renderer::Labels>> = LazyLock::new(|| {
        Language::ALL
            .iter()
            .map(|language| {
                let l = *language;
                let with = |id: &str| {
                    say(
                        l,
                        id,
                        &[
                            ("name", Arg::from("{name}")),
                            ("other", Arg::from("{other}")),
                            ("n", Arg::from("{n}")),
                            ("move", Arg::from("{move}")),
                        ],
                    )
                };
                akron_renderer::Labels {
                    black: with("label-black"),
                    white: with("label-white"),
                    to_move: with("label-to-move"),
                    must_cut: with("label-must-cut"),
                    wins_by_connection: with("label-wins-by-connection"),
                    wins_no_move: with("label-wins-no-move"),
                    wins_resignation: with("label-wins-resignation"),
                    wins_timeout: with("label-wins-timeout"),
                    wins_adjudication: with("label-wins-adjudication"),
                    wins: with("label-wins"),
                    aborted: with("label-aborted"),
                    draw_agreement: with("label-draw-agreement"),
                    draw_repetition: with("label-draw-repetition"),
                    draw_adjudication: with("label-draw-adjudication"),
                    draw: with("label-draw"),
                    game: with("label-game"),
                    move_number: with("label-move-number"),
                    last_move: with("label-last-move"),
                    start: with("label-start"),
                    pile: with("label-pile"),
                    dropped_one: with("label-dropped-one"),
                    dropped: with("label-dropped"),
                    level: with("label-level"),
                    more_rows: with("label-more-rows"),
                    undrawable: "?".to_string(),
                }
            })
            .collect()
    });
    static ENGLISH: LazyLock<akron_renderer::Labels> =
        LazyLock::new(akron_renderer::Labels::english);
    LABELS.get(language.index()).unwrap_or(&ENGLISH)
}

/// [`say`] with the arguments written `name = value`:
/// `say!(language, "pieces-left", count = 3)`.
#[macro_export]
macro_rules! say {
    ($language:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::catalogue::say(
            $language,
            $id,
            &[$((stringify!($name), $crate::catalogue::Arg::from($value))),*],
        )
    };
}

/// [`Phrase`] with the arguments written `name = value`.
#[macro_export]
macro_rules! phrase {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::catalogue::Phrase {
            id: ($id).to_string(),
            args: vec![$((stringify!($name).to_string(), $crate::catalogue::Arg::from($value))),*],
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stray line in a catalogue only logs an error at run time and keeps the messages
    /// around it, so a test has to say it: every file parses whole, with no message twice.
    #[test]
    fn every_catalogue_parses_without_an_error() {
        for (_, file, text) in FILES {
            if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
                let lines: Vec<usize> = errors
                    .iter()
                    .map(|e| text[..e.pos.start.min(text.len())].lines().count())
                    .collect();
                panic!("{file} does not parse, at lines {lines:?}: {errors:?}");
            }
        }
    }

    #[test]
    fn languages_are_read_from_codes_names_and_locales() {
        assert_eq!("es".parse(), Ok(Language::Spanish));
        assert_eq!("Deutsch".parse(), Ok(Language::German));
        assert_eq!("en-US".parse(), Ok(Language::English));
        assert_eq!(
            "fr".parse::<Language>(),
            Err(UnknownLanguage("fr".to_string()))
        );
        assert_eq!(Language::from_locale("es-419"), Some(Language::Spanish));
        assert_eq!(Language::from_locale("de"), Some(Language::German));
        assert_eq!(Language::from_locale("pt-BR"), None);
        assert_eq!(Language::valid_list(), "en, es, de");
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(say!(Language::German, "marbles", count = 1), "1 Stein");
        assert_eq!(say!(Language::German, "marbles", count = 2), "2 Steine");
        assert_eq!(say!(Language::Spanish, "marbles", count = 1), "1 piedra");
        assert_eq!(say!(Language::Spanish, "marbles", count = 0), "0 piedras");
        assert_eq!(say!(Language::English, "marbles", count = 1), "1 marble");
        assert_eq!(say!(Language::English, "marbles", count = 21), "21 marbles");
    }

    #[test]
    fn the_pictures_words_keep_the_renderers_placeholders() {
        assert_eq!(
            labels(Language::English),
            &akron_renderer::Labels::english()
        );
        let german = labels(Language::German);
        assert_eq!(german.to_move, "{name} am Zug");
        assert_eq!(german.move_number, "Zug {n}: {move}");
        let spanish = labels(Language::Spanish);
        assert_eq!(spanish.wins_timeout, "{other} agotó su tiempo: gana {name}");
        assert_eq!(spanish.level, "Nivel {n}");
    }

    #[test]
    fn a_message_missing_from_every_catalogue_comes_out_as_its_id() {
        assert_eq!(
            say(Language::Spanish, "no-such-message", &[]),
            "no-such-message"
        );
    }

    #[test]
    fn phrases_keep_their_arguments_through_storage() {
        let phrase = phrase!("marbles", count = 2usize);
        let stored = serde_json::to_string(&phrase).unwrap_or_default();
        let back: Option<Phrase> = serde_json::from_str(&stored).ok();
        assert_eq!(back.as_ref(), Some(&phrase));
        assert_eq!(phrase.say(Language::German), "2 Steine");
    }
}
