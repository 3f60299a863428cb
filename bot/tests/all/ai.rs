//! Games against the AI, `hint`, `analyze` and puzzles, through the service, with tiny
//! search budgets (playouts, not time) so that every search is quick and deterministic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_ai::Level;
use akron_bot::ai_player;
use akron_bot::service::{
    AnalyzeRequest, Challenge, ColourChoice, Command, Config, GameId, ManualClock, PuzzleCommand,
    PuzzleId, Reply, Request, Service, Status, User,
};
use akron_rules::{Move, WinRule};
use common::{channel_id, user, Harness, T0};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Arc;

fn open(path: &Path, clock: &Arc<ManualClock>) -> Service {
    let mut config = Config::with_db(path);
    config.ai.playouts = Some(40);
    config.ai.searches = 1;
    Service::with_clock(config, clock.clone()).expect("opens")
}

fn harness() -> Harness {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = Arc::new(ManualClock::new(T0));
    let service = open(&dir.path().join("akron.db"), &clock);
    Harness {
        database: akron_service::testing::TestDatabase::Sqlite(dir),
        service,
        clock,
    }
}

fn reopen(h: &mut Harness) {
    h.service = open(&h.db_path(), &h.clock);
}

fn ai(level: u8) -> User {
    User::ai(Level::new(level).expect("a level"))
}

/// `who` starts a game against the AI in `channel` on a `size` board.
fn play_ai(h: &Harness, channel: &str, who: &str, size: u8, colour: ColourChoice) -> Reply {
    let mut challenge = Challenge::new(ai(2));
    challenge.size = Some(size);
    challenge.rule = Some(WinRule::Immediate);
    challenge.colour = Some(colour);
    let reply = h.send_in(channel, who, Command::Challenge(challenge));
    assert!(!reply.ephemeral, "{}", reply.text);
    reply
}

/// Delivers every console-less notice, returning their texts.
fn notices(h: &Harness, platform: &str) -> Vec<String> {
    let mut texts = Vec::new();
    for notice in h.service.due_notices(platform, 100).expect("reads") {
        texts.push(notice.reply.text.clone());
        h.service.notice_delivered(notice.id).expect("marks");
    }
    texts
}

#[test]
fn the_text_grammar_reads_the_ai_analyze_and_puzzles() {
    let parse = |line: &str| akron_bot::service::text::parse_command(line, |name| Some(user(name)));
    let Ok(Command::Challenge(c)) = parse("challenge ai level:5 size:6") else {
        panic!("parses");
    };
    assert_eq!(c.opponent, ai(5));
    assert_eq!(c.size, Some(6));
    assert!(parse("challenge bob level:5").is_err());
    assert!(parse("challenge ai level:9").is_err());
    assert_eq!(parse("hint"), Ok(Command::Hint));
    assert_eq!(
        parse("analyze #4 move:7"),
        Ok(Command::Analyze(AnalyzeRequest {
            game: Some(GameId(4)),
            ply: Some(7),
            ..AnalyzeRequest::default()
        }))
    );
    assert_eq!(
        parse("analyze 3:b:3,4:b2/3/b2 immediate"),
        Ok(Command::Analyze(AnalyzeRequest {
            code: Some("3:b:3,4:b2/3/b2".into()),
            rule: Some(WinRule::Immediate),
            ..AnalyzeRequest::default()
        }))
    );
    assert_eq!(
        parse("puzzle create 3:b:3,4:b2/3/b2 rule:immediate The left edge"),
        Ok(Command::Puzzle(PuzzleCommand::Create {
            code: "3:b:3,4:b2/3/b2".into(),
            rule: Some(WinRule::Immediate),
            title: "The left edge".into(),
            several: false,
        }))
    );
    assert_eq!(
        parse("puzzle solve #3 a2 b2"),
        Ok(Command::Puzzle(PuzzleCommand::Solve(
            PuzzleId(3),
            vec!["a2".into(), "b2".into()]
        )))
    );
    assert_eq!(
        parse("puzzle daily off"),
        Ok(Command::Puzzle(PuzzleCommand::Daily(false)))
    );
    assert!(parse("puzzle solve #3").is_err());
}

