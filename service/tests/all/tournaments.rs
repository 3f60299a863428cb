//! Ratings and tournaments through the service, with the injected clock: rated and unrated
//! games, an 8-player Swiss and a 5-player round robin played to the end with timeouts and a
//! withdrawal, their standings checked against values worked out by hand.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db::Db;
use akron_service::params;
use akron_service::service::{
    Challenge, ColourChoice, Command, GameId, Notice, Offer, Reply, Request, ServerRole, Setting,
    TimeControl, TournamentAction, TournamentFormat, TournamentOptions, Verdict,
};
use common::{channel_id, user, Harness};

const DAY: i64 = 86_400;

fn db(h: &Harness) -> Db {
    h.open_db().unwrap()
}

/// Settles what is due and delivers every notice, opening the threads notices ask for:
/// both players are mentioned in each.
fn deliver(h: &Harness) -> Vec<Notice> {
    h.deliver_checking(|posted| {
        assert_eq!(posted.mentions.len(), 2, "both players are mentioned");
    })
}

/// The PNG a reply carries: it decodes, and `AKRON_TABLE_OUT=DIR` keeps it as `DIR/NAME`
/// for a person to look at. Returns its width and height.
fn table_image(reply: &Reply, name: &str) -> (u32, u32) {
    let png = reply.image.as_ref().expect("a table image");
    if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
    let decoded = image::load_from_memory(png).expect("a PNG");
    (decoded.width(), decoded.height())
}

/// A tournament command in `lobby`; `org` is a moderator.
fn tournament(h: &Harness, who: &str, action: TournamentAction) -> Reply {
    let mut request = Request::new(user(who), channel_id("lobby"), Command::Tournament(action));
    request.is_moderator = who == "org";
    h.service.handle(&request)
}

fn in_game(h: &Harness, game: i64, who: &str, command: Command) -> Reply {
    let reply = h.send_in(&format!("game-{game}"), who, command.clone());
    assert!(
        !reply.ephemeral,
        "{who} {command:?} in game {game}: {}",
        reply.text
    );
    reply
}

