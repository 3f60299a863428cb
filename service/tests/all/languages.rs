//! Which language the bot speaks (issue 31): a moderator's server language for what the
//! channel sees, the caller's client locale or own setting for what only they see, notices
//! put into words when they are delivered, and unknown languages and time zones refused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::service::times::local_times;
use akron_service::service::{
    Challenge, ColourChoice, Command, Language, Languages, Platform, Reply, Request, ServerId,
    Setting, TimeControl, CHALLENGE_TTL,
};
use common::Harness;

const DAY: i64 = 86_400;

/// A request from `who` in channel `main` of server `s1`.
fn on_server(who: &str, moderator: bool, locale: Option<Language>, command: Command) -> Request {
    Request {
        platform: Platform::plain("test"),
        user: common::user(who),
        channel: common::channel_id("main"),
        is_moderator: moderator,
        game: None,
        server: Some(ServerId("test:s1".to_string())),
        roles: Vec::new(),
        command,
        locale,
        server_locale: None,
        language: Languages::default(),
        own_view: None,
    }
}

fn send(h: &Harness, who: &str, moderator: bool, command: Command) -> Reply {
    h.service.handle(&on_server(who, moderator, None, command))
}

fn set(what: Setting) -> Command {
    Command::Settings(Some(what))
}

/// alice (Black) challenges bob on the server, with `time`; bob accepts.
fn start(h: &Harness, time: Option<TimeControl>) {
    let mut challenge = Challenge::new(common::user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = time;
    assert!(!send(h, "alice", false, Command::Challenge(challenge)).ephemeral);
    assert!(!send(h, "bob", false, Command::Accept).ephemeral);
}

/// Delivers what is due and returns the notices' texts.
fn delivered(h: &Harness) -> Vec<String> {
    h.service.tick(h.service.now()).unwrap();
    let mut texts = Vec::new();
    for notice in h.service.due_notices("test", 100).unwrap() {
        texts.push(notice.reply.text.clone());
        h.service.notice_delivered(notice.id).unwrap();
    }
    texts
}

#[test]
fn a_moderators_language_is_what_the_channel_reads() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let saved = send(&h, "mod", true, set(Setting::Language("es".into())));
    assert!(saved.ephemeral);
    assert!(saved.text.starts_with("Guardado."), "{}", saved.text);
    assert!(
        saved
            .text
            .contains("El idioma de este servidor: **español**"),
        "{}",
        saved.text
    );
    start(&h, None);
    let board = send(&h, "alice", false, Command::Board(None));
    assert!(
        board.text.starts_with("Partida #1 · 0 jugadas"),
        "{}",
        board.text
    );
    let labels: Vec<&str> = board.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Ofrecer tablas", "Abandonar"]);
    assert!(
        board.text.contains("le toca a alice (negras)"),
        "{}",
        board.text
    );
    // A player's own language words what only they see; the channel keeps the server's.
    let mine = send(&h, "carol", false, set(Setting::Language("de".into())));
    assert!(mine.text.starts_with("Gespeichert."), "{}", mine.text);
    let refused = send(&h, "carol", false, Command::Resign);
    assert!(refused.ephemeral);
    assert!(
        refused.text.starts_with("Du spielst nicht in Partie #1"),
        "{}",
        refused.text
    );
    let board = send(&h, "carol", false, Command::Board(None));
    assert!(board.text.starts_with("Partida #1"), "{}", board.text);
    // The result, for everyone, in Spanish.
    let resigned = send(&h, "bob", false, Command::Resign);
    assert!(
        resigned
            .text
            .starts_with("**Ganan las negras** (bob abandonó)"),
        "{}",
        resigned.text
    );
}