/// A whole game against the AI, the person playing seeded random moves, with the service
/// closed and opened again while the AI's move is pending.
#[test]
fn a_game_against_the_ai_is_played_to_the_end_across_a_restart() {
    let mut h = harness();
    let start = play_ai(&h, "main", "alice", 4, ColourChoice::Black);
    assert!(start.text.contains("Akron AI level 2"), "{}", start.text);
    assert!(
        start.mentions.iter().all(|u| !u.id.is_ai()),
        "the AI is never pinged"
    );
    assert!(
        h.service.ai_jobs(10).unwrap().is_empty(),
        "alice moves first"
    );
    let mut rng = SmallRng::seed_from_u64(7);
    let mut restarted = false;
    let mut ai_moves = 0;
    for _ in 0..200 {
        let Some(view) = h.service.channel_game(&channel_id("main")).unwrap() else {
            break;
        };
        if view.status != Status::Active || view.game.is_over() {
            break;
        }
        let mover = view.players.get(view.game.turn()).clone();
        assert_eq!(mover.name, "alice", "the AI never leaves its move pending");
        let moves: Vec<Move> = view.game.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        let reply = h.send("alice", Command::Move(mv.to_string()));
        assert!(!reply.ephemeral, "{mv}: {}", reply.text);
        if reply.text.contains("wins") {
            break;
        }
        let jobs = h.service.ai_jobs(10).unwrap();
        assert_eq!(jobs.len(), 1, "the AI is to move");
        if !restarted && view.game.moves().len() >= 2 {
            // The process dies with the AI's move pending (claimed by its worker); the new
            // one plays it once the dead one's claim has run out.
            reopen(&mut h);
            assert_eq!(
                ai_player::play_pending(&h.service).unwrap(),
                0,
                "still claimed"
            );
            h.clock.advance(akron_service::service::ai::AI_LEASE + 1);
            restarted = true;
        }
        assert_eq!(ai_player::play_pending(&h.service).unwrap(), 1);
        ai_moves += 1;
        assert!(h.service.ai_jobs(10).unwrap().is_empty());
        let told = notices(&h, "test");
        assert!(
            told.iter().any(|t| t.contains("Akron AI level 2")),
            "the AI's move is posted: {told:?}"
        );
    }
    assert!(restarted, "the game lasted long enough to restart");
    assert!(ai_moves >= 2);
    assert!(
        h.service
            .channel_game(&channel_id("main"))
            .unwrap()
            .is_none(),
        "the game is over"
    );
    // The game is over and nothing is left for the AI to do.
    assert!(h.service.ai_jobs(10).unwrap().is_empty());
    assert_eq!(ai_player::play_pending(&h.service).unwrap(), 0);
}

#[test]
fn the_ai_moves_first_as_black_and_takebacks_and_draws_are_answered_at_once() {
    let h = harness();
    let start = play_ai(&h, "main", "alice", 5, ColourChoice::White);
    assert!(start.text.contains("thinking"), "{}", start.text);
    let jobs = h.service.ai_jobs(10).unwrap();
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].level, Level::new(2).unwrap());
    assert_eq!(ai_player::play_pending(&h.service).unwrap(), 1);
    assert_eq!(h.view().game.moves().len(), 1);
    // A stale move (for an older version) is dropped.
    assert_eq!(
        h.service
            .ai_move(
                jobs[0].game,
                jobs[0].version,
                jobs[0].state.legal_moves()[0]
            )
            .unwrap(),
        akron_bot::service::AiMoved::Stale
    );
    let legal = h.view().game.legal_moves();
    let mine = legal.iter().find(|m| **m != Move::Swap).copied().unwrap();
    h.ok("alice", Command::Move(mine.to_string()));
    assert_eq!(ai_player::play_pending(&h.service).unwrap(), 1);
    assert_eq!(h.view().game.moves().len(), 3);
    let back = h.ok("alice", Command::Takeback(akron_bot::service::Offer::Offer));
    assert!(back.text.contains("Took back 2"), "{}", back.text);
    assert_eq!(h.view().game.moves().len(), 1);
    assert!(
        h.service.ai_jobs(10).unwrap().is_empty(),
        "alice is to move"
    );
    // A draw offered to the AI is judged by its search (issue 38 point 12): it accepts or
    // declines, saying how it rates its chances, and is never simply refused.
    let reply = h.send("alice", Command::Draw(akron_bot::service::Offer::Offer));
    assert!(
        reply.text.contains("rates its own winning chances"),
        "{}",
        reply.text
    );
}

