//! The web companion over real HTTP on loopback: every route, malformed and unknown ids, the
//! headers, escaping of hostile names, who may see what (`settings web:off|link|public`),
//! and the live stream. The web reads the database through its own read-only service, as
//! `akron web` does beside a bot in another process.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_bot::service::{
    Challenge, ColourChoice, Command, ManualClock, Request, Service, Setting, TournamentAction,
    TournamentOptions,
};
use akron_bot::web::{self, Limits, Web, CONTENT_SECURITY_POLICY};
use akron_service::model::{
    ChannelId, GameId, ServerId, TimeControl, TournamentFormat, TournamentId, User, UserId,
    WebAccess,
};
use akron_service::service::Config;
use std::sync::Arc;
use std::time::Duration;

/// A hostile display name: HTML that would run a script if it were not escaped.
pub const HOSTILE: &str = "<img src=x onerror=alert(1)>";
/// The public address the bot's links use.
pub const WEB_URL: &str = "https://akron.test";

/// A name full of Markdown.
pub const MARKDOWN: &str = "**x**";

/// A bot's service and a web companion on the same database.
#[allow(dead_code)]
pub struct World {
    pub dir: tempfile::TempDir,
    pub clock: Arc<ManualClock>,
    pub service: Arc<Service>,
    pub base: String,
    pub web: Arc<Web>,
    pub client: reqwest::Client,
}

pub fn server() -> ServerId {
    ServerId::new("test", "guild")
}

pub fn user(name: &str) -> User {
    User::new(UserId::new("test", name), name)
}

impl World {
    pub async fn new() -> World {
        World::with_limits(Limits {
            burst: 0,
            poll_interval: Duration::from_millis(50),
            ..Limits::default()
        })
        .await
    }

    pub async fn with_limits(limits: Limits) -> World {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("akron.db");
        let clock = Arc::new(ManualClock::new(1_795_305_600));
        let mut config = Config::with_db(&path);
        config.web_url = Some(WEB_URL.to_string());
        let service = Arc::new(Service::with_clock(config, clock.clone()).unwrap());
        let reader = Service::open_read_only(Config::with_db(&path), clock.clone()).unwrap();
        let web = Web::new(Arc::new(reader), limits);
        let bound = web::spawn("127.0.0.1:0", web.clone()).await.unwrap();
        World {
            dir,
            clock,
            service,
            base: format!("http://{bound}"),
            web,
            client: reqwest::Client::new(),
        }
    }

    /// A command in `channel` of the test server, by `who`, a moderator or not.
    pub fn send(&self, who: &User, channel: &str, moderator: bool, command: Command) -> String {
        let mut request = Request::new(who.clone(), ChannelId::new("test", channel), command);
        request.server = Some(server());
        request.is_moderator = moderator;
        let reply = self.service.handle(&request);
        assert!(
            !reply.ephemeral,
            "{command:?}: {}",
            reply.text,
            command = request.command
        );
        reply.text
    }

    /// A moderator's `settings web:...` (its reply is private).
    pub fn set_web(&self, access: WebAccess) {
        let mut request = Request::new(
            user("mod"),
            ChannelId::new("test", "lobby"),
            Command::Settings(Some(Setting::Web(access))),
        );
        request.server = Some(server());
        request.is_moderator = true;
        let reply = self.service.handle(&request);
        assert!(reply.text.starts_with("Saved."), "{}", reply.text);
        assert_eq!(self.service.web_access(&server()).unwrap(), access);
    }

    /// `black` challenges `white` in `channel` and `white` accepts.
    pub fn start(
        &self,
        channel: &str,
        black: &User,
        white: &User,
        time: Option<TimeControl>,
    ) -> GameId {
        self.send(
            black,
            channel,
            false,
            Command::Challenge(Challenge {
                size: Some(5),
                colour: Some(ColourChoice::Black),
                time,
                ..Challenge::new(white.clone())
            }),
        );
        self.send(white, channel, false, Command::Accept);
        self.service
            .channel_game(&ChannelId::new("test", channel))
            .unwrap()
            .unwrap()
            .id
    }

    pub fn play(&self, channel: &str, mv: &str) {
        let view = self
            .service
            .channel_game(&ChannelId::new("test", channel))
            .unwrap()
            .unwrap();
        let who = view.players.get(view.game.turn()).clone();
        self.send(&who, channel, false, Command::Move(mv.to_string()));
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap()
    }

    pub async fn page(&self, path: &str) -> (u16, String) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.text().await.unwrap())
    }

    pub fn game_path(&self, id: GameId) -> String {
        self.service
            .game_web_path(id)
            .unwrap()
            .expect("pages are on")
    }

    pub fn tournament_path(&self, id: TournamentId) -> String {
        self.service
            .tournament_web_path(id)
            .unwrap()
            .expect("pages are on")
    }

    /// A Swiss of `players` on the test server, started.
    pub fn swiss(&self, players: &[User], rounds: u32) -> TournamentId {
        self.swiss_named("Spring <b>Cup</b>", players, rounds)
    }

    /// A best-of-3 knockout of `players` on the test server, started.
    pub fn knockout(&self, players: &[User]) -> TournamentId {
        let mut options =
            TournamentOptions::new("Knock <b>Cup</b>", TournamentFormat::SingleElimination);
        options.best_of = Some(3);
        options.size = Some(5);
        let organiser = user("organiser");
        let create = Command::Tournament(TournamentAction::Create(options));
        self.send(&organiser, "cup", true, create);
        for player in players {
            self.send(
                player,
                "cup",
                false,
                Command::Tournament(TournamentAction::Join),
            );
        }
        self.send(
            &organiser,
            "cup",
            true,
            Command::Tournament(TournamentAction::Start),
        );
        self.service.server_tournaments(&server(), 1).unwrap()[0].id
    }

    /// A double elimination of `players` on the test server, started.
    pub fn double_elimination(&self, players: &[User]) -> TournamentId {
        let options = TournamentOptions::new("Double", TournamentFormat::DoubleElimination);
        let organiser = user("organiser");
        let create = Command::Tournament(TournamentAction::Create(options));
        self.send(&organiser, "cup", true, create);
        for player in players {
            self.send(
                player,
                "cup",
                false,
                Command::Tournament(TournamentAction::Join),
            );
        }
        self.send(
            &organiser,
            "cup",
            true,
            Command::Tournament(TournamentAction::Start),
        );
        self.service.server_tournaments(&server(), 1).unwrap()[0].id
    }

    /// A Swiss named `name` of `players` on the test server, started.
    pub fn swiss_named(&self, name: &str, players: &[User], rounds: u32) -> TournamentId {
        let mut options = TournamentOptions::new(name, TournamentFormat::Swiss);
        options.rounds = Some(rounds);
        options.size = Some(5);
        let organiser = user("organiser");
        self.send(
            &organiser,
            "cup",
            true,
            Command::Tournament(TournamentAction::Create(options)),
        );
        for player in players {
            self.send(
                player,
                "cup",
                false,
                Command::Tournament(TournamentAction::Join),
            );
        }
        self.send(
            &organiser,
            "cup",
            true,
            Command::Tournament(TournamentAction::Start),
        );
        self.service
            .server_tournaments(&server(), 1)
            .unwrap()
            .first()
            .unwrap()
            .id
    }
}

