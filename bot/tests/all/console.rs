//! The console front end, driven through a pipe as in a script.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn a_scripted_console_game_prints_boards_and_writes_pictures() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db"])
        .arg(dir.path().join("console.db"))
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    let script = "/akron challenge bob size:3 colour:black\n\
                  as bob\n/akron accept #1\nas alice\n/akron move b2\n\
                  as bob\n/akron move Q9\nmove A1\nexport\nquit\nas carol\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("writes");
    let output = child.wait_with_output().expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    assert!(text.contains("[Accept] type: accept #1"), "{text}");
    assert!(text.contains("alice (Black) placed B2."), "{text}");
    assert!(
        !text.contains("**"),
        "Markdown is rendered for a terminal: {text}"
    );
    assert!(text.contains("@bob to move (White)."), "{text}");
    assert!(text.contains("   2 . x . "), "the ASCII board: {text}");
    assert!(
        text.contains("! 'Q9' is not a move") || text.contains("! Q9"),
        "{text}"
    );
    assert!(
        text.contains("1. B2 2. A1"),
        "the record, numbered by ply: {text}"
    );
    assert!(!text.contains("Now acting as carol"), "quit stops reading");
    let pictures = std::fs::read_dir(&out)
        .expect("the picture folder")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".png"))
        })
        .count();
    assert_eq!(pictures, 3, "accept, B2 and A1 each drew the board");
    assert!(out.join("akron-1.txt").exists());
}

/// Runs one console session on `dir/console.db` with pictures in `out`, feeding `script`.
fn session(dir: &Path, out: &Path, script: &[u8]) -> String {
    session_with(dir, out, script, &[])
}

/// [`session`] with these environment variables set for the binary.
pub(crate) fn session_with(dir: &Path, out: &Path, script: &[u8], env: &[(&str, &str)]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_akron"))
        .envs(env.iter().copied())
        .args(["play", "--db"])
        .arg(dir.join("console.db"))
        .arg("--out")
        .arg(out)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script)
        .expect("writes");
    let output = child.wait_with_output().expect("runs");
    let text = String::from_utf8(output.stdout).expect("utf-8");
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

const START: &[u8] = b"challenge bob size:3 colour:black\nas bob\naccept #1\nas alice\nmove b2\n";

/// Regression (issue 17): each session numbered its pictures from board-0001.png again and
/// overwrote the previous session's.
#[test]
fn a_new_session_continues_the_picture_numbering() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    session(dir.path(), &out, START);
    let first = std::fs::read(out.join("board-0001.png")).expect("the first picture");
    // A folder in the way of the next number is skipped, not written into.
    std::fs::create_dir(out.join("board-0003.png")).expect("mkdir");
    let text = session(dir.path(), &out, b"board\n");
    assert!(
        text.contains(&format!(
            "(picture: {})",
            out.join("board-0004.png").display()
        )),
        "{text}"
    );
    assert_eq!(
        std::fs::read(out.join("board-0001.png")).expect("still there"),
        first,
        "the earlier session's picture is untouched"
    );
}

/// Regression (issue 17): `show akron-1.txt` looked only in the working directory, where
/// `export` had not written it, and then complained about "fields".
#[test]
fn show_reads_the_exported_file_and_names_a_missing_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let mut script = START.to_vec();
    script.extend_from_slice(b"export\nshow akron-1.txt\nshow nothing.txt\n");
    let text = session(dir.path(), &out, &script);
    assert!(out.join("akron-1.txt").exists());
    assert!(text.contains("After 1 move: White to move."), "{text}");
    assert!(
        text.contains("! file not found: nothing.txt (looked for nothing.txt and "),
        "{text}"
    );
    assert!(!text.contains("fields"), "{text}");
}

/// Regression (issue 17): one line of invalid UTF-8 ended the session.
#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = session(
        dir.path(),
        &dir.path().join("boards"),
        b"help\n\xff\xfe\nas bob\n",
    );
    assert!(text.contains("! That line is not UTF-8 text"), "{text}");
    assert!(text.contains("Now acting as bob."), "{text}");
}

