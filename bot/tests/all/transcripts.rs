//! Whole console sessions as golden transcripts (issue 38): each scripted session's entire
//! output, in English, Spanish and German, is a committed file under `snapshots/`, so that
//! every change of wording shows in a diff and is read there, as a player reads it.
//!
//! The console runs on a clock that stands still at a fixed date between `wait`s (the file
//! clock, `AKRON_CLOCK_FILE`), so a transcript reads the same on every run; the only thing
//! replaced is the session's temporary folder, shown as `[DIR]`.
//!
//! A changed transcript fails the test and leaves the new text beside the old one
//! (`*.snap.new`); read the difference whole, in every language, then accept it with
//! `cargo insta review` (or `INSTA_UPDATE=always`) and commit the `.snap` files. Under CI
//! nothing is written and any difference fails.

use akron_rules::Move;
use std::path::Path;

/// Monday 2 March 2026, 09:00 UTC: the time every transcript starts at.
const START: i64 = 1_772_442_000;

/// Runs `script` in a fresh console on a fresh database, the server's language set to
/// `language` first (by a moderator), and returns everything it printed with the temporary
/// folder replaced by `[DIR]`.
fn transcript(language: &str, script: &str) -> String {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let clock = dir.path().join("clock");
    std::fs::write(&clock, START.to_string()).unwrap_or_else(|e| panic!("clock file: {e}"));
    let mut full = String::new();
    if language != "en" {
        full.push_str(&format!("mod on\nsettings language:{language}\nmod off\n"));
    }
    full.push_str(script);
    full.push_str("quit\n");
    let clock = clock.to_string_lossy().into_owned();
    let text = super::console::session_with(
        dir.path(),
        &dir.path().join("boards"),
        full.as_bytes(),
        &[("AKRON_CLOCK_FILE", clock.as_str()), ("TZ", "UTC")],
    );
    let shown = dir.path().to_string_lossy().into_owned();
    text.replace(&shown, "[DIR]")
}

/// Checks the transcript of `script` in each language against its committed snapshot
/// `NAME.LANGUAGE.snap`.
fn check(name: &str, script: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/all/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    for language in ["en", "es", "de"] {
        settings.set_description(format!("{name} ({language})"));
        settings.bind(|| {
            insta::assert_snapshot!(format!("{name}.{language}"), transcript(language, script));
        });
    }
}

/// The moves of a 3 × 3 game that Black wins by connection, as `as WHO` / `move M` lines;
/// after White's first move, a draw offered and declined and a takeback asked and refused.
fn winning_game(black: &str, white: &str) -> String {
    let moves: Vec<Move> =
        super::discord_e2e::winning_game_of(3).unwrap_or_else(|e| panic!("a winning game: {e}"));
    let mut script = String::new();
    for (ply, mv) in moves.iter().enumerate() {
        let who = if ply % 2 == 0 { black } else { white };
        script.push_str(&format!("as {who}\nmove {mv}\n"));
        if ply == 1 {
            script.push_str(&format!(
                "draw offer\nas {black}\ndraw decline\nas {white}\ntakeback request\n\
                 as {black}\ntakeback decline\nboard\n"
            ));
        }
    }
    script
}

/// A first game: the help and the rules, a challenge and its answer, the legal moves, a
/// mistaken move, a takeback, a draw offer declined, the game won by connection, then the
/// record, the history, the player's games and statistics.
#[test]
fn a_first_game() {
    let mut script = String::from(
        "as alice\nhelp\nrules\nchallenge bob size:3 colour:black rule:immediate\n\
         as bob\naccept\nas alice\nmoves\nmove z9\nmove a1 c3\n",
    );
    script.push_str(&winning_game("alice", "bob"));
    script.push_str("as alice\nhistory\ngames\nstats\nleaderboard\nexport\n");
    check("first_game", &script);
}

/// Correspondence: a one-day clock, a conditional move, a vacation that stops the clock of
/// the player to move (and the opponent's claim refused meanwhile), back again, then a
/// `wait` past the next deadline: its reminders, then the timeout.
#[test]
fn a_correspondence_game() {
    let script = "as alice\nchallenge bob size:4 colour:black time:1d\nas bob\naccept\n\
                  as alice\nmove b2\npremove a1 c3\nas bob\nmove a1\ngames\n\
                  wait 12h\nvacation on\nwait 3d\nas alice\nclaim\ngames\n\
                  as bob\nvacation off\nmove d4\nas alice\nwait 2d\nclaim\ngames\n";
    check("correspondence", script);
}