/// The unfinished games of a round: (game, first player's number, second player's number).
fn open_games(h: &Harness, round: u32) -> Vec<(i64, u32, u32)> {
    db(h)
        .read(|tx| {
            tx.query(
                "SELECT game_id, first, second FROM tournament_pairings WHERE round = ?1 \
                 AND game_id IS NOT NULL AND result IS NULL ORDER BY board",
                params![round],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
        })
        .unwrap()
}

/// Every pairing as `round:first-second=result`, byes as `round:bye=first`.
fn pairings(h: &Harness) -> Vec<String> {
    let db = db(h);
    db.read(|tx| {
        tx.query(
            "SELECT round, board, first, second, result FROM tournament_pairings \
             ORDER BY round, board",
            params![],
            |r| {
                let round: u32 = r.get(0)?;
                let board: u32 = r.get(1)?;
                let first: u32 = r.get(2)?;
                let second: Option<u32> = r.get(3)?;
                let result: Option<String> = r.get(4)?;
                Ok(if board == 0 {
                    format!("{round}:bye={first}")
                } else {
                    format!(
                        "{round}:{first}-{}={}",
                        second.unwrap_or(0),
                        result.unwrap_or_else(|| "-".to_string())
                    )
                })
            },
        )
    })
    .unwrap()
}

/// Plays a few opening placements so that both players have moved.
fn open_up(h: &Harness, game: i64, first: &str, second: &str) {
    in_game(h, game, first, Command::Move("C3".into()));
    in_game(h, game, second, Command::Move("B2".into()));
}

fn name(player: u32) -> String {
    format!("p{player}")
}

/// Creates a tournament in `lobby` and lets p1..pN join in order (the sign-up's numbers).
fn sign_up(h: &Harness, options: TournamentOptions, players: u32) {
    let created = tournament(h, "org", TournamentAction::Create(options));
    assert!(!created.ephemeral, "{}", created.text);
    assert_eq!(created.buttons.len(), 2, "Join and Leave");
    for player in 1..=players {
        let joined = tournament(h, &name(player), TournamentAction::Join);
        assert!(
            joined.replaces_pressed && !joined.ephemeral,
            "{}",
            joined.text
        );
        assert!(
            joined.text.contains(&format!("Entrants ({player})")),
            "{}",
            joined.text
        );
    }
    let twice = tournament(h, "p1", TournamentAction::Join);
    assert!(twice.ephemeral, "joining twice is refused");
}

/// Decides one game as the test's rule says: the lower-numbered player wins by the
/// opponent's resignation after both moved, except the draws listed.
fn play_out(h: &Harness, round: u32, draws: &[(u32, u32)]) {
    for (game, first, second) in open_games(h, round) {
        open_up(h, game, &name(first), &name(second));
        if draws.contains(&(first.min(second), first.max(second))) {
            in_game(h, game, &name(first), Command::Draw(Offer::Offer));
            in_game(h, game, &name(second), Command::Draw(Offer::Accept));
        } else {
            let loser = first.max(second);
            in_game(h, game, &name(loser), Command::Resign);
        }
    }
}

/// A request in `lobby` of the server `test:guild`, by `who` with these roles.
fn on_server(who: &str, roles: &[&str], command: Command) -> Request {
    let mut request = Request::new(user(who), channel_id("lobby"), command);
    request.platform = akron_service::model::Platform {
        id: "test",
        roles: true,
        anyone_organises: false,
    };
    request.server = Some(akron_service::service::ServerId("test:guild".to_string()));
    request.roles = roles.iter().map(ToString::to_string).collect();
    request.is_moderator = who == "mod";
    request
}

#[test]
fn members_of_the_tournament_role_create_and_run_tournaments() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let create = || {
        Command::Tournament(TournamentAction::Create(TournamentOptions::new(
            "Role Cup",
            TournamentFormat::RoundRobin,
        )))
    };
    let refused = h.service.handle(&on_server("ann", &["42"], create()));
    assert!(
        refused.ephemeral && refused.text.contains("Only moderators"),
        "{}",
        refused.text
    );
    // Only a moderator names the role.
    let role = Setting::TournamentRole(Some(ServerRole {
        id: "42".to_string(),
        name: "Organisers".to_string(),
    }));
    let not_yours = h.service.handle(&on_server(
        "ann",
        &["42"],
        Command::Settings(Some(role.clone())),
    ));
    assert!(not_yours.ephemeral, "{}", not_yours.text);
    let named = h
        .service
        .handle(&on_server("mod", &[], Command::Settings(Some(role))));
    assert!(
        named.text.contains("members of **@Organisers**"),
        "{}",
        named.text
    );
    // Another role is not enough; the named one is.
    let other = h.service.handle(&on_server("bea", &["7"], create()));
    assert!(other.ephemeral, "{}", other.text);
    let created = h.service.handle(&on_server("ann", &["7", "42"], create()));
    assert!(!created.ephemeral, "{}", created.text);
    for who in ["p1", "p2"] {
        let joined = h.service.handle(&on_server(
            who,
            &[],
            Command::Tournament(TournamentAction::Join),
        ));
        assert!(!joined.ephemeral, "{}", joined.text);
    }
    // A role member runs another member's tournament; a player without the role cannot.
    let start = || Command::Tournament(TournamentAction::Start);
    let not_theirs = h.service.handle(&on_server("p1", &[], start()));
    assert!(not_theirs.ephemeral, "{}", not_theirs.text);
    let started = h.service.handle(&on_server("cid", &["42"], start()));
    assert!(started.text.contains("2 players"), "{}", started.text);
    // Forgotten: the role no longer creates.
    let forgot = h.service.handle(&on_server(
        "mod",
        &[],
        Command::Settings(Some(Setting::TournamentRole(None))),
    ));
    assert!(!forgot.text.contains("Organisers"), "{}", forgot.text);
    let mut elsewhere = on_server("ann", &["42"], create());
    elsewhere.channel = channel_id("hall");
    let refused = h.service.handle(&elsewhere);
    assert!(refused.ephemeral, "{}", refused.text);
}

