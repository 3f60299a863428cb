//! A tour of the commands that look, the correspondence commands, puzzles, hints, analysis
//! and ratings (issue 31): each of their replies and refusals, on a server whose moderator
//! chose a language, for the language tests (every reply in that language) and the
//! pseudo-language test (every letter from the catalogue).

use super::{channel_id, user, Harness};
use crate::model::{GameId, PuzzleId, ServerId};
use crate::service::{
    AnalyzeRequest, Challenge, ColourChoice, Command, PuzzleCommand, ReplayRequest, Reply, Request,
    Setting, TimeControl, User,
};
use akron_ai::Level;
use akron_rules::WinRule;

/// What a reply must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Seen by the channel.
    Public,
    /// Seen by the caller only, not a refusal (a hint, a queue, a solved puzzle).
    Private,
    /// A refusal.
    Refused,
}

/// One reply of the tour: what was asked and the reply.
pub struct Stop {
    pub what: String,
    pub reply: Reply,
}

struct Tour<'a> {
    h: &'a Harness,
    stops: Vec<Stop>,
}

const DAY: i64 = 86_400;

impl Tour<'_> {
    /// `who` sends `command` in `channel` of the server; the reply must be of `kind`.
    fn send(
        &mut self,
        what: &str,
        who: &str,
        channel: &str,
        command: Command,
        kind: Kind,
    ) -> Reply {
        let reply = self.quiet(who, channel, command);
        let got = match (reply.ephemeral, reply.refused) {
            (false, _) => Kind::Public,
            (true, false) => Kind::Private,
            (true, true) => Kind::Refused,
        };
        assert_eq!(got, kind, "{what}: {}", reply.text);
        assert!(!reply.text.is_empty(), "{what}: no text");
        self.stops.push(Stop {
            what: what.to_string(),
            reply: reply.clone(),
        });
        reply
    }

    /// `who` sends `command`; the reply is not part of the tour (another helper's words).
    fn quiet(&self, who: &str, channel: &str, command: Command) -> Reply {
        let mut request = Request::new(user(who), channel_id(channel), command);
        request.server = Some(ServerId("test:tour".to_string()));
        request.is_moderator = who == "mod";
        self.h.service.handle(&request)
    }

    fn puzzle(&mut self, what: &str, who: &str, command: PuzzleCommand, kind: Kind) -> Reply {
        self.send(what, who, "puzzles", Command::Puzzle(command), kind)
    }

    /// Delivers the notices due and adds them to the tour.
    fn deliver(&mut self, what: &str) {
        let service = &self.h.service;
        service.tick(service.now()).expect("ticks");
        for notice in service.due_notices("test", 100).expect("reads the outbox") {
            self.stops.push(Stop {
                what: what.to_string(),
                reply: notice.reply.clone(),
            });
            service
                .notice_delivered(notice.id)
                .expect("marks it delivered");
        }
    }
}