#[test]
fn a_client_locale_words_only_what_the_caller_sees() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, None);
    let spanish = Some(Language::Spanish);
    let refused = h
        .service
        .handle(&on_server("carol", false, spanish, Command::Resign));
    assert!(refused.ephemeral);
    assert!(
        refused.text.starts_with("No juegas en la partida #1"),
        "{}",
        refused.text
    );
    let moved = h.service.handle(&on_server(
        "alice",
        false,
        spanish,
        Command::Move("C3".into()),
    ));
    assert!(!moved.ephemeral);
    assert!(
        moved.text.contains("<@test:bob> to move (White)."),
        "{}",
        moved.text
    );
}

#[test]
fn an_unknown_language_or_time_zone_is_refused_with_the_valid_ones_and_changes_nothing() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let before = send(&h, "alice", false, Command::Settings(None)).text;
    let refused = send(&h, "alice", false, set(Setting::Language("fr".into())));
    assert!(refused.refused);
    assert_eq!(
        refused.text,
        "The bot does not speak 'fr'. The languages are: en, es, de."
    );
    let refused = send(&h, "alice", true, set(Setting::Language("klingon".into())));
    assert!(refused.refused, "{}", refused.text);
    let refused = send(
        &h,
        "alice",
        false,
        set(Setting::TimeZone("Mars/Olympus".into())),
    );
    assert!(refused.refused);
    assert!(refused.text.contains("Europe/Madrid"), "{}", refused.text);
    assert_eq!(
        send(&h, "alice", false, Command::Settings(None)).text,
        before
    );
    // Valid ones are kept.
    let zone = send(
        &h,
        "alice",
        false,
        set(Setting::TimeZone("Europe/Madrid".into())),
    );
    assert!(
        zone.text.contains("Your time zone: **Europe/Madrid**"),
        "{}",
        zone.text
    );
    let own = send(
        &h,
        "alice",
        false,
        set(Setting::MyLanguage("Deutsch".into())),
    );
    assert!(
        own.text.contains("Deine Sprache: **Deutsch**"),
        "{}",
        own.text
    );
}

#[test]
fn a_notice_is_put_into_words_in_the_language_its_channel_has_when_delivered() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let challenge = Challenge::new(common::user("bob"));
    assert!(!send(&h, "alice", false, Command::Challenge(challenge)).ephemeral);
    h.clock.advance(CHALLENGE_TTL + 1);
    h.service.tick(h.service.now()).unwrap();
    // The notice is written in an English server; the server turns German before delivery.
    send(&h, "mod", true, set(Setting::Language("de".into())));
    let texts = delivered(&h);
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(
        texts[0].starts_with(
            "Die Herausforderung von <@test:alice> an **bob** (Partie #1) ist verfallen"
        ),
        "{}",
        texts[0]
    );
}

#[test]
fn a_reminder_and_a_timeout_reach_each_reader_in_their_language() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    send(&h, "mod", true, set(Setting::Language("es".into())));
    send(&h, "alice", false, set(Setting::Language("de".into())));
    send(
        &h,
        "alice",
        false,
        set(Setting::TimeZone("Europe/Berlin".into())),
    );
    start(&h, Some(TimeControl::PerMove(DAY)));
    let moved = send(&h, "alice", false, Command::Move("C3".into()));
    assert!(
        moved
            .text
            .starts_with("**alice** (negras) colocó en **C3**."),
        "{}",
        moved.text
    );
    let moved = send(&h, "bob", false, Command::Move("B2".into()));
    assert!(
        moved
            .text
            .starts_with("**bob** (blancas) colocó en **B2**."),
        "{}",
        moved.text
    );
    // alice's reminder goes to her direct messages, in her own German, its deadline a
    // timestamp (Discord shows it in each reader's zone) that the other front ends write in
    // her time zone.
    h.clock.advance(DAY - 3600);
    h.service.tick(h.service.now()).unwrap();
    let notices = h.service.due_notices("test", 100).unwrap();
    let reminder = notices
        .iter()
        .find(|n| {
            n.reply
                .text
                .starts_with("⏰ <@test:alice>, du bist in Partie #1")
        })
        .expect("a reminder");
    let deadline = h.service.now() + 3600;
    assert!(
        reminder
            .reply
            .text
            .ends_with(&format!(", bis <t:{deadline}:f>.")),
        "{}",
        reminder.reply.text
    );
    let written = local_times(
        &reminder.reply.text,
        &reminder.reply.reader,
        h.service.now(),
    );
    // T0 is 2026-11-22 00:00 UTC; the deadline is a day later, 01:00 in Berlin.
    assert!(
        written.ends_with(", bis 23.11.2026, 01:00 CET (in 1 Stunde)."),
        "{written}"
    );
    for notice in notices {
        h.service.notice_delivered(notice.id).unwrap();
    }
    // Her time runs out: the channel reads it in the server's Spanish.
    h.clock.advance(3601);
    let texts = delivered(&h);
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("**Ganan las blancas** (a alice se le acabó el tiempo)")),
        "{texts:?}"
    );
}

