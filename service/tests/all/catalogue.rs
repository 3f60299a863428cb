//! The message catalogue: every file parses, and every message exists in every language with
//! the same arguments, so no reader gets an English sentence (the fallback) or a sentence with
//! a hole in it.

use akron_service::catalogue::{say, Arg, Language, FILES};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

type Messages = BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>;

/// Each message's variables and the messages it refers to, from one file; fails on any
/// parse error.
fn messages(file: &str, text: &str) -> Messages {
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(resource) => resource,
        Err((_, errors)) => panic!("{file} does not parse: {errors:?}"),
    };
    let mut messages = Messages::new();
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let mut found = (BTreeSet::new(), BTreeSet::new());
                let value = message.value.unwrap_or_else(|| panic!("{file}: no value"));
                pattern(&value, &mut found);
                let id = message.id.name.to_string();
                assert!(
                    messages.insert(id.clone(), found).is_none(),
                    "{file}: {id} twice"
                );
            }
            Entry::Junk { content } => panic!("{file} has junk: {content}"),
            _ => {}
        }
    }
    messages
}

fn pattern(pattern: &Pattern<&str>, found: &mut (BTreeSet<String>, BTreeSet<String>)) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_of(expression, found);
        }
    }
}

fn expression_of(expression: &Expression<&str>, found: &mut (BTreeSet<String>, BTreeSet<String>)) {
    match expression {
        Expression::Select { selector, variants } => {
            inline(selector, found);
            for variant in variants {
                pattern(&variant.value, found);
            }
        }
        Expression::Inline(expression) => inline(expression, found),
    }
}

fn inline(expression: &InlineExpression<&str>, found: &mut (BTreeSet<String>, BTreeSet<String>)) {
    match expression {
        InlineExpression::VariableReference { id } => {
            found.0.insert(id.name.to_string());
        }
        InlineExpression::MessageReference { id, .. } => {
            found.1.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_of(expression, found),
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline(argument, found);
            }
        }
        _ => {}
    }
}

/// A message's arguments, with those of the messages it refers to (a referenced message
/// takes the same arguments).
fn arguments(messages: &Messages, id: &str, seen: &mut BTreeSet<String>) -> BTreeSet<String> {
    let Some((variables, references)) = messages.get(id) else {
        panic!("{id} refers to a message that is not there");
    };
    let mut all = variables.clone();
    for reference in references {
        if seen.insert(reference.clone()) {
            all.extend(arguments(messages, reference, seen));
        }
    }
    all
}

#[test]
fn every_message_is_in_every_language_with_the_same_arguments() {
    let catalogues: Vec<(Language, &str, Messages)> = FILES
        .iter()
        .map(|(language, file, text)| (*language, *file, messages(file, text)))
        .collect();
    let (_, _, english) = &catalogues[0];
    assert!(
        english.len() > 40,
        "the English catalogue has {}",
        english.len()
    );
    for (language, file, catalogue) in &catalogues[1..] {
        let theirs: BTreeSet<&String> = catalogue.keys().collect();
        let ours: BTreeSet<&String> = english.keys().collect();
        assert_eq!(
            ours.difference(&theirs).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "missing from {file}"
        );
        assert_eq!(
            theirs.difference(&ours).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "in {file} but not in English"
        );
        for id in english.keys() {
            assert_eq!(
                arguments(catalogue, id, &mut BTreeSet::new()),
                arguments(english, id, &mut BTreeSet::new()),
                "{id} takes other arguments in {language}"
            );
        }
    }
}

#[test]
fn plural_forms_are_the_languages_own() {
    for (language, one, two) in [
        (Language::English, "1 marble", "2 marbles"),
        (Language::Spanish, "1 piedra", "2 piedras"),
        (Language::German, "1 Stein", "2 Steine"),
    ] {
        assert_eq!(say(language, "marbles", &[("count", Arg::Number(1))]), one);
        assert_eq!(say(language, "marbles", &[("count", Arg::Number(2))]), two);
    }
    let moves = |language, n| say(language, "moves-count", &[("count", Arg::Number(n))]);
    assert_eq!(moves(Language::German, 1), "1 Zug");
    assert_eq!(moves(Language::German, 12), "12 Züge");
    assert_eq!(moves(Language::Spanish, 12), "12 jugadas");
}

#[test]
fn selectors_pick_each_languages_words() {
    let won = |language| {
        say(
            language,
            "result-won",
            &[
                ("colour", Arg::from("black")),
                ("player", Arg::from("alice")),
                ("reason", Arg::from("connection")),
            ],
        )
    };
    assert_eq!(won(Language::English), "Black (alice) won by connection");
    assert_eq!(
        won(Language::Spanish),
        "las negras (alice) ganaron por conexión"
    );
    assert_eq!(
        won(Language::German),
        "Schwarz (alice) hat durch Verbindung gewonnen"
    );
}