/// Regression (issue 17): a picture that could not be written ended the session after the
/// move was committed, so the move looked failed.
#[test]
fn a_picture_that_cannot_be_saved_is_reported_and_the_move_stands() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A file where the picture folder should be: nothing can be saved inside it.
    let out = dir.path().join("not-a-folder");
    std::fs::write(&out, "in the way").expect("writes");
    let mut script = START.to_vec();
    script.extend_from_slice(b"history\n");
    let text = session(dir.path(), &out, &script);
    assert!(
        text.contains("! The board picture could not be saved"),
        "{text}"
    );
    assert!(text.contains("alice (Black) placed B2."), "{text}");
    assert!(
        text.contains("1. B2"),
        "the move stands in the history: {text}"
    );
}

/// Regression (issue 17): `as @@@` made a user with an empty name.
#[test]
fn an_empty_user_name_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = session(
        dir.path(),
        &dir.path().join("boards"),
        b"as @@@\nchallenge @@@\nas @bob\n",
    );
    assert!(text.contains("! '@@@' is not a user name"), "{text}");
    assert!(text.contains("! '@@@' is not a user I know"), "{text}");
    assert!(text.contains("Now acting as bob."), "{text}");
    assert_eq!(text.matches("Now acting as").count(), 1, "{text}");
}

#[test]
fn the_console_waits_for_time_controls_and_plays_thread_games() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "challenge bob size:3 colour:black time:1d thread:on\n\
                  as bob\naccept\nas alice\nmove b2\n\
                  wait 12h\nwait 11h\nwait 1h\nwait soon\nboard\n";
    let text = session(dir.path(), &dir.path().join("boards"), script.as_bytes());
    assert!(
        text.contains("thread \"Akron #1: alice vs bob\" opened: now in channel game-1"),
        "{text}"
    );
    // The move is played in the thread, where the game now lives.
    assert!(text.contains("alice (Black) placed B2."), "{text}");
    // Half time: bob is reminded (a direct message), then an hour before, then he loses.
    // (The console's clock is the system clock moved forward, so a second may pass.)
    let half = text
        .find("» notice to bob (direct message):")
        .expect("a reminder");
    assert!(
        text[half..].contains("12 h left") || text[half..].contains("11 h 59 min left"),
        "{text}"
    );
    assert!(
        text.contains("1 h left") || text.contains("59 min left"),
        "{text}"
    );
    assert!(text.contains("» notice in #game-1:"), "{text}");
    assert!(text.contains("bob ran out of time"), "{text}");
    assert!(text.contains("! 'soon' is not a duration"), "{text}");
    assert!(text.contains("Black (alice) won on time"), "{text}");
}

/// Regression (issue 17): `accept #0` said "accept takes nothing after it".
#[test]
fn a_mistaken_game_number_is_named_as_such() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = session(
        dir.path(),
        &dir.path().join("boards"),
        b"accept #0\nmove A1 #x\n",
    );
    assert!(text.contains("! '#0' is not a game number"), "{text}");
    assert!(text.contains("! '#x' is not a game number"), "{text}");
}

#[test]
fn a_six_player_swiss_plays_through_in_the_console_with_wait() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let mut script = String::from(
        "in lobby\nas org\ntournament create Console Cup format:swiss time:1d size:5\n",
    );
    for n in 1..=6 {
        script.push_str(&format!("as p{n}\ntournament join\n"));
    }
    // Round 1 pairs 1-4, 2-5, 3-6 (equal ratings rank by entry); p4 resigns in game 1's
    // thread, the other games run out of time (a forfeit each); then every round times out.
    script.push_str(
        "as org\ntournament start\nas p4\nin game-1\nresign\n\
         wait 25h\nwait 25h\nwait 25h\nwait 25h\nin lobby\ntournament standings\nquit\n",
    );
    let text = session(dir.path(), &out, script.as_bytes());
    assert!(text.contains("[Join] type: tournament join #1"), "{text}");
    assert!(
        text.contains("Entrants (6): p1, p2, p3, p4, p5, p6"),
        "{text}"
    );
    assert!(text.contains("6 players (Swiss, 4 rounds,"), "{text}");
    assert!(text.contains("» thread \"Akron #1: "), "{text}");
    assert!(
        text.contains("channel game-12"),
        "four rounds of three games: {text}"
    );
    assert!(text.contains("Round 3 of Console Cup is over"), "{text}");
    assert!(
        text.contains("Console Cup is over. Congratulations"),
        "{text}"
    );
    assert!(text.contains("standings after 4 rounds of 4"), "{text}");
}