/// A five-player Swiss played to the end: a bye in the first rounds, a withdrawal in the
/// middle of a round, a game adjudicated by the organiser, games resigned, one lost on
/// time after its reminders, the standings and pairings asked for along the way.
#[test]
fn a_swiss_tournament() {
    let mut script = String::from(
        "in lobby\nas org\ntournament create Spring Cup format:swiss time:1d size:3\n",
    );
    for player in ["ana", "ben", "cleo", "dani", "eli"] {
        script.push_str(&format!("as {player}\ntournament join\n"));
    }
    script.push_str(
        "as org\ntournament start\n\
         in game-1\nas cleo\nresign\nin game-2\nas dani\nresign\n\
         in lobby\nas eli\ntournament leave\ntournament withdraw\n\
         as org\nin game-3\ntournament adjudicate #3 draw\n\
         in lobby\ntournament standings\ntournament pairings\n\
         in game-5\nas dani\nresign\nin game-6\nas ben\nresign\n\
         in game-8\nas cleo\nresign\nin game-7\nas ana\nmove b2\nwait 1d\n\
         in lobby\nas org\ntournament standings\n",
    );
    check("swiss", &script);
}

/// A four-player round robin played to the end: a game adjudicated by the organiser, who
/// does not play in it (a player of it may not), a withdrawal whose remaining games are
/// forfeits, the other games resigned.
#[test]
fn a_round_robin_tournament() {
    let mut script = String::from(
        "in lobby\nas org\ntournament create Club Round format:round-robin time:2d size:3\n",
    );
    for player in ["ana", "ben", "cleo", "dani"] {
        script.push_str(&format!("as {player}\ntournament join\n"));
    }
    script.push_str(
        "as org\ntournament start\nin game-1\nas dani\nresign\n\
         in lobby\nas ben\ntournament adjudicate #2 white\nas org\ntournament adjudicate #2 white\n\
         as dani\ntournament withdraw\nas org\ntournament pairings\n\
         in game-4\nas ana\nresign\nin game-5\nas cleo\nresign\n\
         in lobby\nas org\ntournament standings\ntournament pairings\n",
    );
    check("round_robin", &script);
}

/// Puzzles: one posted, a wrong and a right answer, the answer and the reveal, the daily
/// puzzle turned on, a position drawn from its code and analysed.
#[test]
fn puzzles() {
    let script = "as alice\npuzzle create 3:b:3,4:b2/3/b2 rule:immediate The left edge\n\
                  puzzle create 3:b:3,4:b2/3/b2 rule:immediate Again\n\
                  as bob\npuzzle solve #1 c2\npuzzle solve #1 a2\npuzzle answer #1\n\
                  as alice\npuzzle reveal #1\nmod on\npuzzle daily on\nmod off\n\
                  show 3:b:3,4:b2/3/b2\nanalyze 3:b:3,4:b2/3/b2 rule:immediate\n\
                  puzzle\npuzzle solve\n";
    check("puzzles", script);
}

/// A game against the AI: its moves answered at once, a few moves, then a resignation, and the
/// finished game analysed (a fixed playout budget: the same words on every run), then asked
/// again: the stored analysis. (A hint and the AI's judgement of a draw offer are searches
/// within a time budget, so their words change from run to run; the service's tests check
/// those.)
#[test]
fn a_game_against_the_ai() {
    let script = "as alice\nchallenge ai size:4 colour:black level:1\nmove b2\nmove c3\n\
                  board\nresign\ngames\nanalyze\nanalyze\n";
    check("ai", script);
}

/// Settings, and lines typed wrong: each refusal says what to write instead.
#[test]
fn settings_and_mistyped_lines() {
    let script = "as alice\nsettings\nsettings reminders:channel\nsettings view:perspective\n\
                  settings timezone:Europe/Madrid\nsettings timezone:Mars/Olympus\n\
                  settings reminders:dm thread-games:off\nsettings language:fr\n\
                  chalenge bob\nchallenge bob size:99\nchallenge opponent:\nmove\naccept #x\n\
                  vacation\nvacation maybe\npuzzle\nboard view:txt\nas\nin\nmod\n\
                  /akron-review replay\nreplay #1 from:2 to:5 speed:fast\nwait soon\nwait 2x\n\
                  tournament create Cup format:swiss rounds:99\n";
    check("settings", script);
}

