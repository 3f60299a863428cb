//! Issue 31 through the real console (the `akron play` binary): with the pseudo-language
//! (every message the catalogue says wrapped in `⟦ ⟧`) every line a whole scripted session
//! prints came from the catalogue; and the same sessions on a console set to Spanish or
//! German print no English.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_rules::Move;

/// Runs one console session on a fresh database, feeding `script`; with `pseudo`, the
/// binary speaks the pseudo-language.
fn session(script: &str, pseudo: bool) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let env: &[(&str, &str)] = if pseudo {
        &[(akron_service::catalogue::PSEUDO_LANGUAGE_VARIABLE, "1")]
    } else {
        &[]
    };
    super::console::session_with(
        dir.path(),
        &dir.path().join("boards"),
        script.as_bytes(),
        env,
    )
}

/// A 3 × 3 game that Black wins by connection (immediate rule), found by seeded random play.
fn winning_moves() -> Vec<Move> {
    super::discord_e2e::winning_game_of(3).expect("a winning game")
}

/// Everything a user sees in one session: the console's own lines (help, `as`, `in`, `mod`,
/// `wait`, a bad duration, a bad game number), a whole game won by connection with its
/// boards, a draw offer and a takeback, a correspondence game with its reminders and its
/// timeout (after a conditional move played in answer), a tournament round: sign-up,
/// start, pairings, the games' threads, a resignation, the round's end with its standings,
/// the next pairings and the standings asked for; and a game against the AI, resigned.
fn script(language: Option<&str>) -> String {
    let mut script = String::new();
    if let Some(language) = language {
        script.push_str(&format!("mod on\nsettings language:{language}\nmod off\n"));
    }
    script.push_str("help\nas bob\nin main\nmod on\nmod off\nas alice\nwait\nwait soon\n");
    script.push_str("accept #x\n");
    // Mistyped command lines, refused by the grammar before the service reads them.
    script.push_str("move\nchallenge bob size:99\nvacation maybe\ntournament create Cup format:swiss rounds:99\n");
    // A whole game, won by connection.
    script.push_str("challenge bob size:3 colour:black rule:immediate\nas bob\naccept\n");
    let moves = winning_moves();
    for (ply, mv) in moves.iter().enumerate() {
        let who = if ply % 2 == 0 { "alice" } else { "bob" };
        script.push_str(&format!("as {who}\nmove {mv}\n"));
        if ply == 1 {
            script.push_str("board\ndraw offer\nas alice\ndraw decline\nas bob\n");
        }
    }
    // A correspondence game in another channel: two reminders, then a timeout.
    script.push_str(
        "in corr\nas alice\nchallenge bob size:3 colour:black time:1d\nas bob\naccept\n\
         as alice\nmove b2\npremove a1 c3\nas bob\nmove a1\nwait 12h\nwait 11h\nwait 1h\n",
    );
    // A tournament round: four players, round 1 decided, round 2 paired.
    script.push_str("in lobby\nas org\ntournament create Cup format:swiss time:1d size:4\n");
    for n in 1..=4 {
        script.push_str(&format!("as p{n}\ntournament join\n"));
    }
    script.push_str(
        "as org\ntournament start\nas p3\nin game-3\nresign\nas p4\nin game-4\nresign\n\
         in lobby\ntournament standings\ntournament pairings\n",
    );
    // A game against the AI (its name is the catalogue's), resigned after its first move.
    script
        .push_str("in aigame\nas alice\nchallenge ai size:3 colour:white level:1\nresign\nquit\n");
    script
}

/// A line of the ASCII board's grid: column letters, row numbers, `x`, `o` and `.`: the
/// notation's, the same in every language.
fn is_grid(line: &str) -> bool {
    line.split_whitespace().all(|token| {
        token.parse::<u32>().is_ok()
            || (token.chars().count() == 1
                && token
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || matches!(c, 'x' | 'o' | '.')))
    })
}

/// A line of a game record's moves (`   1. B2 C3'`): move numbers and moves in notation, the
/// same in every language.
fn is_record(line: &str) -> bool {
    let mut tokens = line.split_whitespace().peekable();
    tokens.peek().is_some()
        && tokens.all(|token| {
            token
                .strip_suffix('.')
                .is_some_and(|n| n.parse::<u32>().is_ok())
                || token.parse::<akron_rules::Move>().is_ok()
        })
}

#[test]
fn every_line_of_a_whole_console_session_comes_from_the_catalogue() {
    // The commands that look (history, games, rules, stats...) are asked for too.
    let script = script(None).replace(
        "quit\n",
        "in corr\nhistory\ngames\nrules\nstats\nleaderboard\nvacation on\nvacation off\n\
         show 3:b:4,4:3/3/3\nquit\n",
    );
    let text = session(&script, true);
    assert!(text.contains("⟦"), "the pseudo-language is on: {text}");
    // A message may run over several lines: the brackets are followed through the whole
    // output, and each line's letters outside them are collected.
    let mut leaks = Vec::new();
    let mut depth = 0usize;
    for line in text.lines() {
        let skip = depth == 0 && (is_grid(line) || is_record(line));
        let mut left = String::new();
        for c in line.chars() {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth = depth.saturating_sub(1),
                c if depth == 0 => left.push(c),
                _ => {}
            }
        }
        if !skip && left.chars().any(char::is_alphabetic) {
            leaks.push(format!("{left:?} in: {line}"));
        }
    }
    assert!(
        leaks.is_empty(),
        "text that did not come from the catalogue:\n{}",
        leaks.join("\n")
    );
    // The session did what it claims (inside the brackets the words are English).
    for happened in [
        "is not a duration",
        "is not a game number",
        "`move` needs a move, like `move F6`",
        "Board size must be 3 to 16, not '99'",
        "'maybe' must be on or off",
        "`rounds` must be 1 to 50, not '99'",
        "wins by connection",
        "declined the draw offer",
        "it is your move in game #2",
        "ran out of time",
        "⟦Akron #3: p3 vs p1⟧",
        "Round 1 of Cup is over",
        "Cup, round 2 of 3",
        "level 0 (holes)",
        "'s conditional move: ",
        "⟦Akron AI level 1⟧ (Black) placed",
        "⟦Akron AI level 1⟧ wins",
    ] {
        assert!(text.contains(happened), "{happened}: {text}");
    }
}