/// Regression (issue 26): "Something went wrong storing the game" left nothing on standard
/// error, even with `RUST_LOG=warn`, so an operator could not tell a damaged tournament
/// from a full disk. The cause is logged by default, and the tick goes on.
#[test]
fn an_internal_failure_is_logged_with_its_cause() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let mut script = "in t\nas org\ntournament create T format:swiss size:4 time:1d\n".to_string();
    for player in ["p1", "p2", "p3", "p4"] {
        script.push_str(&format!("as {player}\ntournament join\n"));
    }
    script.push_str("as org\ntournament start\n");
    session(dir.path(), &out, script.as_bytes());
    // Damage as the sign-up race used to: round 1 pairs someone who is not an entrant.
    akron_service::db::Db::open(&dir.path().join("console.db"))
        .and_then(|db| {
            db.write(|tx| tx.execute("DELETE FROM tournament_entrants WHERE player = 4", &[]))
        })
        .expect("damages the database");
    let output = Command::new(env!("CARGO_BIN_EXE_akron"))
        .args(["play", "--db"])
        .arg(dir.path().join("console.db"))
        .arg("--out")
        .arg(&out)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(b"in t\ntournament standings\nwait 2d\n")?;
            child.wait_with_output()
        })
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        text.contains("! Something went wrong inside the bot"),
        "{text}"
    );
    assert!(
        log.contains("ERROR") && log.contains("command failed") && log.contains("not an entrant"),
        "the cause is on standard error: {log}"
    );
    // The round's games still time out; the tournament pauses instead of stopping the tick.
    assert!(!text.contains("could not settle"), "{text}");
    assert!(text.contains("cannot be paired"), "{text}");
    assert!(log.contains("a tournament cannot go on"), "{log}");
}

/// Regression (issue 26): `wait` alone and `wait 1d 2h` were "not a command"; Markdown
/// escapes leaked into piped output (`\_it\_`); private successes were marked `!` like
/// refusals; a finished game's text board ended with "Black to move".
#[test]
fn the_console_speaks_plainly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let text = session(
        dir.path(),
        &out,
        b"as _it_\nchallenge bob size:3 colour:black\nas bob\naccept\nas _it_\nmove B2\n\
          wait\nwait 1d 2h\nsettings reminders:channel\nmove Z9\nresign\n",
    );
    assert!(text.contains("! Wait how long?"), "{text}");
    assert!(text.contains("The clock moves forward 1d 2h."), "{text}");
    assert!(text.contains("_it_ challenges @bob"), "{text}");
    assert!(!text.contains("\\_"), "no Markdown escapes: {text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("(private) ") && l.contains("reminders")),
        "{text}"
    );
    assert!(text.contains("\n! "), "refusals keep their mark: {text}");
    assert!(
        text.contains("game over: _it_ resigned: bob wins"),
        "the text board says how the game ended: {text}"
    );
}

/// Regression (issue 26): a restarted console forgot how far `wait` had moved its clock, so
/// clocks jumped back and what fell due during the wait was undone.
#[test]
fn a_restarted_console_keeps_its_clock() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("boards");
    let first = session(dir.path(), &out, b"challenge bob size:3\nwait 23h\n");
    assert!(!first.contains("expired"), "{first}");
    // 23 hours have passed in the first session; one more in the second expires the
    // 24-hour challenge.
    let second = session(dir.path(), &out, b"wait 1h\n");
    assert!(
        second.contains("expired: nobody answered within 24 hours"),
        "{second}"
    );
}