/// A six-player single elimination of best-of-3 matches played to the winner: two byes for
/// the top seeds, a match level after three draws decided by its extra game, a withdrawal
/// during a match, a disqualification by the organiser, a final won 2–1; the bracket asked
/// for along the way.
#[test]
fn a_knockout_tournament() {
    let mut script = String::from(
        "in lobby\nas org\n\
         tournament create Winter Cup format:single best-of:3 draw:1 time:1d size:3\n",
    );
    for player in ["ana", "ben", "cleo", "dani", "eli", "fay"] {
        script.push_str(&format!("as {player}\ntournament join\n"));
    }
    script.push_str(
        "as org\ntournament start\n\
         in game-1\nas dani\nmove b2\nas eli\nmove a1\nas dani\ndraw offer\nas eli\ndraw accept\n\
         as eli\nmove b2\nas dani\nmove a1\nas eli\ndraw offer\nas dani\ndraw accept\n\
         as dani\nmove b2\nas eli\nmove a1\nas dani\ndraw offer\nas eli\ndraw accept\n\
         as dani\nresign\n\
         in lobby\nas fay\ntournament withdraw\n\
         as org\ntournament standings\n\
         in game-6\nas ana\nmove b2\nas eli\nmove a1\nas eli\nresign\nas eli\nresign\n\
         in game-7\nas ben\nmove b2\nas cleo\nmove a1\nas ben\nresign\n\
         in lobby\nas org\ntournament withdraw @cleo\n\
         in game-10\nas ana\nmove b2\nas ben\nmove a1\nas ana\nresign\n\
         as ben\nresign\nas ana\nmove b2\nas ben\nmove a1\nas ana\nresign\n\
         in lobby\nas org\ntournament standings\n",
    );
    check("knockout", &script);
}

/// A five-player double elimination played to the winner: byes in both brackets, a match
/// level after its game decided by the extra game, a withdrawal in the winners' bracket (which
/// drops nobody), a disqualification in the losers' bracket, the grand final won from the
/// losers' side and the bracket reset; the bracket asked for along the way.
#[test]
fn a_double_elimination_tournament() {
    let mut script = String::from(
        "in lobby\nas org\n\
         tournament create Spring Double format:double draw:1 time:1d size:3\n",
    );
    for player in ["ana", "ben", "cleo", "dani", "eli"] {
        script.push_str(&format!("as {player}\ntournament join\n"));
    }
    script.push_str(
        "as org\ntournament start\n\
         in game-1\nas dani\nmove b2\nas eli\nmove a1\nas dani\ndraw offer\nas eli\ndraw accept\n\
         as dani\nresign\n\
         in game-3\nas ana\nmove b2\nas eli\nmove a1\nas eli\nresign\n\
         in game-4\nas ben\nmove b2\n\
         in lobby\nas cleo\ntournament withdraw\n\
         as org\ntournament standings\n\
         in game-5\nas ana\nmove b2\nas ben\nmove a1\nas ana\nresign\n\
         in game-6\nas dani\nmove b2\n\
         in lobby\nas org\ntournament withdraw @dani\n\
         in game-7\nas ana\nmove b2\nas eli\nmove a1\nas eli\nresign\n\
         in game-8\nas ben\nmove b2\nas ana\nmove a1\nas ben\nresign\n\
         in game-9\nas ben\nmove b2\nas ana\nmove a1\nas ben\nresign\n\
         in lobby\nas org\ntournament standings\n",
    );
    check("double_elimination", &script);
}

/// Casual play (issue 43): a follower told each move and the result by direct message, a
/// rematch asked by one player and accepted by the other's own press, and an open challenge
/// with a rating range taken by the first, the second told it was taken.
#[test]
fn casual_play() {
    let script = "as alice\nchallenge bob size:3 colour:black\nas carol\nfollow #1\nas bob\naccept\n\
                  as alice\nmove B2\nas bob\nresign\nrematch\nrematch\nas alice\nrematch\n\
                  as carol\nfollow\nin lobby\nchallenge rating:-1600 size:4 colour:white\naccept\nas dan\n\
                  accept\nas erin\naccept #3\nfollow @dan\nfollow\nunfollow @dan\nunfollow #1\n";
    check("casual", script);
}

/// Learn from your mistakes (issue 44): a 3 × 3 game in which alice misses a win in one move
/// and resigns; before the analysis `puzzle mine` has nothing, after it alice's blunders are
/// her puzzles: a "find the best move" one answered with the blunder itself, then solved; the
/// forced win she missed, answered wrong, then solved; bob cannot see or answer hers.
#[test]
fn learn_from_your_mistakes() {
    let script = "as alice\nchallenge bob size:3 colour:black rule:immediate\nas bob\naccept\n\
                  as alice\nmove A3\nas bob\nmove A1\nas alice\nmove C2\nas bob\nmove A2\n\
                  as alice\nmove B1\nas bob\nmove B3\nas alice\nmove C3\nas bob\nmove B2\n\
                  as alice\nmove C3-C1\nas bob\nmove A1-B2'\nas alice\nmove C1-A1\nresign\n\
                  puzzle mine\nanalyze\npuzzle mine\npuzzle mine #1 C2\npuzzle mine #1 B2\n\
                  puzzle mine #4\npuzzle mine #4 C2-A1\npuzzle mine #4 B1-C3\n\
                  as bob\npuzzle mine #4\npuzzle mine #4 B1-C3\n";
    check("mine", script);
}