/// English words that no line of a Spanish or German session may hold (as whole words),
/// once what is typed (commands after `/akron`, channel names like `game-3`) is set aside.
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "to",
    "your",
    "you",
    "move",
    "moves",
    "game",
    "games",
    "left",
    "level",
    "holes",
    "picture",
    "notice",
    "type",
    "now",
    "wins",
    "won",
    "round",
    "rounds",
    "board",
    "Black",
    "White",
    "and",
    "of",
    "placed",
    "offers",
    "declined",
    "time",
    "ran",
    "out",
    "thread",
    "opened",
    "channel",
    "over",
    "standings",
    "pairings",
    "players",
    "points",
    "pieces",
    "per",
    "day",
    "clock",
    "acting",
    "moderator",
    "AI",
    "conditional",
    "not",
    "duration",
    "number",
    "write",
    "like",
    "it",
    "with",
    "by",
    "connection",
    "Press",
    "enter",
    "starts",
    "Round",
    "Standings",
    "Player",
    "Result",
    "Game",
    "after",
    "being",
    "played",
    "resigned",
    "challenges",
    "accepted",
    "begins",
    "direct",
    "message",
    "private",
    "Accept",
    "Decline",
    "Resign",
    "Join",
    "Leave",
    "Draw",
    "Takeback",
    "Offer",
];

/// The English words in `line`, what is typed set aside: a command after `/akron` or in
/// backticks, an option with its values (`settings reminders:dm|channel|off`), a path, a
/// channel name (`game-3`).
fn english_in(line: &str) -> Vec<&'static str> {
    let line = line.split("/akron ").next().unwrap_or_default();
    let outside_backticks: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let words: Vec<&str> = outside_backticks
        .split_whitespace()
        .filter(|token| !token.contains([':', '|', '/']) && !token.contains("game-"))
        .flat_map(|token| token.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    ENGLISH
        .iter()
        .copied()
        .filter(|english| words.contains(english))
        .collect()
}

/// Issue 31: a whole game won by connection, a correspondence game with its reminders and
/// its timeout, and a tournament round, in the console on a server set to Spanish, then
/// German: no line holds an English word (the pseudo-language test above shows every line
/// comes from the catalogue, and the catalogue's test that every message is in every
/// language), and the events are said in that language.
#[test]
fn a_whole_game_a_timeout_and_a_tournament_round_in_spanish_and_german() {
    let without_help = |language: &str| script(Some(language)).replace("help\n", "");
    for (language, said) in [
        (
            "es",
            &[
                "Ahora actúas como bob.",
                "no es una duración",
                "`move` necesita una jugada",
                "El tamaño del tablero debe ser de 3 a 16, no '99'",
                "'maybe' debe ser on u off",
                "`rounds` debe ser de 1 a 50, no '99'",
                "gana",
                "se le acabó el tiempo",
                "nivel 0 (huecos)",
                "La ronda 1 de Cup ha terminado",
                "↪ Jugada condicional de alice: ",
                "Akron IA nivel 1 (negras) colocó",
                "Akron #3: p3 contra p1",
            ][..],
        ),
        (
            "de",
            &[
                "Du handelst jetzt als bob.",
                "ist keine Dauer",
                "`move` braucht einen Zug",
                "Die Brettgröße muss 3 bis 16 sein, nicht '99'",
                "'maybe' muss on oder off sein",
                "`rounds` muss 1 bis 50 sein, nicht '99'",
                "gewinnt",
                "Zeit überschritten",
                "Ebene 0 (Löcher)",
                "Runde 1",
                "↪ Bedingter Zug von alice: ",
                "Akron-KI Stufe 1 (Schwarz)",
                "Akron #3: p3 gegen p1",
            ][..],
        ),
    ] {
        let text = session(&without_help(language), false);
        // What is printed before the console is set to the language is English.
        let set = text
            .lines()
            .position(|line| line.contains("settings reminders:"))
            .expect("the language was set");
        let english: Vec<String> = text
            .lines()
            .skip(set + 1)
            .filter(|line| !is_grid(line))
            .filter_map(|line| {
                let found = english_in(line);
                (!found.is_empty()).then(|| format!("{found:?} in: {line}"))
            })
            .collect();
        assert!(
            english.is_empty(),
            "English in the {language} session:\n{}\n\n{text}",
            english.join("\n")
        );
        for words in said {
            assert!(text.contains(words), "{language}: {words}: {text}");
        }
    }
}