#[test]
fn hints_are_for_games_against_the_ai_only() {
    let h = harness();
    h.start(5, None, WinRule::Delayed);
    let reply = h.refused("alice", Command::Hint);
    assert!(
        reply.text.contains("only for games against the AI"),
        "{}",
        reply.text
    );
    play_ai(&h, "side", "carol", 5, ColourChoice::Black);
    let hint = h.send_in("side", "carol", Command::Hint);
    assert!(hint.ephemeral, "a hint is private");
    assert!(hint.text.starts_with("Hint for game"), "{}", hint.text);
    assert!(hint.image.is_some());
    let refused = h.send_in("side", "dave", Command::Hint);
    assert!(
        refused.ephemeral && refused.text.contains("not playing"),
        "{}",
        refused.text
    );
}

#[test]
fn analysis_of_a_running_games_position_is_refused_to_everyone() {
    let h = harness();
    h.start(5, None, WinRule::Delayed);
    h.ok("alice", Command::Move("C3".into()));
    let code = h.view().game.position().code();
    for who in ["alice", "bob", "carol"] {
        let by_game = h.refused(
            who,
            Command::Analyze(AnalyzeRequest {
                game: Some(GameId(1)),
                ..AnalyzeRequest::default()
            }),
        );
        assert!(
            by_game.text.contains("still being played"),
            "{}",
            by_game.text
        );
        let by_code = h.refused(
            who,
            Command::Analyze(AnalyzeRequest {
                code: Some(code.clone()),
                ..AnalyzeRequest::default()
            }),
        );
        assert!(by_code.text.contains("game #1"), "{}", by_code.text);
    }
    // Any other position may be analysed.
    let other = h.ok(
        "carol",
        Command::Analyze(AnalyzeRequest {
            code: Some("3:b:3,4:b2/3/b2".into()),
            rule: Some(WinRule::Immediate),
            ..AnalyzeRequest::default()
        }),
    );
    assert!(other.text.contains("best move is **A2**"), "{}", other.text);
    assert!(other.text.contains("wins by force"), "{}", other.text);
    assert!(other.image.is_some());
    // Once the game is over it is open to all: the whole game is queued for analysis (issue
    // 44), and one position of it is analysed at once with `move:N`.
    h.ok("bob", Command::Resign);
    let whole = h.ok(
        "carol",
        Command::Analyze(AnalyzeRequest {
            game: Some(GameId(1)),
            ..AnalyzeRequest::default()
        }),
    );
    assert!(whole.text.contains("queued for analysis"), "{}", whole.text);
    let after = h.ok(
        "carol",
        Command::Analyze(AnalyzeRequest {
            game: Some(GameId(1)),
            ply: Some(1),
            ..AnalyzeRequest::default()
        }),
    );
    // Regression (issue 26): it said only "Game #1 after 1 move", and the picture "alice
    // to move", as if the game went on; now the text says how it ended.
    assert!(
        after
            .text
            .contains("Game #1 (Black (alice) won by resignation) after 1 move"),
        "{}",
        after.text
    );
}

fn puzzle(h: &Harness, who: &str, command: PuzzleCommand) -> Reply {
    h.send(who, Command::Puzzle(command))
}