/// The commands that look, the correspondence commands, puzzles, hints, analysis and
/// ratings: every reply and refusal of the tour is in the server's language (none the same
/// as in English, none with English's common words, each language's own words there).
#[test]
fn the_looking_correspondence_puzzle_and_rating_commands_answer_in_spanish_and_german() {
    use akron_service::testing::tour::tour;
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let english = tour(&h, "en");
    for (language, own) in [
        ("es", ["partida", "jugada", "piedra", "nivel", "problema"]),
        ("de", ["Partie", "Zug", "Stein", "Ebene", "Aufgabe"]),
    ] {
        let h = Harness::on(super::BACKEND).unwrap();
        let stops = tour(&h, language);
        assert_eq!(stops.len(), english.len());
        let mut all = String::new();
        for (stop, en) in stops.iter().zip(&english) {
            assert_eq!(stop.what, en.what);
            assert_ne!(
                stop.reply.text, en.reply.text,
                "{language} {}: the English words",
                stop.what
            );
            for (text, en_text) in [
                (Some(&stop.reply.text), Some(&en.reply.text)),
                (stop.reply.alt.as_ref(), en.reply.alt.as_ref()),
            ] {
                let Some(text) = text else { continue };
                assert!(
                    en_text.is_some_and(|en| en != text),
                    "{language} {}: {text}",
                    stop.what
                );
                for english_word in [
                    " the ", " is ", " and ", " you ", " your ", " game ", " move ",
                ] {
                    assert!(
                        !text.contains(english_word),
                        "{language} {}: {english_word:?} in {text}",
                        stop.what
                    );
                }
                all.push_str(text);
                all.push('\n');
            }
        }
        for word in own {
            assert!(all.contains(word), "{language}: no {word:?} in {all}");
        }
    }
}