/// The tour on a server speaking `language` (`en`, `es`, `de`): every reply, in order.
///
/// # Panics
///
/// When a reply is not of the kind expected (a refusal where an answer was due, or the
/// other way round).
#[must_use]
pub fn tour(h: &Harness, language: &str) -> Vec<Stop> {
    use Kind::{Private, Public, Refused};
    let mut t = Tour {
        h,
        stops: Vec::new(),
    };
    let chosen = t.quiet(
        "mod",
        "lobby",
        Command::Settings(Some(Setting::Language(language.into()))),
    );
    assert!(!chosen.refused, "{}", chosen.text);

    // Before any game.
    t.send("rules", "carol", "lobby", Command::Rules, Public);
    t.send("no games", "alice", "lobby", Command::Games, Refused);
    t.send(
        "empty leaderboard",
        "alice",
        "lobby",
        Command::Leaderboard,
        Public,
    );
    t.send("no rating", "alice", "lobby", Command::Stats(None), Public);
    let show = |text: &str| Command::Show(text.to_string(), None);
    t.send(
        "show a code",
        "carol",
        "lobby",
        show("5:b:12,12:5/5/5/5/5"),
        Public,
    );
    t.send(
        "show a span",
        "carol",
        "lobby",
        show("3:w:3,4:b2/b2/b2"),
        Public,
    );
    t.send(
        "show a bad code",
        "carol",
        "lobby",
        show("5:x:12,12:5/5/5/5/5"),
        Refused,
    );
    t.send("show a short code", "carol", "lobby", show("3:b"), Refused);
    t.send(
        "show too much",
        "carol",
        "lobby",
        show(&"5".repeat(70_000)),
        Refused,
    );
    for (what, record) in [
        ("a record's bad move", "[Size \"5\"]\n1. Q99"),
        ("a record's illegal move", "[Size \"5\"]\n1. C3 2. C3"),
        ("a record's bad tag", "[Size \"x\"]\n1. C3"),
        ("a record's bad header", "[Size 5\n1. C3"),
        ("a record's bad point", "1. C3 2. D03"),
    ] {
        t.send(what, "carol", "lobby", show(record), Refused);
    }

    // Puzzles.
    let create = |code: &str, title: &str, several: bool| PuzzleCommand::Create {
        code: code.into(),
        rule: Some(WinRule::Immediate),
        title: title.into(),
        several,
    };
    let solve = |moves: &[&str]| {
        PuzzleCommand::Solve(PuzzleId(1), moves.iter().map(ToString::to_string).collect())
    };
    t.puzzle(
        "puzzle bad code",
        "alice",
        create("3:b", "", false),
        Refused,
    );
    t.puzzle(
        "puzzle no win",
        "alice",
        create("3:b:0,4:3/3/3", "", false),
        Refused,
    );
    t.puzzle(
        "puzzle several",
        "alice",
        create("3:b:3,4:b1b/3/b1b", "", false),
        Refused,
    );
    t.puzzle(
        "puzzle title",
        "alice",
        create("3:b:3,4:b2/3/b2", &"x".repeat(90), false),
        Refused,
    );
    t.puzzle(
        "puzzle",
        "alice",
        create("3:b:3,4:b2/3/b2", "Left edge", false),
        Public,
    );
    t.puzzle("solve not a move", "bob", solve(&["zz"]), Refused);
    t.puzzle("solve nothing", "bob", solve(&[]), Refused);
    t.puzzle("solve illegal", "bob", solve(&["A3"]), Refused);
    t.puzzle("solve too long", "bob", solve(&["A2", "B2"]), Refused);
    t.puzzle("solve wrong", "bob", solve(&["B2"]), Private);
    t.puzzle("solve right", "bob", solve(&["A2"]), Private);
    t.puzzle("solve again", "bob", solve(&["A2"]), Private);
    t.puzzle("solve own", "alice", solve(&["A2"]), Private);
    t.puzzle(
        "answer early",
        "carol",
        PuzzleCommand::Answer(PuzzleId(1)),
        Refused,
    );
    t.puzzle(
        "answer own early",
        "alice",
        PuzzleCommand::Answer(PuzzleId(1)),
        Refused,
    );
    t.puzzle(
        "answer none",
        "carol",
        PuzzleCommand::Answer(PuzzleId(9)),
        Refused,
    );
    t.puzzle(
        "reveal not yours",
        "carol",
        PuzzleCommand::Reveal(PuzzleId(1)),
        Refused,
    );
    t.puzzle(
        "reveal",
        "alice",
        PuzzleCommand::Reveal(PuzzleId(1)),
        Public,
    );
    t.puzzle(
        "daily not moderator",
        "alice",
        PuzzleCommand::Daily(true),
        Refused,
    );
    t.puzzle("daily on", "mod", PuzzleCommand::Daily(true), Public);
    t.deliver("daily puzzle");
    t.puzzle("daily again", "mod", PuzzleCommand::Daily(true), Public);
    t.puzzle("daily off", "mod", PuzzleCommand::Daily(false), Public);
    t.puzzle("daily none", "mod", PuzzleCommand::Daily(false), Public);

    // A correspondence game: its challenge, premoves, vacations, the moves listed.
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = Some(TimeControl::PerMove(DAY));
    assert!(
        !t.quiet("alice", "corr", Command::Challenge(challenge.clone()))
            .ephemeral
    );
    t.send(
        "challenge twice",
        "alice",
        "corr",
        Command::Challenge(challenge),
        Refused,
    );
    t.send(
        "history of a challenge",
        "carol",
        "corr",
        Command::History,
        Public,
    );
    t.send(
        "games: challenge sent",
        "alice",
        "lobby",
        Command::Games,
        Public,
    );
    t.send(
        "games: challenge received",
        "bob",
        "lobby",
        Command::Games,
        Public,
    );
    t.send(
        "premove before start",
        "alice",
        "corr",
        Command::Premove(String::new()),
        Refused,
    );
    assert!(!t.quiet("bob", "corr", Command::Accept).ephemeral);
    let premove = |text: &str| Command::Premove(text.to_string());
    t.send("premove none", "alice", "corr", premove(""), Private);
    t.send(
        "premove on your move",
        "alice",
        "corr",
        premove("C3 B2"),
        Refused,
    );
    t.send("moves", "alice", "corr", Command::Moves(None), Public);
    assert!(
        !t.quiet("alice", "corr", Command::Move("C3".into()))
            .ephemeral
    );
    t.send(
        "moves bad point",
        "bob",
        "corr",
        Command::Moves(Some("zz".into())),
        Refused,
    );
    t.send(
        "moves off board",
        "bob",
        "corr",
        Command::Moves(Some("F1'".into())),
        Refused,
    );
    t.send(
        "moves empty point",
        "bob",
        "corr",
        Command::Moves(Some("B2".into())),
        Refused,
    );
    for (what, text) in [
        ("premove not a pair", "B2"),
        ("premove not a move", "zz C4"),
        ("premove off the board", "Z9 C4"),
        ("premove theirs illegal", "C3 B4"),
        ("premove mine illegal", "B2 B2"),
        ("premove twice", "B2 C4, B2 D4"),
    ] {
        t.send(what, "alice", "corr", premove(text), Refused);
    }
    t.send(
        "premove queued",
        "alice",
        "corr",
        premove("B2 C4, B3 D4"),
        Private,
    );
    t.send("premove shown", "alice", "corr", premove(""), Private);
    t.send("premove one", "alice", "corr", premove("B2 C4"), Private);
    t.send(
        "premove cleared",
        "alice",
        "corr",
        premove("clear"),
        Private,
    );
    t.send(
        "vacation on",
        "alice",
        "lobby",
        Command::Vacation(true),
        Private,
    );
    t.send(
        "vacation twice",
        "alice",
        "lobby",
        Command::Vacation(true),
        Refused,
    );
    t.send(
        "vacation off",
        "alice",
        "lobby",
        Command::Vacation(false),
        Private,
    );
    t.send(
        "vacation not on",
        "alice",
        "lobby",
        Command::Vacation(false),
        Refused,
    );
    assert!(!t.quiet("bob", "corr", Command::Move("B2".into())).ephemeral);
    h.clock.advance(2 * 3600);
    t.send(
        "moves of a lone piece",
        "alice",
        "corr",
        Command::Moves(Some("C3".into())),
        Refused,
    );
    for (who, mv) in [("alice", "D3"), ("bob", "B3"), ("alice", "D4")] {
        assert!(!t.quiet(who, "corr", Command::Move(mv.into())).ephemeral);
    }
    t.send(
        "moves of a piece",
        "bob",
        "corr",
        Command::Moves(Some("B2".into())),
        Public,
    );
    t.send("history", "carol", "corr", Command::History, Public);
    t.send("games: your move", "alice", "lobby", Command::Games, Public);
    t.send("games: their move", "bob", "lobby", Command::Games, Public);
    t.send(
        "hint against a person",
        "alice",
        "corr",
        Command::Hint,
        Refused,
    );
    let analyze = |game: Option<i64>, code: Option<String>, ply: Option<usize>| {
        Command::Analyze(AnalyzeRequest {
            code,
            rule: None,
            game: game.map(GameId),
            ply,
        })
    };
    t.send(
        "analyze a running game",
        "carol",
        "corr",
        analyze(None, None, None),
        Refused,
    );
    let running = h.view_in("corr").game.position().code();
    t.send(
        "analyze a running position",
        "carol",
        "lobby",
        analyze(None, Some(running), None),
        Refused,
    );
    t.send(
        "analyze a bad code",
        "carol",
        "lobby",
        analyze(None, Some("5:b".into()), None),
        Refused,
    );
    t.send(
        "replay a running game",
        "carol",
        "corr",
        Command::Replay(ReplayRequest::default()),
        Public,
    );
    let far = ReplayRequest {
        from: Some(9),
        ..ReplayRequest::default()
    };
    t.send(
        "replay out of range",
        "carol",
        "corr",
        Command::Replay(far),
        Refused,
    );
    assert!(!t.quiet("bob", "corr", Command::Resign).ephemeral);

    // The game over: analysis, its record shown and replayed, ratings.
    t.send(
        "premove after the end",
        "alice",
        "corr",
        premove("B2 C4"),
        Refused,
    );
    t.send(
        "analyze the whole game",
        "carol",
        "corr",
        analyze(None, None, None),
        Public,
    );
    t.send(
        "analyze after a move",
        "carol",
        "corr",
        analyze(None, None, Some(1)),
        Public,
    );
    crate::ai_player::analyse_pending(&h.service).expect("the analysis runs");
    t.send(
        "analyze the whole game again: the stored analysis",
        "carol",
        "corr",
        analyze(None, None, None),
        Public,
    );
    t.send(
        "analyze too far",
        "carol",
        "corr",
        analyze(None, None, Some(99)),
        Refused,
    );
    let export = t.quiet("carol", "corr", Command::Export);
    let record = export
        .attachment
        .map(|a| String::from_utf8_lossy(&a.content).into_owned())
        .expect("the export attaches the record");
    t.send("show a record", "carol", "lobby", show(&record), Public);
    let replay = |record: &str| {
        Command::Replay(ReplayRequest {
            record: Some(record.to_string()),
            ..ReplayRequest::default()
        })
    };
    t.send("replay a record", "carol", "lobby", replay(&record), Public);
    t.send(
        "replay no moves",
        "carol",
        "lobby",
        replay("[Size \"5\"]\n"),
        Refused,
    );
    t.send(
        "replay a bad record",
        "carol",
        "lobby",
        replay("[Size \"5\"]\n1. C3 2. C3"),
        Refused,
    );
    t.send(
        "replay",
        "carol",
        "corr",
        Command::Replay(ReplayRequest::default()),
        Public,
    );
    t.send(
        "stats",
        "carol",
        "lobby",
        Command::Stats(Some(user("alice"))),
        Public,
    );
    t.send(
        "leaderboard",
        "carol",
        "lobby",
        Command::Leaderboard,
        Public,
    );
    t.send("games: finished", "alice", "lobby", Command::Games, Public);
    t.send(
        "history of a finished game",
        "carol",
        "corr",
        Command::History,
        Public,
    );

    // A game against the AI: a hint, and no premoves.
    let mut against_ai = Challenge::new(User::ai(Level::new(1).expect("a level")));
    against_ai.size = Some(5);
    against_ai.colour = Some(ColourChoice::Black);
    let mut rated = against_ai.clone();
    rated.rated = Some(true);
    t.send(
        "a rated AI game",
        "dave",
        "ai",
        Command::Challenge(rated),
        Refused,
    );
    let mut timed = against_ai.clone();
    timed.time = Some(TimeControl::PerMove(DAY));
    t.send(
        "an AI game with a clock",
        "dave",
        "ai",
        Command::Challenge(timed),
        Refused,
    );
    t.send(
        "challenge the AI",
        "dave",
        "ai",
        Command::Challenge(against_ai.clone()),
        Public,
    );
    t.send(
        "the AI in a thread of a busy channel",
        "erin",
        "ai",
        Command::Challenge(against_ai),
        Public,
    );
    t.send("hint", "dave", "ai", Command::Hint, Private);
    t.send(
        "premove against the AI",
        "dave",
        "ai",
        premove("B2 C4"),
        Refused,
    );
    t.stops
}