#[test]
fn a_typed_join_replaces_the_posted_sign_up_message() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let created = tournament(
        &h,
        "org",
        TournamentAction::Create(TournamentOptions::new("Typed Cup", TournamentFormat::Swiss)),
    );
    let id = created
        .signup_of
        .expect("the sign-up message names its tournament");
    // Before the front end says where it posted it, a join has nothing to replace.
    let joined = tournament(&h, "p1", TournamentAction::Join);
    assert_eq!(joined.replaces_message, None);
    h.service.signup_posted(id, "100/200").unwrap();
    let joined = tournament(&h, "p2", TournamentAction::Join);
    assert_eq!(joined.replaces_message.as_deref(), Some("100/200"));
    assert!(joined.text.contains("Entrants (2)"), "{}", joined.text);
    let left = tournament(&h, "p1", TournamentAction::Leave);
    assert_eq!(left.replaces_message.as_deref(), Some("100/200"));
    assert!(left.text.contains("Entrants (1)"), "{}", left.text);
    let refused = tournament(&h, "p1", TournamentAction::Leave);
    assert!(refused.ephemeral && refused.replaces_message.is_none());
}

#[test]
fn a_rated_game_moves_both_ratings_and_an_unrated_one_nothing() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    let made = h.ok("alice", Command::Challenge(challenge.clone()));
    assert!(made.text.contains("Rated"), "{}", made.text);
    h.ok("bob", Command::Accept);
    h.play(common::mv("C3"));
    h.play(common::mv("B2"));
    let ended = h.ok("alice", Command::Resign);
    // Two new players (1500, RD 500): the winner gains 242, the loser drops as much.
    assert!(
        ended
            .text
            .contains("Ratings: **alice** 1258? (-242) · **bob** 1742? (+242)"),
        "{}",
        ended.text
    );
    let db = db(&h);
    let rows: i64 = db
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM rating_history WHERE game_id = 1",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(rows, 2, "both players, the global scope (no server here)");
    let finished: String = db
        .read(|tx| {
            tx.query_one("SELECT status FROM games WHERE id = 1", params![], |r| {
                r.get(0)
            })
        })
        .unwrap();
    assert_eq!(finished, "finished");
    let stats = h.ok("bob", Command::Stats(None));
    assert!(stats.text.contains("rating **1742?**"), "{}", stats.text);
    assert!(
        stats.text.contains("1 won, 0 lost, 0 drawn"),
        "{}",
        stats.text
    );
    let board = h.ok("alice", Command::Leaderboard);
    let bob_at = board.text.find("bob").unwrap();
    let alice_at = board.text.find("alice").unwrap();
    assert!(bob_at < alice_at, "{}", board.text);
    let (_, height) = table_image(&board, "leaderboard.png");
    assert!(height > 100, "two rows under a title and a header");

    // Unrated: nothing moves.
    challenge.rated = Some(false);
    let made = h.ok("alice", Command::Challenge(challenge.clone()));
    assert!(made.text.contains("Casual"), "{}", made.text);
    h.ok("bob", Command::Accept);
    h.play(common::mv("C3"));
    h.play(common::mv("B2"));
    let ended = h.ok("bob", Command::Resign);
    assert!(!ended.text.contains("Ratings"), "{}", ended.text);
    // Rated, but one side never moved: a forfeit, not rated.
    challenge.rated = None;
    h.ok("alice", Command::Challenge(challenge));
    h.ok("bob", Command::Accept);
    h.ok("alice", Command::Resign);
    let rows: i64 = db
        .read(|tx| {
            tx.query_one("SELECT COUNT(*) FROM rating_history", params![], |r| {
                r.get(0)
            })
        })
        .unwrap();
    assert_eq!(rows, 2, "only the first game moved ratings");
}