/// Issue 31: a whole correspondence game in the console on a server set to Spanish, then to
/// German: the challenge, the start, the moves, a draw offer, a reminder with its deadline
/// in the reader's time zone and a timeout, each said in that language; none of the English
/// sentences the same script says in English is left. (The console's own lines, its ASCII
/// board and the button labels are not in the catalogue yet.)
#[test]
fn a_correspondence_game_in_the_console_speaks_spanish_and_german() {
    let script = |language: &str| {
        format!(
            "mod on\nsettings language:{language}\nmod off\n\
             as bob\nsettings timezone:Europe/Madrid\nas alice\n\
             challenge bob size:3 colour:black time:1d\n\
             as bob\naccept\nas alice\nmove b2\nas bob\ndraw\nmove a1\nas alice\n\
             draw decline\nmove c2\nwait 12h\nwait 11h\nwait 1h\n"
        )
    };
    let play = |language: &str| {
        let dir = tempfile::tempdir().expect("temp dir");
        session(
            dir.path(),
            &dir.path().join("boards"),
            script(language).as_bytes(),
        )
    };
    let english = play("en");
    let english_sentences = [
        "placed B2",
        "to move (White)",
        "offers a draw",
        "declined the draw offer",
        "it is your move in game #1",
        "ran out of time",
        "challenges @bob to a game",
        "accepted. Game #1 begins",
    ];
    for sentence in english_sentences {
        assert!(english.contains(sentence), "{sentence}: {english}");
    }
    let spanish = play("es");
    for expected in [
        "alice desafía a @bob a una partida de Akron (partida #1)",
        "bob aceptó. Empieza la partida #1",
        "alice (negras) colocó en B2.",
        "Le toca a @bob (blancas).",
        "bob ofrece tablas.",
        "alice rechazó las tablas. La partida sigue.",
        "te toca jugar en la partida #1",
        "CET (dentro de",
        "Ganan las negras (a bob se le acabó el tiempo)",
        "bob agotó su tiempo: gana alice",
    ] {
        assert!(spanish.contains(expected), "{expected}: {spanish}");
    }
    let german = play("de");
    for expected in [
        "alice fordert @bob zu einer Partie Akron heraus (Partie #1)",
        "bob hat angenommen. Partie #1 beginnt",
        "alice (Schwarz) hat B2 gesetzt.",
        "@bob ist am Zug (Weiß).",
        "bob bietet Remis an.",
        "alice hat das Remis abgelehnt.",
        "du bist in Partie #1 gegen",
        "Schwarz gewinnt (bob hat die Zeit überschritten)",
        "bob hat die Zeit überschritten: alice gewinnt",
    ] {
        assert!(german.contains(expected), "{expected}: {german}");
    }
    for sentence in english_sentences {
        assert!(
            !spanish.contains(sentence),
            "English in Spanish: {sentence}: {spanish}"
        );
        assert!(
            !german.contains(sentence),
            "English in German: {sentence}: {german}"
        );
    }
}

/// Regression (issue 38, point 8): `as`, `in` and `mod` with nothing after them were
/// "'as' is not a command", and the list of commands left out the console's own.
#[test]
fn as_in_and_mod_with_no_name_say_what_to_write() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = session(
        dir.path(),
        &dir.path().join("boards"),
        b"as\nin\nmod\nmod maybe\nfrobnicate\n/akron-review replay #1 from:1\nreplay #1 from:1 to:2 speed:fast\n",
    );
    assert!(
        text.contains("! as needs a user name, as in: as bob"),
        "{text}"
    );
    assert!(
        text.contains("! in needs a channel name, as in: in lobby"),
        "{text}"
    );
    assert_eq!(
        text.matches("! mod needs on or off").count(),
        2,
        "neither `mod` alone nor `mod maybe` makes anyone a moderator: {text}"
    );
    assert!(
        text.contains("'frobnicate' is not a command")
            && text.contains("tournament, follow, unfollow, as, in, mod, wait, quit"),
        "the console's own commands are in the list: {text}"
    );
    assert!(!text.contains("'as' is not a command"), "{text}");
    // The Discord spelling, and the game first as the help shows it, both reach the game.
    assert!(!text.contains("-review"), "{text}");
    assert!(!text.contains("is not a replay option"), "{text}");
    assert_eq!(
        text.matches("! There is no game #1. games lists yours.")
            .count(),
        2,
        "{text}"
    );
    assert!(!text.contains(['\u{E000}', '\u{E001}']), "{text:?}");
}

/// Regression (issue 38, point 10): `wait 2d` on a one-day clock printed the timeout and none
/// of the reminders that fell due before it.
#[test]
fn wait_prints_every_reminder_that_falls_due_before_the_timeout_in_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = dir.path().join("clock");
    std::fs::write(&clock, "1772442000").expect("clock file");
    let clock = clock.to_string_lossy().into_owned();
    let text = session_with(
        dir.path(),
        &dir.path().join("boards"),
        b"challenge bob size:3 colour:black time:1d\nas bob\naccept\nas alice\nmove b2\nwait 2d\n",
        &[("AKRON_CLOCK_FILE", clock.as_str())],
    );
    let at = |what: &str| {
        text.find(what)
            .unwrap_or_else(|| panic!("no {what:?} in {text}"))
    };
    let moved = at("The clock moves forward 2d.");
    let half = at("12 h left (1 d per move)");
    let last_hour = at("1 h left (1 d per move)");
    let timeout = at("(bob ran out of time)");
    assert!(
        moved < half && half < last_hour && last_hour < timeout,
        "{text}"
    );
}