#[test]
fn puzzles_are_proven_solved_privately_and_answered_after_a_day() {
    let h = harness();
    let create = |code: &str, several: bool| PuzzleCommand::Create {
        code: code.into(),
        rule: Some(WinRule::Immediate),
        title: "Left edge".into(),
        several,
    };
    let none = puzzle(&h, "alice", create("3:b:0,4:3/3/3", false));
    assert!(
        none.ephemeral && none.text.contains("no forced win"),
        "{}",
        none.text
    );
    let two = puzzle(&h, "alice", create("3:b:3,4:b1b/3/b1b", false));
    assert!(two.ephemeral, "{}", two.text);
    assert!(
        two.text.contains("A2") && two.text.contains("C2"),
        "{}",
        two.text
    );
    let marked = puzzle(&h, "alice", create("3:b:3,4:b1b/3/b1b", true));
    assert!(marked.text.contains("several solutions"), "{}", marked.text);
    let posted = puzzle(&h, "alice", create("3:b:3,4:b2/3/b2", false));
    assert!(!posted.ephemeral, "{}", posted.text);
    assert!(posted.text.contains("**Puzzle #2**"), "{}", posted.text);
    assert!(posted.text.contains("win in 1 move"), "{}", posted.text);
    assert!(posted.image.is_some());
    assert!(posted
        .thread
        .as_deref()
        .is_some_and(|t| t.contains("puzzle #2")));
    let id = PuzzleId(2);
    let wrong = puzzle(&h, "bob", PuzzleCommand::Solve(id, vec!["B2".into()]));
    assert!(
        wrong.ephemeral && wrong.text.starts_with("Not quite"),
        "{}",
        wrong.text
    );
    let right = puzzle(&h, "bob", PuzzleCommand::Solve(id, vec!["a2".into()]));
    assert!(
        right.ephemeral && right.text.starts_with("Correct"),
        "{}",
        right.text
    );
    assert!(right.text.contains("solver number 1"), "{}", right.text);
    // The other winning first move of the marked puzzle counts too.
    let other = puzzle(
        &h,
        "bob",
        PuzzleCommand::Solve(PuzzleId(1), vec!["C2".into()]),
    );
    assert!(other.text.starts_with("Correct"), "{}", other.text);
    let early = puzzle(&h, "carol", PuzzleCommand::Answer(id));
    assert!(
        early.ephemeral && early.text.contains("opens in about 24 hours"),
        "{}",
        early.text
    );
    let not_yours = puzzle(&h, "carol", PuzzleCommand::Reveal(id));
    assert!(not_yours.ephemeral, "{}", not_yours.text);
    h.clock.advance(24 * 3600);
    let answer = puzzle(&h, "carol", PuzzleCommand::Answer(id));
    assert!(!answer.ephemeral, "{}", answer.text);
    assert!(
        answer.text.contains("A2") && answer.text.contains("bob"),
        "{}",
        answer.text
    );
    // The poster may reveal earlier. (The same position is posted once per server, or per
    // channel outside servers: this one goes to another channel.)
    let fresh = h.send_in(
        "other",
        "alice",
        Command::Puzzle(create("3:b:3,4:b2/3/b2", false)),
    );
    assert!(fresh.text.contains("**Puzzle #3**"), "{}", fresh.text);
    let revealed = puzzle(&h, "alice", PuzzleCommand::Reveal(PuzzleId(3)));
    assert!(
        !revealed.ephemeral && revealed.text.contains("A2"),
        "{}",
        revealed.text
    );
    assert!(!puzzle(&h, "carol", PuzzleCommand::Answer(PuzzleId(3))).ephemeral);
}

/// Regression (issue 26): a puzzle title of any length was taken (and silently cut).
#[test]
fn an_absurdly_long_puzzle_title_is_refused() {
    let h = harness();
    let refused = puzzle(
        &h,
        "alice",
        PuzzleCommand::Create {
            code: "3:b:3,4:b2/3/b2".into(),
            rule: Some(WinRule::Immediate),
            title: "Left edge ".repeat(2_000),
            several: false,
        },
    );
    assert!(
        refused.ephemeral && refused.text.contains("at most 80 characters"),
        "{}",
        refused.text
    );
    let posted = puzzle(
        &h,
        "alice",
        PuzzleCommand::Create {
            code: "3:b:3,4:b2/3/b2".into(),
            rule: Some(WinRule::Immediate),
            title: "Left edge".into(),
            several: false,
        },
    );
    assert!(
        posted.text.contains("**Puzzle #1**"),
        "nothing was stored before"
    );
}