/// A tournament's notices (its pairings with their table, each game's announcement) are
/// stored as what to say and put into words when delivered: written on an English server
/// that turns Spanish before delivery, they are read in Spanish. A `claim` refusal says the
/// time left in the reader's own units.
#[test]
fn tournament_notices_and_time_spans_are_put_into_words_for_their_reader() {
    use akron_service::service::{TournamentAction, TournamentFormat, TournamentOptions};
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.time = Some(TimeControl::PerMove(3 * DAY));
    let created = send(
        &h,
        "mod",
        true,
        Command::Tournament(TournamentAction::Create(options)),
    );
    assert!(!created.ephemeral, "{}", created.text);
    for player in ["p1", "p2", "p3", "p4"] {
        let joined = send(
            &h,
            player,
            false,
            Command::Tournament(TournamentAction::Join),
        );
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    let started = send(
        &h,
        "mod",
        true,
        Command::Tournament(TournamentAction::Start),
    );
    assert!(started.text.contains("Round 1"), "{}", started.text);
    // Written in English; the server turns Spanish before they are delivered.
    send(&h, "mod", true, set(Setting::Language("es".into())));
    h.service.tick(h.service.now()).unwrap();
    let notices = h.service.due_notices("test", 100).unwrap();
    let pairings = notices
        .iter()
        .find(|n| n.reply.text.starts_with("**Cup**, ronda 1 de 3:"))
        .unwrap_or_else(|| panic!("{notices:?}"));
    assert!(
        pairings
            .reply
            .alt
            .as_deref()
            .is_some_and(|alt| alt.starts_with("Cup, ronda 1 de 3. Mesa, Negras")),
        "the table is drawn in Spanish too: {:?}",
        pairings.reply.alt
    );
    let announced: Vec<&str> = notices
        .iter()
        .map(|n| n.reply.text.as_str())
        .filter(|t| t.starts_with("**Cup**, ronda 1, mesa"))
        .collect();
    assert_eq!(announced.len(), 2, "{notices:?}");
    assert!(
        announced[0].contains("(3 d por jugada) ya corre"),
        "{}",
        announced[0]
    );
    assert!(
        notices.iter().all(|n| !n.reply.text.contains("round")),
        "nothing is left in English: {notices:?}"
    );
    // A game's player asks to claim while the opponent still has time: the time left in
    // German units for a German reader.
    let game = notices
        .iter()
        .find_map(|n| n.thread.as_ref().map(|t| t.game))
        .expect("a game asks for its thread");
    let players: Vec<String> = announced[0]
        .split("<@test:")
        .skip(1)
        .filter_map(|rest| rest.split('>').next().map(str::to_string))
        .collect();
    let waiting = players.get(1).expect("the second player").clone();
    send(&h, &waiting, false, set(Setting::Language("de".into())));
    let mut claim = on_server(&waiting, false, None, Command::Claim);
    claim.game = Some(game);
    let refused = h.service.handle(&claim);
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(
        refused.text.ends_with("hat für diesen Zug noch 3 Tage."),
        "{}",
        refused.text
    );
}

/// The AI's move is posted as a notice put into words when it is delivered: written while
/// the server read English, delivered after it turned Spanish, it is in Spanish.
/// The reader's report (c3): the console's `settings` answer offered `settings
/// tournament-role:ROL|off`, which only Discord servers take (the console refuses it: "Solo
/// los servidores de Discord tienen roles"); a platform without roles is not offered it.
#[test]
fn the_settings_answer_offers_the_tournament_role_only_where_there_are_roles() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    for language in Language::ALL {
        let mut plain = on_server("mod", true, Some(language), Command::Settings(None));
        let answer = h.service.handle(&plain);
        assert!(!answer.text.contains("tournament-role"), "{}", answer.text);
        plain.platform.roles = true;
        let answer = h.service.handle(&plain);
        assert!(
            answer.text.contains("settings tournament-role:"),
            "{}",
            answer.text
        );
    }
}

/// The reader's report (b): German running text mixed "3 Tage pro Zug" with "eine Frist von
/// 2 Tg." and "3 Tg. übrig"; it writes the units out, in the case the sentence asks for.
#[test]
fn german_running_text_writes_time_units_out_in_the_right_case() {
    use akron_service::service::{TournamentAction, TournamentFormat, TournamentOptions};
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    send(&h, "mod", true, set(Setting::Language("de".into())));
    let mut options = TournamentOptions::new("Pokal", TournamentFormat::SingleElimination);
    options.size = Some(8);
    options.time = Some(TimeControl::PerMove(3 * DAY));
    options.check_in = Some(3600 + 60);
    options.deadline = Some(2 * DAY);
    let created = send(
        &h,
        "mod",
        true,
        Command::Tournament(TournamentAction::Create(options)),
    );
    assert!(!created.ephemeral, "{}", created.text);
    assert!(
        created
            .text
            .contains("haben die Teilnehmer 1 Stunde und 1 Minute zum Bestätigen")
            && created
                .text
                .contains("Jede Runde hat eine Frist von 2 Tagen:"),
        "{}",
        created.text
    );
    for abbreviation in ["Tg.", "Std.", "Min.", "Sek."] {
        assert!(!created.text.contains(abbreviation), "{}", created.text);
    }
}