/// The commands' names and one-line descriptions in the catalogue (the one source of the
/// descriptions: the table of commands has none of its own), and every language keeps
/// Discord's rules: names lowercase words of at most 32 characters, distinct under each slash
/// command; descriptions of 1 to 100 characters.
#[test]
fn command_names_and_descriptions_keep_discords_rules_in_every_language() {
    use akron_service::service::text::COMMANDS;
    for entry in &COMMANDS {
        assert_eq!(
            say(
                Language::English,
                &format!("command-{}-name", entry.name),
                &[]
            ),
            entry.name
        );
    }
    for language in Language::ALL {
        let mut seen = BTreeSet::new();
        for entry in &COMMANDS {
            let name = say(language, &format!("command-{}-name", entry.name), &[]);
            let about = say(language, &format!("command-{}-about", entry.name), &[]);
            assert!(
                (1..=32).contains(&name.chars().count())
                    && name
                        .chars()
                        .all(|c| c == '-' || c == '_' || c.is_numeric() || c.is_lowercase()),
                "{language}: '{name}' is not a Discord command name"
            );
            assert!(
                (1..=100).contains(&about.chars().count()),
                "{language}: {} has {} characters",
                entry.name,
                about.chars().count()
            );
            assert!(
                seen.insert((entry.group.slash_command(), name.clone())),
                "{language}: '{name}' twice under /{}",
                entry.group.slash_command()
            );
        }
    }
}

/// The help fits a chat message in every language, its group headings translated.
#[test]
fn the_help_fits_a_message_in_every_language() {
    use akron_service::service::text::help_text_in;
    use akron_service::service::MAX_TEXT;
    for language in Language::ALL {
        let help = help_text_in(language);
        assert!(
            help.chars().count() <= MAX_TEXT,
            "{language}: {}",
            help.chars().count()
        );
    }
    assert!(help_text_in(Language::Spanish).contains("- **Empezar**: `challenge [@jugador"));
    assert!(help_text_in(Language::German).contains("- **Rätsel** (`/akron-puzzle`)"));
}

/// The glossary (`service/locales/glossary.md`): one word per concept in each language, and
/// the phrases a catalogue must not use for it.
const GLOSSARY: &str = include_str!("../../locales/glossary.md");

/// The "must not say" phrases of one language's table in the glossary: `(concept, phrase)`.
fn forbidden_in(heading: &str) -> Vec<(String, String)> {
    let Some((_, section)) = GLOSSARY.split_once(&format!("\n## {heading}\n")) else {
        panic!("the glossary has no section {heading}");
    };
    let section = section.split("\n## ").next().unwrap_or_default();
    let mut found = Vec::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let [concept, _, _, avoid] = cells[..] else {
            panic!("a glossary row has four cells: {line}");
        };
        if avoid.starts_with("---") || concept == "concepto" || concept == "Begriff" {
            continue;
        }
        for phrase in avoid.split("; ").filter(|p| !p.is_empty()) {
            found.push((concept.to_string(), phrase.to_lowercase()));
        }
    }
    assert!(
        found.len() >= 10,
        "the {heading} glossary lists what not to say"
    );
    found
}

/// Whether `phrase` stands in `text` as a whole word or phrase (letters on neither side).
fn stands_in(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        edge(before) && (edge(after) || !phrase.ends_with(char::is_alphanumeric))
    })
}