#[test]
fn a_rated_game_with_a_server_moves_the_server_and_the_global_rating() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut request = Request::new(
        user("alice"),
        channel_id("main"),
        Command::Challenge(Challenge::new(user("bob"))),
    );
    request.server = Some(akron_service::service::ServerId("test:guild".to_string()));
    assert!(!h.service.handle(&request).ephemeral);
    request.user = user("bob");
    request.command = Command::Accept;
    assert!(!h.service.handle(&request).ephemeral);
    let view = h.view();
    let black = view.players.black.name.clone();
    let white = view.players.white.name.clone();
    for (who, mv) in [(&black, "C3"), (&white, "B2")] {
        request.user = user(who);
        request.command = Command::Move(mv.to_string());
        assert!(!h.service.handle(&request).ephemeral);
    }
    request.user = user(&white);
    request.command = Command::Draw(Offer::Offer);
    assert!(!h.service.handle(&request).ephemeral);
    request.user = user(&black);
    request.command = Command::Draw(Offer::Accept);
    let drawn = h.service.handle(&request);
    assert!(drawn.text.contains("Ratings:"), "{}", drawn.text);
    let scopes: Vec<String> = db(&h)
        .read(|tx| {
            tx.query(
                "SELECT DISTINCT scope FROM ratings ORDER BY scope",
                params![],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(scopes, ["*", "test:guild"]);
}

#[test]
fn an_eight_player_swiss_of_three_rounds_with_a_timeout_and_a_withdrawal() {
    let Some(mut h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Autumn Swiss", TournamentFormat::Swiss);
    options.rounds = Some(3);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(DAY));
    sign_up(&h, options, 8);
    let started = tournament(&h, "org", TournamentAction::Start);
    assert!(
        started.text.contains("8 players (Swiss, 3 rounds,"),
        "{}",
        started.text
    );
    let notices = deliver(&h);
    assert_eq!(
        notices.iter().filter(|n| n.thread.is_some()).count(),
        4,
        "four games, each asking for a thread"
    );
    let posted = notices
        .iter()
        .find(|n| n.reply.text.contains("round 1 of 3"))
        .expect("the pairings are posted");
    let (width, _) = table_image(&posted.reply, "swiss-8-round-1-pairings.png");
    assert!((640..=1000).contains(&width), "{width}");
    // Round 1: the lower number wins everywhere.
    play_out(&h, 1, &[]);
    let notices = deliver(&h);
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("Round 1 of **Autumn Swiss** is over")),
        "{notices:?}"
    );
    // A restart in the middle of a round changes nothing: everything is in the database.
    let before = pairings(&h);
    h.reopen();
    assert_eq!(pairings(&h), before);
    assert!(deliver(&h).is_empty(), "nothing is sent twice");
    // Round 2: one game is drawn, one is never started (its first player times out, a
    // forfeit), and p8 is withdrawn by the organiser while their game runs.
    let round2 = open_games(&h, 2);
    assert_eq!(round2.len(), 4, "{:?}", pairings(&h));
    let (timeout_game, timeout_first, timeout_second) = round2[0];
    let (draw_game, draw_first, draw_second) = round2[1];
    open_up(&h, draw_game, &name(draw_first), &name(draw_second));
    in_game(
        &h,
        draw_game,
        &name(draw_first),
        Command::Draw(Offer::Offer),
    );
    in_game(
        &h,
        draw_game,
        &name(draw_second),
        Command::Draw(Offer::Accept),
    );
    let withdrawn = tournament(&h, "org", TournamentAction::Withdraw(Some(user("p8"))));
    // The organiser withdrew p8: said so, not as if p8 had left (or resigned) themselves.
    assert!(
        withdrawn
            .text
            .contains("p8** was withdrawn from **Autumn Swiss** by the organiser"),
        "{}",
        withdrawn.text
    );
    // Regression (issue 26): a Swiss does not forfeit a withdrawn player's later games; it
    // pairs them no more (and said otherwise).
    assert!(
        withdrawn.text.contains("They are not paired again"),
        "{}",
        withdrawn.text
    );
    for (game, first, second) in open_games(&h, 2) {
        if game != timeout_game {
            open_up(&h, game, &name(first), &name(second));
            in_game(&h, game, &name(first.max(second)), Command::Resign);
        }
    }
    assert_eq!(
        open_games(&h, 2),
        [(timeout_game, timeout_first, timeout_second)]
    );
    h.clock.advance(DAY + 1);
    deliver(&h);
    // Round 3: seven players, so a bye.
    play_out(&h, 3, &[]);
    let notices = deliver(&h);
    let last = notices
        .iter()
        .find(|n| n.reply.text.contains("is over. Congratulations"))
        .expect("the final standings are posted");
    let table = pairings(&h);
    println!("{table:#?}\n{}", last.reply.text);
    let expected = EIGHT_PLAYER_SWISS;
    assert_eq!(table, expected.0);
    for line in expected.1 {
        assert!(
            last.reply.text.contains(line),
            "{line}\n{}",
            last.reply.text
        );
    }
    let (_, final_height) = table_image(&last.reply, "swiss-8-final-standings.png");
    let again = tournament(&h, "p1", TournamentAction::Standings);
    assert!(again.text.contains("after 3 rounds of 3"), "{}", again.text);
    assert_eq!(table_image(&again, "swiss-8-standings.png").1, final_height);
    let with_bye = tournament(&h, "p1", TournamentAction::Pairings(Some(3)));
    assert!(with_bye.text.contains("bye: **p7**"), "{}", with_bye.text);
    let (_, pairings_height) = table_image(&with_bye, "swiss-8-round-3-pairings-bye.png");
    assert!(pairings_height < final_height, "4 rows against 8");
}