#[test]
fn an_ai_move_is_put_into_words_when_it_is_delivered() {
    use akron_service::service::User;
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut challenge = Challenge::new(User::ai(akron_ai::Level::new(1).unwrap()));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    assert!(!send(&h, "alice", false, Command::Challenge(challenge)).ephemeral);
    let moved = send(&h, "alice", false, Command::Move("C3".into()));
    assert!(
        moved.text.starts_with("**alice** (Black) placed"),
        "{}",
        moved.text
    );
    delivered(&h);
    assert_eq!(
        akron_service::ai_player::play_pending(&h.service).unwrap(),
        1
    );
    send(&h, "mod", true, set(Setting::Language("es".into())));
    let texts = delivered(&h);
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(
        texts[0].contains("colocó en")
            || texts[0].contains("movió")
            || texts[0].contains("hizo el cambio"),
        "{}",
        texts[0]
    );
    assert!(texts[0].contains("Le toca a <@test:alice>"), "{}", texts[0]);
}

/// The notices of dropped conditional moves and of a vacation are put into words when they
/// are delivered: written on an English server that turns German before delivery, they are
/// read in German, the vacation's time in German units.
#[test]
fn dropped_conditional_moves_and_vacations_are_put_into_words_at_delivery() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, Some(TimeControl::PerMove(DAY)));
    // bob answers B2 with C3; alice plays D4 instead, so his queue is dropped.
    let queued = send(&h, "bob", false, Command::Premove("B2 C3".into()));
    assert!(queued.text.contains("C3"), "{}", queued.text);
    assert!(!send(&h, "alice", false, Command::Move("D4".into())).ephemeral);
    let away = send(&h, "alice", false, Command::Vacation(true));
    assert!(away.text.contains("vacation"), "{}", away.text);
    send(&h, "mod", true, set(Setting::Language("de".into())));
    let texts = delivered(&h);
    assert!(
        texts.iter().any(|t| t
            == "<@test:bob>, deine bedingten Züge in Partie #1 sind verworfen: Dein Gegenüber \
                hat D4 gespielt, worauf keiner von ihnen antwortet. Du bist am Zug."),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("**alice** ist im Urlaub, für bis zu ")
                && t.contains(" Tage:")
                && t.ends_with("Die Uhr in Partie #1 steht bis zur Rückkehr still.")),
        "{texts:?}"
    );
    let back = send(&h, "alice", false, Command::Vacation(false));
    assert!(back.text.starts_with("Willkommen zurück"), "{}", back.text);
    let texts = delivered(&h);
    assert!(
        texts.iter().any(
            |t| t == "**alice** ist aus dem Urlaub zurück: Die Uhr von Partie #1 läuft wieder."
        ),
        "{texts:?}"
    );
}

/// A mistyped line read by the console's and Matrix's grammar, refused as they refuse it.
fn mistyped(h: &Harness, who: &str, line: &str) -> Reply {
    let error = akron_service::service::text::parse_command(line, |name| {
        Some(common::user(name.trim_start_matches('@')))
    })
    .expect_err(line);
    let reply = h
        .service
        .mistyped(&on_server(who, false, None, Command::Help(None)), &error)
        .unwrap();
    assert!(reply.refused && reply.ephemeral, "{line}: {reply:?}");
    reply
}