/// Regression (issue 39): German called a puzzle both "Rätsel" and "Aufgabe" (which is also
/// a resignation), Spanish the pile "quedan", "reserva" and "En mano", and days were "T".
/// Each catalogue now follows the glossary, which this test reads.
#[test]
fn the_catalogues_follow_the_glossary() {
    for (language, heading) in [
        (Language::Spanish, "Español"),
        (Language::German, "Deutsch"),
    ] {
        let (_, file, text) = FILES
            .iter()
            .find(|(l, _, _)| *l == language)
            .copied()
            .unwrap_or_else(|| panic!("no catalogue for {language}"));
        // Comments and typed commands (in backticks) are not the catalogue's words.
        let words: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .map(|l| {
                l.split('`')
                    .step_by(2)
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let broken: Vec<String> = forbidden_in(heading)
            .into_iter()
            .filter(|(_, phrase)| stands_in(&words, phrase))
            .map(|(concept, phrase)| format!("{concept}: '{phrase}'"))
            .collect();
        assert!(
            broken.is_empty(),
            "{file} says what its glossary forbids: {broken:?}"
        );
    }
}

/// Regression (issue 39): numbers without their language's separators (`103792
/// simulaciones`, a tie-break of `0.5` in German).
#[test]
fn numbers_are_grouped_and_decimals_written_as_each_language_does() {
    assert_eq!(
        say(
            Language::Spanish,
            "marbles",
            &[("count", Arg::Number(103_792))]
        ),
        "103.792 piedras"
    );
    assert_eq!(
        say(
            Language::English,
            "marbles",
            &[("count", Arg::Number(103_792))]
        ),
        "103,792 marbles"
    );
    assert_eq!(
        say(Language::German, "marbles", &[("count", Arg::Number(1500))]),
        "1500 Steine"
    );
    assert_eq!(
        akron_service::catalogue::numbers::decimal(0.25, Language::German),
        "0,25"
    );
}

/// Regression (issue 39): the German help's time-zone example was `Europe/Madrid`; each
/// language's help names a zone its readers live in, and what it shows still parses.
#[test]
fn the_help_gives_each_language_a_time_zone_of_its_readers() {
    use akron_service::service::text::help_text_in;
    let german = help_text_in(Language::German);
    assert!(german.contains("timezone:Europe/Berlin"), "{german}");
    assert!(!german.contains("Europe/Madrid"), "{german}");
    assert!(help_text_in(Language::Spanish).contains("timezone:Europe/Madrid"));
    assert!(help_text_in(Language::English).contains("timezone:Europe/Madrid"));
    for zone in ["Europe/Berlin", "Europe/Madrid"] {
        assert_eq!(
            akron_service::service::times::zone_name(zone).as_deref(),
            Some(zone)
        );
    }
}

/// Regression (issue 39): Spanish counts of one read as plurals ("nadie respondió en 1
/// horas", "los 1 primeros", "tiene 1 jugadas"); a selector picks the singular.
#[test]
fn spanish_counts_of_one_are_singular() {
    let es = |id: &str, args: &[(&str, Arg)]| say(Language::Spanish, id, args);
    let expired = es(
        "challenge-expired-notice",
        &[
            ("challenger", Arg::from("alice")),
            ("challenged", Arg::from("bob")),
            ("game", Arg::from("#3")),
            ("hours", Arg::Number(1)),
        ],
    );
    assert!(expired.ends_with("nadie respondió en 1 hora."), "{expired}");
    let top = es("leaderboard-subtitle", &[("count", Arg::Number(1))]);
    assert!(top.starts_with("El primero ·"), "{top}");
    let top = es("leaderboard-subtitle", &[("count", Arg::Number(20))]);
    assert!(top.starts_with("Los 20 primeros ·"), "{top}");
    let moves = es(
        "analysis-no-such-move",
        &[("game", Arg::from("#3")), ("count", Arg::Number(1))],
    );
    assert!(moves.contains("tiene 1 jugada;"), "{moves}");
}

/// Regression (issue 39): the colours stood as subjects without their article ("**Negras
/// conectan**: blancas deben cortar", "Juega Blancas").
#[test]
fn spanish_colours_take_their_article() {
    let connects = say(
        Language::Spanish,
        "status-connects",
        &[
            ("colour", Arg::from("black")),
            ("other", Arg::from("white")),
        ],
    );
    assert_eq!(
        connects,
        "**Las negras conectan**: las blancas deben cortar la conexión ahora."
    );
    let to_move = say(
        Language::Spanish,
        "alt-to-move",
        &[("colour", Arg::from("white"))],
    );
    assert_eq!(to_move, "Les toca a las blancas.");
}

/// The reader's report (b): German refusals of a mistyped line began in lower case
/// (`! das Ergebnis 'purple' muss black …`, `! die Runde '0' muss eine Zahl ab 1 sein`), and
/// so did the English and Spanish ones. Every `parse-` message is a refusal said on its own:
/// it begins with a capital, a quoted value, a `command` in backticks or a placeable.
#[test]
fn every_refusal_of_a_mistyped_line_starts_with_a_capital() {
    use fluent_syntax::ast::Entry;
    for (language, file, text) in FILES {
        let resource = match fluent_syntax::parser::parse(text) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{file} does not parse: {errors:?}"),
        };
        let mut checked = 0;
        for entry in resource.body {
            let Entry::Message(message) = entry else {
                continue;
            };
            if !message.id.name.starts_with("parse-") {
                continue;
            }
            checked += 1;
            let Some(value) = message.value else {
                continue;
            };
            let id: &str = message.id.name;
            if let Some(PatternElement::TextElement { value }) = value.elements.first() {
                let value: &str = value;
                let first = value.chars().next().unwrap_or('A');
                assert!(
                    first.is_uppercase() || first == '\'' || first == '`',
                    "{id} in {language}: '{value}'"
                );
            }
        }
        assert!(checked > 40, "{file}: {checked} parse- messages");
    }
}