/// The Swiss above, worked by hand. Results: the lower number wins, except round 2's
/// draw (3-2), timeout (p1 never moved: a forfeit) and withdrawal (p8, a forfeit).
/// Points: p1 W L W = 2, p2 W D L = 1½, p3 W D W = 2½, p4 W W L = 2, p5 L W W = 2,
/// p6 L W L = 1, p7 L L bye = 1, p8 L L = 0.
/// Buchholz: p1 p5+p4+p2 = 2+2+1½ = 5½; p2 p6+p3+p1 = 1+2½+2 = 5½; p3 p7+p2+p4 = 1+1½+2
/// = 4½; p4 p8+p1+p3 = 0+2+2½ = 4½; p5 p1+p8+p6 = 2+0+1 = 3; p6 p2+p7+p5 = 1½+1+2 = 4½;
/// p7 p3+p6 = 2½+1 = 3½ (a bye adds nothing); p8 p4+p5 = 4.
/// So: p3; then p1, p4, p5 on 2 points by Buchholz; p2; p6 before p7 by Buchholz; p8.
const EIGHT_PLAYER_SWISS: (&[&str], &[&str]) = (
    &[
        "1:5-1=second",
        "1:2-6=first",
        "1:7-3=second",
        "1:4-8=first",
        "2:1-4=first-forfeit",
        "2:3-2=draw",
        "2:8-5=first-forfeit",
        "2:6-7=first",
        "3:bye=7",
        "3:4-3=second",
        "3:2-1=second",
        "3:5-6=first",
    ],
    &[
        "Congratulations, <@test:p3>!",
        "1 p3                   2½   4.5    2-1-0",
        "2 p1                    2   5.5    2-0-1",
        "3 p4                    2   4.5    2-0-1",
        "4 p5                    2     3    2-0-1",
        "5 p2                   1½   5.5    1-1-1",
        "6 p6                    1   4.5    1-0-2",
        "7 p7                    1   3.5    1-0-2",
        "8 p8 (wd)               0     4    0-0-2",
    ],
);