#[test]
fn a_mistyped_command_line_is_refused_in_the_callers_language_and_changes_nothing() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    start(&h, None);
    send(&h, "bob", false, set(Setting::MyLanguage("es".into())));
    send(&h, "carol", false, set(Setting::MyLanguage("de".into())));
    let state = |h: &Harness| {
        (
            send(h, "alice", false, Command::History).text,
            send(h, "alice", false, Command::Games).text,
            send(h, "bob", false, Command::Games).text,
        )
    };
    let before = state(&h);
    // The server is English: alice reads the English words as they always were.
    assert_eq!(
        akron_service::catalogue::console_commands(&mistyped(&h, "alice", "move").text),
        "`move` needs a move, like `move F6` or `move A2-D3'`"
    );
    assert_eq!(
        mistyped(&h, "alice", "challenge bob size:99").text,
        "Board size must be 3 to 16, not '99'"
    );
    let lines = [
        "move",
        "challenge bob size:99",
        "challenge bob purple",
        "challenge opponent:",
        "settings colour:red",
        "frobnicate",
        "resign now",
        "draw maybe",
        "tournament create format:swiss",
        "tournament create Cup format:swiss rounds:99",
        "tournament adjudicate #x black",
        "replay speed:warp",
        "vacation maybe",
        "puzzle solve #3",
    ];
    // The commands named as the console types them.
    let said = |who: &str, line: &str| {
        akron_service::catalogue::console_commands(&mistyped(&h, who, line).text)
    };
    let spanish: Vec<String> = lines.iter().map(|l| said("bob", l)).collect();
    let german: Vec<String> = lines.iter().map(|l| said("carol", l)).collect();
    assert_eq!(
        spanish[0],
        "`move` necesita una jugada, como `move F6` o `move A2-D3'`"
    );
    assert_eq!(
        german[0],
        "`move` braucht einen Zug, wie `move F6` oder `move A2-D3'`"
    );
    assert_eq!(
        spanish[1],
        "El tamaño del tablero debe ser de 3 a 16, no '99'"
    );
    assert_eq!(german[1], "Die Brettgröße muss 3 bis 16 sein, nicht '99'");
    assert!(
        spanish[4]
            .starts_with("'colour' no es un ajuste. Escribe `settings reminders:dm|channel|off`"),
        "{}",
        spanish[4]
    );
    assert!(
        german[4].starts_with(
            "'colour' ist keine Einstellung. Schreib `settings reminders:dm|channel|off`"
        ),
        "{}",
        german[4]
    );
    assert_eq!(spanish[9], "`rounds` debe ser de 1 a 50, no '99'");
    assert_eq!(german[9], "`rounds` muss 1 bis 50 sein, nicht '99'");
    assert!(
        german[8].starts_with("Das Turnier braucht einen Namen. Schreib "),
        "{}",
        german[8]
    );
    // Every line: no English sentence words around what is typed.
    let english = [
        "must", "needs", " is not", "write", "not a", "takes", "like", "the ",
    ];
    for (line, said) in lines
        .iter()
        .cycle()
        .zip(spanish.iter().chain(german.iter()))
    {
        let words = said.split('`').step_by(2).collect::<String>();
        for word in english {
            assert!(!words.contains(word), "{line}: {word:?} in {said}");
        }
    }
    // Matrix adds where the commands are, in the same words.
    let error = akron_service::service::text::parse_command("frobnicate", |_| None).unwrap_err();
    let see_help = akron_service::phrase!("parse-see-help", error = error, help = "!akron help");
    let reply = h
        .service
        .mistyped(
            &on_server("carol", false, None, Command::Help(None)),
            &see_help,
        )
        .unwrap();
    assert!(
        reply
            .text
            .starts_with("'frobnicate' ist kein Befehl; die Befehle sind challenge, ")
            && reply
                .text
                .ends_with(". Schreib `!akron help` für die Befehle."),
        "{}",
        reply.text
    );
    // A client locale wins, as for every reply only the caller sees.
    let error =
        akron_service::service::text::parse_command("vacation maybe", |_| None).unwrap_err();
    let reply = h
        .service
        .mistyped(
            &on_server("alice", false, Some(Language::Spanish), Command::Help(None)),
            &error,
        )
        .unwrap();
    assert_eq!(reply.text, "'maybe' debe ser on u off");
    assert_eq!(state(&h), before, "a mistyped line changes nothing");
}