fn is_not_found(status: u16, body: &str) {
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("Not found"), "{body}");
    for internal in ["Error", "panicked", "sqlite", "SELECT", "test:"] {
        assert!(!body.contains(internal), "the 404 says {internal}: {body}");
    }
}

#[tokio::test]
async fn a_game_page_shows_the_board_moves_players_and_downloads() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let (alice, bob) = (user("alice"), user("bobby"));
    let id = w.start("g1", &alice, &bob, None);
    for mv in ["C3", "B2", "D4"] {
        w.play("g1", mv);
    }
    let path = w.game_path(id);
    let response = w.get(&path).await;
    assert_eq!(response.status().as_u16(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-security-policy"], CONTENT_SECURITY_POLICY);
    assert_eq!(headers["x-robots-tag"], "noindex, nofollow");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let body = response.text().await.unwrap();
    // The names are isolated (U+2068 … U+2069) from the words around them.
    assert!(
        body.contains("Game 1: \u{2068}alice\u{2069} vs \u{2068}bobby\u{2069}"),
        "{body}"
    );
    assert!(body.contains(r#"<meta name="robots" content="noindex, nofollow">"#));
    assert!(body.contains(&format!(r#"src="{path}/board/3""#)), "{body}");
    assert!(body.contains("Move 3: D4 by Black"), "{body}");
    assert!(body.contains(r#"data-ply="2""#) && body.contains("B2"));
    assert!(body.contains(r#"aria-current="step""#));
    assert!(body.contains("Being played; White to move"), "{body}");
    assert!(!body.contains("<script>"), "no inline script");
    assert!(!body.contains("test:"), "no platform id on the page");
    assert!(
        body.contains(&format!("{path}/live")),
        "a running game is live"
    );

    let (_, earlier) = w.page(&format!("{path}?ply=1")).await;
    assert!(earlier.contains(&format!(r#"src="{path}/board/1""#)));
    assert!(earlier.contains("Move 1: C3 by Black"));

    for ply in 0..=3 {
        let picture = w.get(&format!("{path}/board/{ply}")).await;
        assert_eq!(picture.status().as_u16(), 200);
        assert_eq!(picture.headers()["content-type"], "image/png");
        assert!(picture.bytes().await.unwrap().starts_with(b"\x89PNG"));
        // The phone's pictures at two and three device pixels a CSS pixel.
        for (suffix, width) in [("phone", 720), ("phone3x", 1080)] {
            let png = w.get(&format!("{path}/board/{ply}/{suffix}")).await;
            assert_eq!(png.headers()["content-type"], "image/png");
            assert_eq!(png_width(&png.bytes().await.unwrap()), width, "{suffix}");
        }
    }
    assert!(
        body.contains(&format!(
            "{path}/board/3/phone 720w, {path}/board/3/phone3x 1080w"
        )),
        "{body}"
    );
    for beyond in ["board/4", "board/4/phone", "board/4/phone3x"] {
        let (status, body) = w.page(&format!("{path}/{beyond}")).await;
        is_not_found(status, &body);
    }

    let record = w.get(&format!("{path}/record")).await;
    assert_eq!(record.status().as_u16(), 200);
    assert!(record.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .contains("akron-game-1.txt"));
    let record = record.text().await.unwrap();
    assert!(
        record.contains("[Black \"alice\"]") && record.contains("C3"),
        "{record}"
    );
    assert!(
        !record.contains("test:"),
        "no platform id in the record: {record}"
    );

    let replay = w.get(&format!("{path}/replay")).await;
    assert_eq!(replay.status().as_u16(), 200);
    assert_eq!(replay.headers()["content-type"], "image/gif");
    assert!(replay.bytes().await.unwrap().starts_with(b"GIF89a"));

    let script = w.get("/static/app.js").await;
    assert_eq!(script.status().as_u16(), 200);
    assert!(script.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));
    let style = w.get("/static/style.css").await;
    assert!(style
        .text()
        .await
        .unwrap()
        .contains("prefers-color-scheme: dark"));
}

#[tokio::test]
async fn malformed_unknown_and_wrong_ids_are_the_same_plain_404() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    let path = w.game_path(id);
    let token = path.rsplit('/').next().unwrap().to_string();
    let other = "0123456789abcdef0123456789abcdef";
    for bad in [
        format!("/game/abc/{token}"),
        format!("/game/-1/{token}"),
        format!("/game/1e3/{token}"),
        format!("/game/99999999999999999999/{token}"),
        format!("/game/2/{token}"),
        format!("/game/1/{other}"),
        format!("/game/1/{}", token.to_uppercase()),
        format!("/game/1/{}", &token[1..]),
        format!("/game/1/{token}/board/x"),
        format!("/game/1/{token}/board/-1"),
        format!("/tournament/1/{token}"),
        format!("/puzzle/1/{token}"),
        format!("/server/{token}"),
        format!("/server/{other}/player/{other}"),
        "/nothing".to_string(),
        "/game/1".to_string(),
        "/game/%3Cscript%3E/x".to_string(),
    ] {
        let (status, body) = w.page(&bad).await;
        is_not_found(status, &body);
    }
    let post = w
        .client
        .post(format!("{}{path}", w.base))
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(post.status().as_u16(), 405, "only GET");
    assert_eq!(post.headers()["allow"], "GET, HEAD");
    let home = w.get("/").await;
    assert_eq!(home.status().as_u16(), 200);
    assert_eq!(
        home.headers()["content-security-policy"],
        CONTENT_SECURITY_POLICY
    );
}

#[tokio::test]
async fn hostile_names_are_escaped_everywhere() {
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let (evil, stars) = (user(HOSTILE), user(MARKDOWN));
    let id = w.start("g1", &evil, &stars, None);
    w.play("g1", "C3");
    let (status, body) = w.page(&w.game_path(id)).await;
    assert_eq!(status, 200);
    assert!(!body.contains(HOSTILE), "the raw tag is never in the page");
    assert!(
        body.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{body}"
    );
    assert!(body.contains("**x**"), "Markdown shows as written");
    let (_, record) = w.page(&format!("{}/record", w.game_path(id))).await;
    assert!(
        record.contains(HOSTILE),
        "a plain-text record holds the name as it is"
    );

    let players = [user(HOSTILE), user(MARKDOWN), user("carol"), user("dave")];
    let cup = w.swiss(&players, 2);
    let path = w.tournament_path(cup);
    let (status, body) = w.page(&path).await;
    assert_eq!(status, 200);
    assert!(
        !body.contains(HOSTILE) && !body.contains("<b>Cup</b>"),
        "{body}"
    );
    assert!(body.contains("Spring &lt;b&gt;Cup&lt;/b&gt;"));
    assert!(body.contains("&lt;img src=x onerror=alert(1)&gt;"));
    let (_, csv) = w.page(&format!("{path}/standings")).await;
    assert!(csv.contains(HOSTILE), "{csv}");
}

#[tokio::test]
async fn off_servers_have_no_pages_and_only_moderators_switch() {
    let w = World::new().await;
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    assert_eq!(w.service.game_web_path(id).unwrap(), None, "off by default");
    let mut request = Request::new(
        user("alice"),
        ChannelId::new("test", "g1"),
        Command::Settings(Some(Setting::Web(WebAccess::Public))),
    );
    request.server = Some(server());
    let refused = w.service.handle(&request);
    assert!(
        refused.text.starts_with("Only moderators"),
        "{}",
        refused.text
    );
    assert_eq!(w.service.web_access(&server()).unwrap(), WebAccess::Off);

    w.set_web(WebAccess::Link);
    let path = w.game_path(id);
    let cup = w.swiss(&[user("a"), user("bb"), user("ccc")], 2);
    let tournament = w.tournament_path(cup);
    assert_eq!(w.page(&path).await.0, 200);
    assert_eq!(w.page(&tournament).await.0, 200);

    w.set_web(WebAccess::Off);
    for gone in [
        path.clone(),
        format!("{path}/board/0"),
        format!("{path}/record"),
        format!("{path}/live"),
        tournament.clone(),
        format!("{tournament}/standings"),
        format!("{tournament}/pairings"),
    ] {
        let (status, body) = w.page(&gone).await;
        is_not_found(status, &body);
    }
    w.set_web(WebAccess::Link);
    assert_eq!(w.page(&path).await.0, 200, "the same link works again");
}

#[tokio::test]
async fn a_public_server_lists_its_leaderboard_tournaments_and_players() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let (alice, bob) = (user("alice"), user("bobby"));
    let id = w.start("g1", &alice, &bob, None);
    w.play("g1", "C3");
    w.play("g1", "B2");
    w.send(&bob, "g1", false, Command::Resign);
    let site = w.service.web_site(&server()).unwrap().unwrap();
    let server_path = site.path(akron_service::service::WebPage::Server);
    let (status, body) = w.page(&server_path).await;
    is_not_found(status, &body);

    w.set_web(WebAccess::Public);
    let response = w.get(&server_path).await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(
        response.headers().get("x-robots-tag").is_none(),
        "public pages may be indexed"
    );
    let body = response.text().await.unwrap();
    assert!(
        body.contains("Leaderboard") && body.contains("alice"),
        "{body}"
    );
    assert!(
        body.contains(&w.game_path(id)),
        "recent games link their pages"
    );
    let player = site.path(akron_service::service::WebPage::Player(&alice.id));
    assert!(body.contains(&player), "{body}");
    let (status, page) = w.page(&player).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("alice") && page.contains("Rating history"));
    assert!(page.contains("Current: 1 win"), "{page}");
    assert!(!page.contains("test:"), "no platform id");

    let (status, finished) = w.page(&w.game_path(id)).await;
    assert_eq!(status, 200);
    assert!(finished.contains("Black won by resignation"), "{finished}");
    assert!(!finished.contains("/live"), "a finished game is not live");
}

#[tokio::test]
async fn a_tournament_page_shows_rounds_standings_and_exports() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let players: Vec<User> = ["ann", "ben", "cyd", "dee", "eve"]
        .iter()
        .map(|n| user(n))
        .collect();
    let players: Vec<User> = players
        .into_iter()
        .enumerate()
        .map(|(i, u)| User::new(UserId::new("test", &format!("p{i}")), u.name))
        .collect();
    let cup = w.swiss(&players, 3);
    let path = w.tournament_path(cup);
    let (status, body) = w.page(&path).await;
    assert_eq!(status, 200);
    let detail = w.service.tournament_detail(cup).unwrap().unwrap();
    let round = detail.round(1).unwrap();
    assert!(body.contains("Round 1"));
    assert!(body.contains("Bye: "), "a bye with five players");
    for pairing in &round.pairings {
        let game = pairing.game.unwrap();
        assert!(
            body.contains(&w.game_path(game)),
            "each board links its game"
        );
    }
    assert!(body.contains("Buchholz") && body.contains("Score after each round"));
    assert!(
        body.contains(&format!("{path}/live")),
        "a running tournament is live"
    );
    let (status, csv) = w.page(&format!("{path}/standings")).await;
    assert_eq!(status, 200);
    assert!(csv.starts_with("rank,player,points,Buchholz"), "{csv}");
    assert_eq!(csv.lines().count(), 6);
    let (_, pairings) = w.page(&format!("{path}/pairings")).await;
    assert!(pairings.lines().any(|l| l.ends_with(",bye,")), "{pairings}");
    assert_eq!(pairings.lines().count(), 1 + round.pairings.len() + 1);
}

#[tokio::test]
async fn a_knockout_page_shows_its_bracket_with_seeds_byes_and_names_in_bdi() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let players: Vec<User> = ["ann", "ملك", "cyd", "dee", "eve", "fay"]
        .iter()
        .enumerate()
        .map(|(i, n)| User::new(UserId::new("test", &format!("k{i}")), *n))
        .collect();
    let cup = w.knockout(&players);
    let path = w.tournament_path(cup);
    let (status, body) = w.page(&path).await;
    assert_eq!(status, 200);
    assert!(body.contains("Single elimination"), "{body}");
    assert!(body.contains("<h2>Bracket</h2>"), "{body}");
    // Inside a box that scrolls sideways on a phone, and says so to a screen reader.
    assert!(
        body.contains(r#"<div class="scroll" tabindex="0" role="region" aria-label="Bracket">"#)
    );
    for round in ["Quarter-finals", "Semi-finals", "Final"] {
        assert!(body.contains(&format!("<h3>{round}</h3>")), "{round}");
    }
    assert_eq!(
        body.matches(">bye<").count(),
        2,
        "the top two seeds have byes"
    );
    assert!(body.contains("<bdi>ملك</bdi>"), "names are isolated");
    assert!(!body.contains("<b>Cup</b>"), "the name is escaped");
    let detail = w.service.tournament_detail(cup).unwrap().unwrap();
    for m in detail.bracket.unwrap().round(1).filter(|m| m.low.is_some()) {
        let game = m.games[0].game;
        assert!(
            body.contains(&w.game_path(game)),
            "each match links its game"
        );
    }
}

/// Regression (issue 43): a knockout's CSV exports listed Swiss points, a Buchholz and wins
/// instead of its places and matches, and did not tell a withdrawal from a disqualification.
#[tokio::test]
async fn a_knockouts_csv_exports_list_places_and_matches_not_swiss_points() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let players: Vec<User> = ["ann", "bob", "cyd", "dee", "eve", "fay"]
        .iter()
        .map(|n| user(n))
        .collect();
    let cup = w.knockout(&players);
    w.send(
        &user("fay"),
        "cup",
        false,
        Command::Tournament(TournamentAction::Withdraw(None)),
    );
    w.send(
        &user("organiser"),
        "cup",
        true,
        Command::Tournament(TournamentAction::Withdraw(Some(user("eve")))),
    );
    let path = w.tournament_path(cup);
    let (status, places) = w.page(&format!("{path}/standings")).await;
    assert_eq!(status, 200);
    let lines: Vec<&str> = places.lines().collect();
    assert_eq!(lines[0], "place,seed,player,status", "{places}");
    assert_eq!(lines.len(), 7, "every entrant once: {places}");
    assert!(places.contains(",fay,withdrew"), "{places}");
    assert!(places.contains(",eve,disqualified"), "{places}");
    assert!(places.contains(",ann,in"), "{places}");
    assert!(
        !places.contains("points") && !places.contains("Buchholz"),
        "{places}"
    );
    let (status, matches) = w.page(&format!("{path}/pairings")).await;
    assert_eq!(status, 200);
    let lines: Vec<&str> = matches.lines().collect();
    assert_eq!(
        lines[0], "round,match,high_seed,high,low_seed,low,high_score,low_score,winner,games",
        "{matches}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("1,")).count(),
        4,
        "round 1: two byes and two matches: {matches}"
    );
}

#[tokio::test]
async fn a_double_elimination_page_shows_both_brackets_and_the_grand_final_labelled() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let players: Vec<User> = ["ann", "bea", "cyd", "dee", "eve"]
        .iter()
        .map(|n| user(n))
        .collect();
    let cup = w.double_elimination(&players);
    let (status, body) = w.page(&w.tournament_path(cup)).await;
    assert_eq!(status, 200);
    assert!(body.contains("Double elimination"), "{body}");
    assert!(
        body.contains(r#"<div class="scroll" tabindex="0" role="region" aria-label="Bracket">"#),
        "{body}"
    );
    for label in ["Winners' bracket", "Losers' bracket", "Grand final"] {
        assert!(
            body.contains(&format!(r#"<h3 class="bracket-part">{label}</h3>"#)),
            "{label}: {body}"
        );
    }
    for round in [
        "Winners' round 1",
        "Winners' round 2",
        "Winners' final",
        "Losers' round 1",
        "Losers' final",
    ] {
        assert!(
            body.contains(&format!("<h3>{round}</h3>")),
            "{round}: {body}"
        );
    }
    // The reset has no column until it is played.
    assert!(!body.contains("<h3>Bracket reset</h3>"), "{body}");
    // Round 1: 8 places for 5, byes to seeds 1 to 3.
    assert_eq!(body.matches(">bye<").count(), 3, "{body}");
}

#[tokio::test]
async fn a_live_stream_tells_of_a_move_and_streams_are_capped() {
    let w = World::with_limits(Limits {
        burst: 0,
        max_streams: 2,
        poll_interval: Duration::from_millis(50),
        ..Limits::default()
    })
    .await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    let path = w.game_path(id);
    let version = w.service.game_version(id).unwrap().unwrap();
    let mut stream = w.get(&format!("{path}/live?since={version}")).await;
    assert_eq!(stream.status().as_u16(), 200);
    assert_eq!(stream.headers()["content-type"], "text/event-stream");
    let second = w.get(&format!("{path}/live?since={version}")).await;
    assert_eq!(second.status().as_u16(), 200);
    let third = w.get(&format!("{path}/live")).await;
    assert_eq!(third.status().as_u16(), 503, "past the cap");
    drop(second);

    w.play("g1", "C3");
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !seen.contains("event: change") {
        let chunk = tokio::time::timeout_at(deadline, stream.chunk())
            .await
            .expect("an event within five seconds")
            .unwrap()
            .expect("the stream stays open");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    let now = w.service.game_version(id).unwrap().unwrap();
    assert!(seen.contains(&format!("data: {now}")), "{seen}");
    assert!(now > version);
}

#[tokio::test]
async fn a_puzzle_page_keeps_its_solution_until_the_reveal() {
    use akron_bot::service::PuzzleCommand;
    use akron_service::service::WebPage;
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    // A game in the channel tells which server its puzzles belong to.
    w.start("puzzles", &user("alice"), &user("bobby"), None);
    w.send(
        &user("alice"),
        "puzzles",
        false,
        Command::Puzzle(PuzzleCommand::Create {
            code: "8:w:7,11:2bbbbww/wwbwwbwb/bwwb1wwb/bbbw1b2/wbw1w3/wbbw1bw1/bb1bw3/bwbb1b2|7/2w4/7/7/7/7/7"
                .to_string(),
            rule: None,
            title: "<i>Edge</i>".to_string(),
            several: false,
        }),
    );
    let puzzle = w
        .service
        .puzzle_detail(akron_service::model::PuzzleId(1))
        .unwrap()
        .unwrap();
    let site = w.service.web_site(&server()).unwrap().unwrap();
    let path = site.path(WebPage::Puzzle(puzzle.id));
    let (status, body) = w.page(&path).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("Puzzle 1: \u{2068}&lt;i&gt;Edge&lt;/i&gt;\u{2069}"),
        "{body}"
    );
    assert!(body.contains("White to move wins in one move."), "{body}");
    assert!(
        !body.contains("E6"),
        "no solution before the reveal: {body}"
    );
    assert!(body.contains("are shown from"));
    let picture = w.get(&format!("{path}/board")).await;
    assert_eq!(picture.headers()["content-type"], "image/png");
    // The phone's pictures at two and three device pixels a CSS pixel.
    for (suffix, width) in [("phone", 720), ("phone3x", 1080)] {
        let png = w.get(&format!("{path}/board/{suffix}")).await;
        assert_eq!(png_width(&png.bytes().await.unwrap()), width, "{suffix}");
    }
    assert!(
        body.contains(&format!(
            "{path}/board/phone 720w, {path}/board/phone3x 1080w"
        )),
        "{body}"
    );

    w.clock.advance(puzzle.reveal_at - w.service.now());
    let (_, revealed) = w.page(&path).await;
    assert!(
        revealed.contains("Solution") && revealed.contains("E6"),
        "{revealed}"
    );
    let (status, body) = w.page(&format!("/puzzle/1/{}", "0".repeat(32))).await;
    is_not_found(status, &body);
}

#[tokio::test]
async fn a_round_robin_page_has_a_crosstable() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let organiser = user("organiser");
    let mut options = TournamentOptions::new("League", TournamentFormat::RoundRobin);
    options.size = Some(5);
    w.send(
        &organiser,
        "league",
        true,
        Command::Tournament(TournamentAction::Create(options)),
    );
    for name in ["ann", "ben", "cyd", "dee"] {
        w.send(
            &user(name),
            "league",
            false,
            Command::Tournament(TournamentAction::Join),
        );
    }
    w.send(
        &organiser,
        "league",
        true,
        Command::Tournament(TournamentAction::Start),
    );
    let league = w.service.server_tournaments(&server(), 1).unwrap()[0].id;
    let detail = w.service.tournament_detail(league).unwrap().unwrap();
    let first = &detail.round(1).unwrap().pairings[0];
    let black = detail.entrant(first.black).unwrap().user.clone();
    let mut resign = Request::new(
        detail.entrant(first.white).unwrap().user.clone(),
        ChannelId::new("test", "x"),
        Command::Resign,
    );
    resign.game = first.game;
    resign.server = Some(server());
    assert!(!w.service.handle(&resign).ephemeral);
    let (status, body) = w.page(&w.tournament_path(league)).await;
    assert_eq!(status, 200);
    assert!(
        body.contains("Crosstable") && body.contains("Sonneborn-Berger"),
        "{body}"
    );
    assert!(
        !body.contains("Score after each round"),
        "that is the Swiss's"
    );
    assert_eq!(
        detail.rounds.len(),
        3,
        "a round robin pairs every round at the start"
    );
    let crosstable = body.split("id=\"crosstable\"").nth(1).unwrap();
    let row = crosstable
        .split("<tr>")
        .find(|row| row.contains("class=\"player\"") && row.contains(&black.name))
        .unwrap();
    assert!(
        row.contains("<td>+</td>"),
        "a forfeit win shows as +: {row}"
    );
}

#[tokio::test]
async fn replies_link_their_page_only_while_the_server_allows() {
    let w = World::new().await;
    let (alice, bob) = (user("alice"), user("bobby"));
    let id = w.start("g1", &alice, &bob, None);
    let request = |who: &User, command: Command| {
        let mut request = Request::new(who.clone(), ChannelId::new("test", "g1"), command);
        request.server = Some(server());
        request
    };
    let off = w
        .service
        .handle(&request(&alice, Command::Move("C3".to_string())));
    assert_eq!(off.board_of, Some(id));
    assert_eq!(off.web_link, None, "off: no link");
    w.set_web(WebAccess::Link);
    let on = w
        .service
        .handle(&request(&bob, Command::Move("B2".to_string())));
    let link = on.web_link.expect("a link while the pages are on");
    assert_eq!(link.label, "View game");
    assert_eq!(link.url, format!("{WEB_URL}{}", w.game_path(id)));
    let (status, _) = w.page(&link.url[WEB_URL.len()..]).await;
    assert_eq!(status, 200, "the link is the page");

    let cup = w.swiss(&[user("a"), user("bb"), user("ccc")], 2);
    let mut standings = Request::new(
        user("a"),
        ChannelId::new("test", "cup"),
        Command::Tournament(TournamentAction::Standings),
    );
    standings.server = Some(server());
    let reply = w.service.handle(&standings);
    let link = reply.web_link.expect("standings link their page");
    assert_eq!(link.url, format!("{WEB_URL}{}", w.tournament_path(cup)));
    w.set_web(WebAccess::Off);
    assert_eq!(w.service.handle(&standings).web_link, None);
}

/// A page's body in the language a browser asks for with `Accept-Language`.
async fn page_in(w: &World, path: &str, accept: &str) -> (u16, String) {
    let response = w
        .client
        .get(format!("{}{path}", w.base))
        .header("accept-language", accept)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// No message id of the catalogue is left in a page as it is (a missing message comes out
/// as its id).
fn fully_worded(body: &str) {
    for id in ["web-", "time-control", ">colour<"] {
        assert!(
            !body.contains(id),
            "a message id in the page ({id}): {body}"
        );
    }
}

/// A game against the AI names it in the page's language, in the players and the title.
#[tokio::test]
async fn a_game_against_the_ai_names_it_in_the_pages_language() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let ai = User::ai(akron_ai::Level::new(2).unwrap());
    w.send(
        &user("alice"),
        "ai",
        false,
        Command::Challenge(Challenge {
            size: Some(5),
            colour: Some(ColourChoice::White),
            ..Challenge::new(ai)
        }),
    );
    let id = w
        .service
        .channel_game(&ChannelId::new("test", "ai"))
        .unwrap()
        .unwrap()
        .id;
    let path = w.game_path(id);
    for (accept, name) in [
        ("es", "Akron IA nivel 2"),
        ("de", "Akron-KI Stufe 2"),
        ("en", "Akron AI level 2"),
    ] {
        let (status, body) = page_in(&w, &path, accept).await;
        assert_eq!(status, 200);
        let title = body.split("<title>").nth(1).unwrap_or_default();
        assert!(
            title
                .split("</title>")
                .next()
                .unwrap_or_default()
                .contains(name),
            "{accept}: {name} in the title: {body}"
        );
        assert!(
            body.contains(&format!(r#"<span class="name"><bdi>{name}</bdi></span>"#)),
            "{accept}: {name}: {body}"
        );
    }
}

#[tokio::test]
async fn pages_speak_the_browsers_language_else_the_servers() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    w.play("g1", "C3");
    let path = w.game_path(id);

    let (status, spanish) = page_in(&w, &path, "es-ES,es;q=0.9,en;q=0.5").await;
    assert_eq!(status, 200);
    assert!(spanish.contains(r#"<html lang="es">"#), "{spanish}");
    for words in [
        "Jugadas",
        "Adelante",
        "Jugada 1: C3 de las negras",
        "Tablero",
        "5×5, 12 piedras cada uno",
        "El tablero:",
    ] {
        assert!(spanish.contains(words), "{words}: {spanish}");
    }
    fully_worded(&spanish);

    let (_, german) = page_in(&w, &path, "fr-FR, de;q=0.8").await;
    assert!(german.contains(r#"<html lang="de">"#), "{german}");
    for words in [
        "Züge",
        "Vor",
        "Zug 1: C3 von Schwarz",
        "je 12 Steine",
        "Das Brett:",
    ] {
        assert!(german.contains(words), "{words}: {german}");
    }
    fully_worded(&german);

    // A browser asking for none of the three reads the server's language, else English.
    let (_, english) = page_in(&w, &path, "fr-FR").await;
    assert!(english.contains(r#"<html lang="en">"#) && english.contains("Forward"));
    fully_worded(&english);
    let mut german_server = Request::new(
        user("mod"),
        ChannelId::new("test", "lobby"),
        Command::Settings(Some(Setting::Language("de".to_string()))),
    );
    german_server.server = Some(server());
    german_server.is_moderator = true;
    let _ = w.service.handle(&german_server);
    let (_, servers) = page_in(&w, &path, "fr-FR").await;
    assert!(servers.contains(r#"<html lang="de">"#), "{servers}");
    let (_, asked) = page_in(&w, &path, "es").await;
    assert!(asked.contains(r#"<html lang="es">"#), "the browser's wins");

    // The 404 page follows the browser too, and still tells nothing.
    let (status, missing) = page_in(&w, "/game/1/nope", "es").await;
    assert_eq!(status, 404);
    assert!(
        missing.contains("No encontrada") && missing.contains(r#"lang="es""#),
        "{missing}"
    );

    // The tournament page, with its schedule, in Spanish and German.
    let cup = w.swiss(&[user("a"), user("bb"), user("ccc"), user("dddd")], 2);
    let (_, torneo) = page_in(&w, &w.tournament_path(cup), "es").await;
    for words in [
        "Clasificación",
        "Calendario",
        "Jugadas antes de",
        "Ronda 1",
        "Suizo",
        "Mesa",
    ] {
        assert!(torneo.contains(words), "{words}: {torneo}");
    }
    fully_worded(&torneo);
    let (_, turnier) = page_in(&w, &w.tournament_path(cup), "de").await;
    for words in [
        "Tabelle",
        "Zeitplan",
        "Züge fällig bis",
        "Runde 1",
        "Schweizer System",
    ] {
        assert!(turnier.contains(words), "{words}: {turnier}");
    }
    fully_worded(&turnier);
}

#[tokio::test]
async fn a_tournament_page_shows_each_rounds_start_and_deadline() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let started = w.service.now();
    let players = [user("a"), user("bb"), user("ccc"), user("dddd")];
    let cup = w.swiss(&players, 2);
    let detail = w.service.tournament_detail(cup).unwrap().unwrap();
    let round = detail.round(1).unwrap();
    // The default clock: three days a move.
    let day = 86_400;
    assert_eq!(round.started_at, Some(started));
    assert_eq!(round.deadline, Some(started + 3 * day));

    // A move in one game a day later: the round is due when the later of the moves awaited is.
    w.clock.advance(day);
    let game = round.pairings[0].game.unwrap();
    let channel = w.service.game_detail(game).unwrap().unwrap().channel;
    let mut play = Request::new(
        w.service
            .game_detail(game)
            .unwrap()
            .unwrap()
            .players
            .black
            .clone(),
        channel,
        Command::Move("C3".to_string()),
    );
    play.server = Some(server());
    let reply = w.service.handle(&play);
    assert!(reply.board_of.is_some(), "{}", reply.text);
    let detail = w.service.tournament_detail(cup).unwrap().unwrap();
    let round = detail.round(1).unwrap();
    assert_eq!(round.started_at, Some(started));
    assert_eq!(round.deadline, Some(started + 4 * day));

    let (status, body) = w.page(&w.tournament_path(cup)).await;
    assert_eq!(status, 200);
    let schedule = body.split("id=\"schedule-table\"").nth(1).unwrap();
    let schedule = schedule.split("</table>").next().unwrap();
    let iso = |unix: i64| {
        let day = akron_service::record::date(unix);
        let s = unix.rem_euclid(86_400);
        format!("{day}T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
    };
    assert!(
        schedule.contains(&format!(
            r#"<time class="local" datetime="{}">"#,
            iso(started)
        )),
        "the start, as a time the script shows locally: {schedule}"
    );
    assert!(
        schedule.contains(&format!(r#"datetime="{}">"#, iso(started + 4 * day)))
            && schedule.contains(" UTC</time>"),
        "the deadline, with its UTC text for a reader without script: {schedule}"
    );
}

#[tokio::test]
async fn a_puzzle_in_a_channel_without_games_has_a_page_when_its_server_allows() {
    use akron_bot::service::PuzzleCommand;
    let w = World::new().await;
    let create = Command::Puzzle(PuzzleCommand::Create {
        code: "8:w:7,11:2bbbbww/wwbwwbwb/bwwb1wwb/bbbw1b2/wbw1w3/wbbw1bw1/bb1bw3/bwbb1b2|7/2w4/7/7/7/7/7"
            .to_string(),
        rule: None,
        title: String::new(),
        several: false,
    });
    // Posted while the pages are off: no link, and no page until they are on.
    let mut request = Request::new(user("alice"), ChannelId::new("test", "quiet"), create);
    request.server = Some(server());
    let posted = w.service.handle(&request);
    assert_eq!(posted.puzzle_of, Some(akron_service::model::PuzzleId(1)));
    assert_eq!(posted.web_link, None);
    let puzzle = w
        .service
        .puzzle_detail(akron_service::model::PuzzleId(1))
        .unwrap()
        .unwrap();
    assert_eq!(puzzle.server, Some(server()), "recorded when posted");
    assert_eq!(w.service.puzzle_web_path(puzzle.id).unwrap(), None);

    w.set_web(WebAccess::Link);
    let path = w.service.puzzle_web_path(puzzle.id).unwrap().unwrap();
    let (status, body) = w.page(&path).await;
    assert_eq!(status, 200, "a channel without games: {body}");
    assert!(body.contains("White to move wins in one move."), "{body}");
    let (_, german) = page_in(&w, &path, "de").await;
    assert!(
        german.contains("Weiß am Zug gewinnt in einem Zug."),
        "{german}"
    );
    fully_worded(&german);

    // The next puzzle posted links its page, in the poster's channel's language. (A position
    // is posted once per server with each rule: this one is the same under the other rule.)
    if let Command::Puzzle(PuzzleCommand::Create { rule, .. }) = &mut request.command {
        *rule = Some(akron_rules::WinRule::Immediate);
    }
    let second = w.service.handle(&request);
    let link = second.web_link.expect("a puzzle post links its page");
    assert_eq!(link.label, "Puzzle page");
    let (status, _) = w.page(&link.url[WEB_URL.len()..]).await;
    assert_eq!(status, 200, "the link is the page");

    w.set_web(WebAccess::Off);
    let (status, body) = w.page(&path).await;
    is_not_found(status, &body);
}

#[tokio::test]
async fn a_rounds_announcements_link_the_tournament_page() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let cup = w.swiss(&[user("a"), user("bb"), user("ccc"), user("dddd")], 2);
    let page = format!("{WEB_URL}{}", w.tournament_path(cup));
    let notices = w.service.due_notices("test", 100).unwrap();
    let announcements: Vec<_> = notices
        .iter()
        .filter(|n| n.thread.is_some() || n.reply.text.contains("round 1 of 2"))
        .collect();
    // The round's pairings and each of its two games' announcements.
    assert!(announcements.len() >= 3, "{notices:#?}");
    for notice in announcements {
        let link = notice
            .reply
            .web_link
            .as_ref()
            .expect("a link to the tournament");
        assert_eq!(
            (link.label.as_str(), link.url.as_str()),
            ("Tournament page", page.as_str())
        );
    }
    w.set_web(WebAccess::Off);
    let notices = w.service.due_notices("test", 100).unwrap();
    assert!(notices.iter().all(|n| n.reply.web_link.is_none()));
}

#[tokio::test]
async fn a_malformed_percent_encoding_is_the_plain_404() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    let token = w.game_path(id).rsplit('/').next().unwrap().to_string();
    for bad in [
        format!("/game/%ff%fe/{token}"),
        format!("/game/{}/%ff", id.0),
        format!("/tournament/%c3%28/{token}"),
    ] {
        let (status, body) = w.page(&bad).await;
        is_not_found(status, &body);
        assert!(
            !body.contains("UTF-8") && !body.contains("path"),
            "{bad}: {body}"
        );
    }
}

#[tokio::test]
async fn static_files_have_versioned_names_validators_and_compression() {
    let w = World::new().await;
    let (_, home) = w.page("/").await;
    let versioned = |prefix: &str| {
        let at = home
            .find(prefix)
            .unwrap_or_else(|| panic!("{prefix} in {home}"));
        home[at..].split('"').next().unwrap().to_string()
    };
    let script = versioned("/static/app.");
    let style = versioned("/static/style.");
    let icon = versioned("/static/icon.");
    assert!(
        home.contains(r#"<a class="brand" href="/">"#),
        "the site's name links home"
    );
    for path in [&script, &style, &icon] {
        let response = w.get(path).await;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        let etag = response.headers()["etag"].to_str().unwrap().to_string();
        let again = w
            .client
            .get(format!("{}{path}", w.base))
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status().as_u16(), 304, "{path} with its ETag");
    }
    let (status, body) = w.page("/static/app.0000000000.js").await;
    is_not_found(status, &body);
    let favicon = w.get("/favicon.ico").await;
    assert_eq!(favicon.status().as_u16(), 200);
    assert_eq!(favicon.headers()["content-type"], "image/svg+xml");
    for encoding in ["gzip", "br"] {
        let packed = w
            .client
            .get(format!("{}{script}", w.base))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(packed.headers()["content-encoding"], encoding);
        let page = w
            .client
            .get(format!("{}/", w.base))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(page.headers()["content-encoding"], encoding, "a page too");
    }
    let plain = w.get(&script).await;
    assert!(plain.headers().get("content-encoding").is_none());
}

#[tokio::test]
async fn a_three_day_clock_shows_days_and_hours() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start(
        "g1",
        &user("alice"),
        &user("bobby"),
        Some(TimeControl::PerMove(3 * 86_400)),
    );
    w.play("g1", "C3");
    let (status, body) = w.page(&w.game_path(id)).await;
    assert_eq!(status, 200);
    assert!(body.contains(">3 d<"), "{body}");
    assert!(!body.contains("72:00:00"), "{body}");
    assert!(
        body.contains(r#"data-days="%d d %h h""#) && body.contains(r#"data-whole-days="%d d""#),
        "the script's patterns: {body}"
    );
}

/// The reader's report (a13): a 3-day clock a few seconds after its start read `2 d 23 h`.
#[tokio::test]
async fn a_fresh_three_day_clock_reads_three_days_on_the_page() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start(
        "g1",
        &user("alice"),
        &user("bobby"),
        Some(TimeControl::PerMove(3 * 86_400)),
    );
    w.play("g1", "C3");
    w.clock.advance(5);
    let (status, body) = w.page(&w.game_path(id)).await;
    assert_eq!(status, 200);
    assert!(body.contains(">3 d<"), "{body}");
    assert!(!body.contains("2 d 23 h"), "{body}");
}

#[tokio::test]
async fn a_tournament_game_links_its_tournament_and_pages_carry_the_board_in_words() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let players: Vec<User> = ["ann", "ben", "cyd", "dee"]
        .iter()
        .map(|n| user(n))
        .collect();
    let cup = w.swiss(&players, 2);
    let detail = w.service.tournament_detail(cup).unwrap().unwrap();
    let game = detail.round(1).unwrap().pairings[0].game.unwrap();
    let (status, body) = w.page(&w.game_path(game)).await;
    assert_eq!(status, 200);
    assert!(
        body.contains(&format!(r#"href="{}""#, w.tournament_path(cup))),
        "{body}"
    );
    assert!(body.contains("Round 1"), "{body}");
    assert!(
        body.contains(r#"<div id="board-text" aria-live="polite">"#),
        "{body}"
    );

    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    w.play("g1", "C3");
    let path = w.game_path(id);
    let (_, page) = w.page(&path).await;
    assert!(page.contains("Level 0: Black 1 (C3)"), "{page}");
    let (status, text) = w.page(&format!("{path}/text/0")).await;
    assert_eq!(status, 200);
    assert_eq!(text, "The board is empty.");
    let (_, text) = w.page(&format!("{path}/text/1")).await;
    assert!(text.starts_with("Level 0: Black 1 (C3)"), "{text}");
    let (status, body) = w.page(&format!("{path}/text/2")).await;
    is_not_found(status, &body);
}

#[tokio::test]
async fn a_game_page_links_names_to_player_pages_only_where_they_exist() {
    use akron_service::service::WebPage;
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let (ann, ben, cyd) = (user("ann"), user("ben"), user("cyd"));
    // Ann and Ben have a rating on the server after a rated game; Cyd has none.
    w.start("g0", &ann, &ben, None);
    w.play("g0", "C3");
    w.play("g0", "B2");
    w.send(&ben, "g0", false, Command::Resign);
    let rated = w.start("g1", &ann, &ben, None);
    let unrated = w.start("g2", &ann, &cyd, None);
    let site = w.service.web_site(&server()).unwrap().unwrap();
    let (ann_page, ben_page, cyd_page) = (
        site.path(WebPage::Player(&ann.id)),
        site.path(WebPage::Player(&ben.id)),
        site.path(WebPage::Player(&cyd.id)),
    );
    let (_, body) = w.page(&w.game_path(rated)).await;
    for page in [&ann_page, &ben_page] {
        assert!(body.contains(&format!("href=\"{page}\"")), "{body}");
        let (status, player) = w.page(page).await;
        assert_eq!(status, 200, "the link leads to a page: {player}");
        // The rating chart has its scale: ratings up the side, games along the bottom.
        assert!(player.contains("class=\"scale\""), "{player}");
        assert!(player.contains(">Games</text>"), "{player}");
    }
    let (_, body) = w.page(&w.game_path(unrated)).await;
    assert!(body.contains(&format!("href=\"{ann_page}\"")), "{body}");
    assert!(!body.contains(&cyd_page), "Cyd has no page yet: {body}");
    let (status, _) = w.page(&cyd_page).await;
    assert_eq!(status, 404);

    // A server whose pages are only linked has no player pages, and no links to them.
    w.set_web(WebAccess::Link);
    let (_, body) = w.page(&w.game_path(rated)).await;
    assert!(!body.contains("/player/"), "{body}");
}

/// Issue 40: a puzzle's solvers are linked to their pages like the names of a game page,
/// when the server's pages are public and the solver is rated there; others stay plain.
#[tokio::test]
async fn a_revealed_puzzles_rated_solvers_link_their_pages() {
    use akron_bot::service::PuzzleCommand;
    use akron_service::model::PuzzleId;
    use akron_service::service::WebPage;
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let (alice, bobby, carol) = (user("alice"), user("bobby"), user("carol"));
    w.start("puzzles", &alice, &bobby, None);
    w.play("puzzles", "C3");
    w.play("puzzles", "B2");
    w.send(&bobby, "puzzles", false, Command::Resign);
    w.send(
        &bobby,
        "puzzles",
        false,
        Command::Puzzle(PuzzleCommand::Create {
            code: "8:w:7,11:2bbbbww/wwbwwbwb/bwwb1wwb/bbbw1b2/wbw1w3/wbbw1bw1/bb1bw3/bwbb1b2|7/2w4/7/7/7/7/7"
                .to_string(),
            rule: None,
            title: "Edge".to_string(),
            several: false,
        }),
    );
    for solver in [&alice, &carol] {
        let mut request = Request::new(
            solver.clone(),
            ChannelId::new("test", "puzzles"),
            Command::Puzzle(PuzzleCommand::Solve(PuzzleId(1), vec!["E6".to_string()])),
        );
        request.server = Some(server());
        let reply = w.service.handle(&request);
        assert!(reply.text.contains("Correct"), "{}", reply.text);
    }
    let puzzle = w.service.puzzle_detail(PuzzleId(1)).unwrap().unwrap();
    let site = w.service.web_site(&server()).unwrap().unwrap();
    let path = site.path(WebPage::Puzzle(puzzle.id));
    w.clock.advance(puzzle.reveal_at - w.service.now());
    let (status, body) = w.page(&path).await;
    assert_eq!(status, 200, "{body}");
    let alice_page = site.path(WebPage::Player(&alice.id));
    assert!(
        body.contains(&format!("<a href=\"{alice_page}\"><bdi>alice</bdi></a>")),
        "a rated solver is linked: {body}"
    );
    assert!(body.contains("<li><bdi>carol</bdi></li>"), "{body}");
    assert!(!body.contains(&site.path(WebPage::Player(&carol.id))));
    assert_eq!(w.page(&alice_page).await.0, 200, "the link leads to a page");
}

/// Issue 44: an analysed game's page shows each side's accuracy and the evaluation chart under
/// the board (every point a link to its move, the marked ones dots), and marks the moves in the move list
/// with a symbol and a word, never colour alone.
#[tokio::test]
async fn an_analysed_games_page_shows_the_chart_and_marks_its_moves() {
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let (alice, bob) = (user("alice"), user("bobby"));
    let id = w.start("g1", &alice, &bob, None);
    for mv in ["C3", "B2", "D4"] {
        w.play("g1", mv);
    }
    w.send(&bob, "g1", false, Command::Resign);
    let path = w.game_path(id);
    let (_, before) = w.page(&path).await;
    assert!(!before.contains("id=\"analysis\""), "not analysed yet");
    let mut ask = Request::new(
        alice.clone(),
        ChannelId::new("test", "g1"),
        Command::Analyze(akron_bot::service::AnalyzeRequest {
            game: Some(id),
            ..Default::default()
        }),
    );
    ask.server = Some(server());
    assert!(!w.service.handle(&ask).ephemeral);
    assert_eq!(
        akron_bot::ai_player::analyse_pending(&w.service).unwrap(),
        1
    );
    // The second move marked a blunder in the store, so that the page has a mark to show
    // whatever the engine thought of these three moves.
    let db = akron_service::db::Db::open(&w.dir.path().join("akron.db")).unwrap();
    let stored: String = db
        .read(|tx| {
            tx.query_one(
                "SELECT evals FROM analyses WHERE game_id = ?1",
                akron_service::params![id.0],
                |r| r.get(0),
            )
        })
        .unwrap();
    let mut moves: serde_json::Value = serde_json::from_str(&stored).unwrap();
    moves[1]["mark"] = "blunder".into();
    moves[1]["best"] = "A1".into();
    let marked = moves.to_string();
    db.write(|tx| {
        tx.execute(
            "UPDATE analyses SET evals = ?2 WHERE game_id = ?1",
            akron_service::params![id.0, marked],
        )
    })
    .unwrap();
    let (status, page) = w.page(&path).await;
    assert_eq!(status, 200);
    assert!(page.contains("id=\"analysis\""), "{page}");
    assert!(page.contains("<svg"), "{page}");
    assert!(page.contains("Evaluation chart of game"), "{page}");
    assert!(page.contains("accuracy"), "{page}");
    assert!(
        page.contains("class=\"mark blunder\">?? blunder</span>"),
        "the mark in the move list, symbol and word: {page}"
    );
    assert!(
        page.contains(
            "<a href=\"?ply=2\" aria-label=\"Move 2: B2 by White ?? blunder\" data-ply=\"2\">"
        ),
        "the chart's dot steps to its move: {page}"
    );
    // Every point steps to its move, not only the marked ones: the start and each move.
    let plies = moves.as_array().map_or(0, Vec::len);
    for ply in 0..=plies {
        assert!(
            page.contains(&format!("<a href=\"?ply={ply}\" aria-label=\"")),
            "point {ply} of the chart is a link: {page}"
        );
    }
    assert!(
        page.contains("<a href=\"?ply=0\" aria-label=\"The start position\" data-ply=\"0\">"),
        "{page}"
    );
}

/// Issue 40: a tournament's standings and pairings link each entrant's name to their player
/// page when the server's pages are public and the entrant is rated there, as a game page
/// does; an unrated entrant's name stays plain.
#[tokio::test]
async fn a_public_tournaments_rated_entrants_link_their_pages() {
    use akron_service::service::WebPage;
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let (alice, bobby, carol) = (user("alice"), user("bobby"), user("carol"));
    w.start("g1", &alice, &bobby, None);
    w.play("g1", "C3");
    w.play("g1", "B2");
    w.send(&bobby, "g1", false, Command::Resign);
    let cup = w.swiss(&[alice.clone(), bobby.clone(), carol.clone()], 2);
    let (status, body) = w.page(&w.tournament_path(cup)).await;
    assert_eq!(status, 200, "{body}");
    let site = w.service.web_site(&server()).unwrap().unwrap();
    // Alice plays carol in round 1 (standings and pairings); bobby has the bye (standings).
    for (rated, links) in [(&alice, 2), (&bobby, 1)] {
        let page = site.path(WebPage::Player(&rated.id));
        assert_eq!(
            body.matches(&format!("<a href=\"{page}\">")).count(),
            links,
            "{} linked in the standings and the pairings: {body}",
            rated.name
        );
    }
    assert!(
        !body.contains(&site.path(WebPage::Player(&carol.id))),
        "{body}"
    );
    assert!(body.contains("carol"));
}

/// The width of a PNG, from its header.
fn png_width(png: &[u8]) -> u32 {
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
    u32::from_be_bytes([png[16], png[17], png[18], png[19]])
}