#[test]
fn a_five_player_round_robin_with_a_timeout_and_a_withdrawal() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Club RR", TournamentFormat::RoundRobin);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(DAY));
    sign_up(&h, options, 5);
    let started = tournament(&h, "org", TournamentAction::Start);
    assert!(
        started.text.contains("5 players, 5 rounds (round robin,"),
        "{}",
        started.text
    );
    deliver(&h);
    // Round 1: a draw between the two lowest-numbered players paired, else lower wins.
    let round1 = open_games(&h, 1);
    let first_pair = (round1[0].1.min(round1[0].2), round1[0].1.max(round1[0].2));
    play_out(&h, 1, &[first_pair]);
    deliver(&h);
    // Round 2: one game times out after the first player moved (the second loses on time).
    let round2 = open_games(&h, 2);
    let (late_game, late_first, _) = round2[0];
    in_game(&h, late_game, &name(late_first), Command::Move("C3".into()));
    for (game, first, second) in round2.iter().skip(1) {
        open_up(&h, *game, &name(*first), &name(*second));
        in_game(&h, *game, &name((*first).max(*second)), Command::Resign);
    }
    h.clock.advance(DAY + 1);
    deliver(&h);
    // p5 withdraws between rounds; their remaining games are forfeits.
    let gone = tournament(&h, "p5", TournamentAction::Withdraw(None));
    assert!(gone.text.contains("p5** withdrew"), "{}", gone.text);
    assert!(
        gone.text.contains("Their remaining games are forfeits"),
        "{}",
        gone.text
    );
    for round in 3..=5 {
        play_out(&h, round, &[]);
        deliver(&h);
    }
    let table = pairings(&h);
    let standings = tournament(&h, "p1", TournamentAction::Standings);
    println!("{table:#?}\n{}", standings.text);
    assert_eq!(table, FIVE_PLAYER_RR.0);
    for line in FIVE_PLAYER_RR.1 {
        assert!(standings.text.contains(line), "{line}\n{}", standings.text);
    }
}

/// The round robin above, worked by hand (the Berger table for 5: byes 1, 4, 2, 5, 3).
/// Results: the lower number wins, except round 1's draw (2-5), round 2's timeout (p3 never
/// moved: a forfeit to p5) and p5's forfeits after withdrawing (their round-4 bye is dropped).
/// Points: p1 bye W W W W = 5; p2 D L bye W W = 3½; p3 W L L L bye = 2; p4 L bye W L L = 2;
/// p5 D W L L = 1½.
/// Sonneborn-Berger: p1 beat p2, p3, p4, p5 = 3½+2+2+1½ = 9; p2 drew p5, beat p3 and p4 =
/// ¾+2+2 = 4.75; p3 beat p4 = 2; p4 beat p5 = 1.5; p5 drew p2, beat p3 = 1.75+2 = 3.75.
/// So p3 is ahead of p4 on equal points by Sonneborn-Berger.
const FIVE_PLAYER_RR: (&[&str], &[&str]) = (
    &[
        "1:bye=1",
        "1:2-5=draw",
        "1:3-4=first",
        "2:bye=4",
        "2:5-3=second-forfeit",
        "2:1-2=first",
        "3:bye=2",
        "3:3-1=second",
        "3:4-5=second-forfeit",
        "4:1-4=first",
        "4:2-3=first",
        "5:bye=3",
        "5:4-2=second",
        "5:5-1=first-forfeit",
    ],
    &[
        "1 p1                    5     9    5-0-0",
        "2 p2                   3½  4.75    3-1-1",
        "3 p3                    2     2    2-0-3",
        "4 p4                    2   1.5    2-0-3",
        "5 p5 (wd)              1½  3.75    1-1-2",
    ],
);

/// Regression (issue 26): a Swiss with more rounds than opponents repeated pairings
/// silently (4 players, `rounds:5`; 2 players, `rounds:2`).
#[test]
fn a_swiss_with_more_rounds_than_opponents_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    // At creation, when the most players allowed cannot fill the rounds.
    let mut options = TournamentOptions::new("Tiny", TournamentFormat::Swiss);
    options.rounds = Some(5);
    options.max_players = Some(4);
    let refused = tournament(&h, "org", TournamentAction::Create(options.clone()));
    assert!(
        refused.ephemeral && refused.text.contains("at most 3 rounds"),
        "{}",
        refused.text
    );
    // At the start, when the entrants are known.
    options.max_players = None;
    sign_up(&h, options, 4);
    let refused = tournament(&h, "org", TournamentAction::Start);
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(
        refused
            .text
            .contains("4 entrants, so a Swiss can have at most 3 rounds")
            && refused.text.contains("Wait until 5 players have joined"),
        "{}",
        refused.text
    );
    assert!(pairings(&h).is_empty(), "nothing was paired");
    tournament(&h, "p5", TournamentAction::Join);
    let started = tournament(&h, "org", TournamentAction::Start);
    assert!(
        started.text.contains("5 players (Swiss, 5 rounds,"),
        "{}",
        started.text
    );
}