#[test]
fn a_daily_puzzle_comes_once_a_day_and_never_twice() {
    let h = harness();
    let mut on = Request::new(
        user("mod"),
        channel_id("main"),
        Command::Puzzle(PuzzleCommand::Daily(true)),
    );
    assert!(
        h.send("alice", on.command.clone()).ephemeral,
        "moderators only"
    );
    on.is_moderator = true;
    assert!(!h.service.handle(&on).ephemeral);
    let mut codes = Vec::new();
    for day in 0..3 {
        h.service.tick(h.service.now()).unwrap();
        let posted = h.service.due_notices("test", 10).unwrap();
        assert_eq!(posted.len(), 1, "day {day}");
        let text = &posted[0].reply.text;
        assert!(text.contains("Daily puzzle"), "{text}");
        assert!(posted[0].reply.image.is_some(), "the board is drawn");
        codes.push(text.lines().last().unwrap_or_default().to_string());
        h.service.notice_delivered(posted[0].id).unwrap();
        // Nothing more the same day.
        h.service.tick(h.service.now() + 3600).unwrap();
        assert!(h.service.due_notices("test", 10).unwrap().is_empty());
        h.clock.advance(24 * 3600);
    }
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 3, "three different puzzles");
    // After three days down, one puzzle, not three.
    h.clock.advance(3 * 24 * 3600);
    h.service.tick(h.service.now()).unwrap();
    h.service.tick(h.service.now() + 60).unwrap();
    assert_eq!(h.service.due_notices("test", 10).unwrap().len(), 1);
    for notice in h.service.due_notices("test", 10).unwrap() {
        h.service.notice_delivered(notice.id).unwrap();
    }
    let mut off = on.clone();
    off.command = Command::Puzzle(PuzzleCommand::Daily(false));
    assert!(!h.service.handle(&off).ephemeral);
    h.clock.advance(24 * 3600);
    h.service.tick(h.service.now()).unwrap();
    assert!(h.service.due_notices("test", 10).unwrap().is_empty());
}

/// The console plays the AI's answer right after the person's move, with no waiting.
#[test]
fn the_console_shows_the_ais_reply_after_each_move() {
    let h = harness();
    let out = h.db_path().with_file_name("boards");
    // The AI's opening is seeded (B2 with the current engine); C3 stays free after it.
    let script = "challenge ai level:1 size:4 colour:white\nmove C3\npuzzle answer #1\nquit\n";
    let mut printed = Vec::new();
    akron_bot::console::Console::new(&h.service, &out)
        .run(script.as_bytes(), &mut printed)
        .unwrap();
    let text = String::from_utf8(printed).unwrap();
    let ai_moves = text.matches("Akron AI level 1 (Black) placed").count()
        + text.matches("Akron AI level 1 (Black) stepped").count();
    assert_eq!(ai_moves, 2, "the opening and the answer to C3: {text}");
    assert!(text.contains("alice (White) placed C3"), "{text}");
    assert!(
        text.contains("There is no puzzle #1"),
        "a puzzle number, not a game: {text}"
    );
}

/// Regression (issue 39): the board after a human's move, with the AI to move, offered Swap
/// and Offer draw (🔄 and 🤝 on Matrix); only Resign is the human's to press then. On the
/// human's turn the board offers them again.
#[test]
fn a_board_with_the_ai_to_move_offers_only_resign() {
    let h = harness();
    play_ai(&h, "main", "alice", 5, ColourChoice::Black);
    let board = h.ok("alice", Command::Move("C3".into()));
    let actions: Vec<&str> = board
        .buttons
        .iter()
        .filter_map(|b| b.id.split(':').nth(1))
        .collect();
    assert_eq!(actions, ["resign"], "{:?}", board.buttons);
    assert_eq!(ai_player::play_pending(&h.service).unwrap(), 1);
    let mine = h.ok("alice", Command::Board(None));
    let actions: Vec<&str> = mine
        .buttons
        .iter()
        .filter_map(|b| b.id.split(':').nth(1))
        .collect();
    assert_eq!(actions, ["draw-offer", "resign"], "{:?}", mine.buttons);
}