/// Regression (issue 26): two players got two rounds by default, the same game twice.
#[test]
fn two_players_play_one_swiss_round_by_default() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    sign_up(
        &h,
        TournamentOptions::new("Duel", TournamentFormat::Swiss),
        2,
    );
    let started = tournament(&h, "org", TournamentAction::Start);
    assert!(
        started.text.contains("2 players (Swiss, 1 round,"),
        "{}",
        started.text
    );
}

/// Regression (issue 26): tournament names of any length were accepted by the service.
#[test]
fn an_absurdly_long_tournament_name_is_refused() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let long = "Open".repeat(5_000);
    let refused = tournament(
        &h,
        "org",
        TournamentAction::Create(TournamentOptions::new(long, TournamentFormat::Swiss)),
    );
    assert!(
        refused.ephemeral && refused.text.contains("1 to 60 characters"),
        "{}",
        refused.text
    );
    let refused = tournament(
        &h,
        "org",
        TournamentAction::Create(TournamentOptions::new(
            "Two\nlines",
            TournamentFormat::Swiss,
        )),
    );
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(
        db(&h)
            .read(|tx| tx.query_one("SELECT COUNT(*) FROM tournaments", &[], |r| r.get::<i64>(0)))
            .unwrap()
            == 0
    );
}

/// Regression (issue 26): one damaged tournament made every tick fail ("could not settle
/// what is due: stored data is damaged"), for everyone. Now its games still end, the
/// tournament pauses and says so, and other games are settled as usual.
#[test]
fn a_damaged_tournament_does_not_stop_the_tick() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Broken Cup", TournamentFormat::Swiss);
    options.size = Some(5);
    options.time = Some(TimeControl::PerMove(DAY));
    sign_up(&h, options, 4);
    tournament(&h, "org", TournamentAction::Start);
    deliver(&h);
    // A casual game elsewhere, with a clock.
    let mut challenge = Challenge::new(user("bob"));
    challenge.size = Some(5);
    challenge.colour = Some(ColourChoice::Black);
    challenge.time = Some(TimeControl::PerMove(DAY));
    h.ok("alice", Command::Challenge(challenge));
    h.ok("bob", Command::Accept);
    h.play(common::mv("C3"));
    // The damage the sign-up race used to do: round 1 pairs a player who is not an entrant.
    db(&h)
        .write(|tx| tx.execute("DELETE FROM tournament_entrants WHERE player = 4", &[]))
        .unwrap();
    h.clock.advance(DAY + 1);
    let tick = h.service.tick(h.service.now()).expect("the tick goes on");
    assert!(tick.settled >= 3, "{tick:?}");
    let texts: Vec<String> = deliver(&h).into_iter().map(|n| n.reply.text).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("bob ran out of time") && t.contains("alice beats bob")),
        "the casual game timed out: {texts:#?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("cannot be paired") && t.contains("paused")),
        "{texts:#?}"
    );
    let status: String = db(&h)
        .read(|tx| tx.query_one("SELECT status FROM tournaments", &[], |r| r.get(0)))
        .unwrap();
    assert_eq!(status, "paused");
    let active: i64 = db(&h)
        .read(|tx| {
            tx.query_one(
                "SELECT COUNT(*) FROM games WHERE status = 'active'",
                &[],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(active, 0, "every game that ran out of time ended");
}

/// The read model's schedule: each round's start, and while it is played when the last move
/// its games wait for is due (the round is decided by then if nobody moves); on a live clock
/// too, where the due time depends on the moves played.
#[test]
fn each_round_has_its_start_and_deadline_in_the_read_model() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Schedule", TournamentFormat::Swiss);
    options.rounds = Some(2);
    options.time = Some(TimeControl::Fischer {
        base: 600,
        increment: 5,
    });
    sign_up(&h, options, 4);
    let started = h.service.now();
    tournament(&h, "org", TournamentAction::Start);
    deliver(&h);
    let id = akron_service::model::TournamentId(1);
    let detail = h.service.tournament_detail(id).unwrap().unwrap();
    let round = detail.round(1).unwrap();
    assert_eq!(round.started_at, Some(started));
    assert_eq!(
        round.deadline,
        Some(started + 600),
        "each first move's base time"
    );

    // Two minutes on, one game's Black moves: their opponent's clock runs from then.
    h.clock.advance(120);
    let (game, first, second) = open_games(&h, 1)[0];
    in_game(&h, game, &name(first), Command::Move("C3".into()));
    let round = h.service.tournament_detail(id).unwrap().unwrap();
    let round = round.round(1).unwrap();
    assert_eq!(round.deadline, Some(started + 120 + 600));

    // Round 1 played out a minute later: no deadline; round 2 starts then.
    h.clock.advance(60);
    let ended = h.service.now();
    in_game(&h, game, &name(second), Command::Resign);
    play_out(&h, 1, &[]);
    deliver(&h);
    let detail = h.service.tournament_detail(id).unwrap().unwrap();
    let first_round = detail.round(1).unwrap();
    assert_eq!(
        (first_round.started_at, first_round.deadline),
        (Some(started), None)
    );
    let second = detail.round(2).unwrap();
    assert_eq!(second.started_at, Some(ended));
    assert_eq!(second.deadline, Some(ended + 600));
}

/// Issue 44's reader: a game that ended before its announcement was delivered (here: its
/// player withdrew at once) was told twice, once by the announcement ("ended before it
/// could be announced: …") and once more by a notice of its end.
#[test]
fn a_game_ended_before_its_announcement_is_told_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.size = Some(4);
    sign_up(&h, options, 2);
    assert!(!tournament(&h, "org", TournamentAction::Start).ephemeral);
    // Nothing is delivered yet: p1 withdraws, and the game ends as their resignation.
    let withdrew = tournament(&h, "p1", TournamentAction::Withdraw(None));
    assert!(!withdrew.ephemeral, "{}", withdrew.text);
    let notices = h.deliver_checking(|_| {});
    let about: Vec<&str> = notices
        .iter()
        .map(|n| n.reply.text.as_str())
        .filter(|t| t.contains("resign"))
        .collect();
    assert_eq!(about.len(), 1, "told once: {about:#?}");
    assert!(
        about[0].contains("ended before it could be announced"),
        "{}",
        about[0]
    );
}

/// Issue 44's reader: refusals that named the wrong thing.
#[test]
fn refusals_name_a_missing_game_an_entrant_before_the_start_and_a_check_in_without_entrants() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let mut options = TournamentOptions::new("Cup", TournamentFormat::Swiss);
    options.size = Some(4);
    sign_up(&h, options, 1);
    // A check-in leads to the start: with one entrant there is nobody to ask.
    let check_in = tournament(&h, "org", TournamentAction::CheckIn);
    assert!(check_in.refused, "{}", check_in.text);
    assert_eq!(
        check_in.text,
        "A tournament needs at least two entrants to start."
    );
    // The organiser naming someone before the start: in, or not in.
    let p1 = tournament(&h, "org", TournamentAction::Withdraw(Some(user("p1"))));
    assert!(p1.refused, "{}", p1.text);
    assert_eq!(
        p1.text,
        "**Cup** has not started: p1 can still leave with Leave (\u{e000}tournament \
         leave\u{e001}); once it has started, you can withdraw them."
    );
    let nobody = tournament(&h, "org", TournamentAction::Withdraw(Some(user("nobody"))));
    assert!(nobody.refused, "{}", nobody.text);
    assert_eq!(nobody.text, "nobody is not in this tournament.");
    // A game number that is no game at all.
    let missing = tournament(
        &h,
        "org",
        TournamentAction::Adjudicate(Some(GameId(99)), Verdict::First),
    );
    assert!(missing.refused, "{}", missing.text);
    assert_eq!(missing.text, "There is no game #99.");
}
