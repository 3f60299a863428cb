//! The web companion in a real headless Chromium, driven through chromedriver (Debian's
//! `chromium` and `chromium-driver`): the board shows and steps, a move made through the
//! service appears on an open page within a second, a Swiss's standings match the service's
//! after every round, a hostile name stays text, and a phone-sized page has no sideways
//! scroll. Screenshots go to `target/tmp/web-screenshots/`.
//!
//! Without chromedriver the tests print a note and pass, except under `CI`, where they fail.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::web::{server, user, World, HOSTILE, MARKDOWN};
use akron_bot::service::{Command, Request};
use akron_service::model::{ChannelId, User, UserId, WebAccess};
use akron_service::service::{Status, TournamentDetail};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

/// Chrome's flags for a quiet, sandboxless headless run with nothing fetched from outside.
const FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// The phone's viewport, in CSS pixels.
pub const PHONE: (u32, u32) = (390, 844);

/// Where the screenshots go.
pub fn artefacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// chromedriver, killed when dropped, with its profile folder.
pub struct Driver {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn find(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|path| path.is_file())
    })
}

/// A browser session at 390 × 844, or `None` (with a note) when chromedriver or chromium is
/// missing outside CI.
async fn browser() -> Option<(Client, Driver)> {
    browser_with(&[]).await
}

/// [`browser`] with more Chrome flags.
pub async fn browser_with(extra: &[&str]) -> Option<(Client, Driver)> {
    browser_sized(extra, PHONE).await
}

/// A browser session with these Chrome flags, its viewport `width` × `height` CSS pixels:
/// a phone's (emulated) when it is [`PHONE`], else a desktop window of that size.
pub async fn browser_sized(extra: &[&str], size: (u32, u32)) -> Option<(Client, Driver)> {
    browser_at_density(extra, size, 1.0).await
}

/// A browser session at `width` × `height` CSS pixels whose screen has `pixel_ratio` device
/// pixels a CSS pixel (a phone's only: a desktop window keeps its own), or `None` as
/// [`browser_sized`].
pub async fn browser_at_density(
    extra: &[&str],
    (width, height): (u32, u32),
    pixel_ratio: f64,
) -> Option<(Client, Driver)> {
    let (Some(driver), Some(chromium)) = (find("chromedriver"), find("chromium")) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have chromium and chromium-driver (.ci/run installs them)"
        );
        eprintln!("note: chromium or chromedriver is missing; the browser tests are skipped");
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // The browser lives in Madrid, so that times shown in its own zone differ from UTC.
    let child = Process::new(driver)
        .env("TZ", "Europe/Madrid")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let profile = tempfile::tempdir().unwrap();
    let driver = Driver {
        child,
        port,
        _profile: profile,
    };
    let mut args: Vec<String> = FLAGS.iter().chain(extra).map(ToString::to_string).collect();
    let phone = (width, height) == PHONE;
    args.push(if phone {
        "--window-size=390,844".to_string()
    } else {
        format!("--window-size={width},{height}")
    });
    args.push(format!(
        "--user-data-dir={}",
        driver._profile.path().display()
    ));
    let mut capabilities = serde_json::Map::new();
    // Headless Chrome keeps windows at least 500 px wide: the phone's viewport is emulated.
    let mut options = json!({ "args": args, "binary": chromium });
    if phone {
        options["mobileEmulation"] = json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": pixel_ratio, "touch": false }
        });
    }
    capabilities.insert("goog:chromeOptions".to_string(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let started = Instant::now();
    loop {
        match ClientBuilder::new(connector.clone())
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(client) => return Some((client, driver)),
            Err(error) if started.elapsed() > Duration::from_secs(20) => {
                panic!("chromedriver did not start a session: {error}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

pub async fn script(client: &Client, code: &str) -> Value {
    client.execute(code, Vec::new()).await.unwrap()
}

/// The page has no horizontal scroll at its width; saves its screenshot as `name`.
async fn phone_check(client: &Client, name: &str) {
    let sizes = script(
        client,
        "return [document.documentElement.scrollWidth, window.innerWidth];",
    )
    .await;
    let (scroll, inner) = (sizes[0].as_u64().unwrap(), sizes[1].as_u64().unwrap());
    let png = client.screenshot().await.unwrap();
    std::fs::write(artefacts().join(format!("{name}.png")), png).unwrap();
    assert!(inner <= 400, "a phone-sized window: {inner}");
    assert!(
        scroll <= inner,
        "{name} scrolls sideways: {scroll} > {inner}"
    );
}

/// The number in the board picture's address, once the picture has loaded.
async fn shown_step(client: &Client) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let state = script(
            client,
            "const i = document.getElementById('board-img'); \
             return [i.getAttribute('src'), i.complete && i.naturalWidth > 0];",
        )
        .await;
        if state[1] == true {
            let src = state[0].as_str().unwrap().to_string();
            return src.rsplit('/').next().unwrap().parse().unwrap();
        }
        assert!(Instant::now() < deadline, "the board picture did not load");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn highlighted(client: &Client) -> Option<u64> {
    script(
        client,
        "const a = document.querySelector('#moves a[aria-current]'); \
         return a ? Number(a.dataset.ply) : null;",
    )
    .await
    .as_u64()
}

/// A key pressed on the board (which takes the focus first).
async fn press(client: &Client, key: char) {
    press_on(client, "#board", key).await;
}

/// A key pressed on the element `css` (which takes the focus first).
async fn press_on(client: &Client, css: &str, key: char) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .send_keys(&key.to_string())
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_steps_follows_live_moves_and_keeps_hostile_names_as_text() {
    let Some((client, _driver)) = browser().await else {
        return;
    };
    let w = World::with_limits(akron_bot::web::Limits {
        burst: 0,
        ..akron_bot::web::Limits::default()
    })
    .await;
    w.set_web(WebAccess::Link);
    let (evil, stars) = (user(HOSTILE), user(MARKDOWN));
    let id = w.start("g1", &evil, &stars, None);
    for mv in ["C3", "B2", "D4", "B4"] {
        w.play("g1", mv);
    }
    let url = format!("{}{}", w.base, w.game_path(id));
    client.goto(&url).await.unwrap();
    client
        .wait()
        .at_most(Duration::from_secs(5))
        .for_element(Locator::Css("#moves a[data-ply='4']"))
        .await
        .unwrap();
    assert_eq!(shown_step(&client).await, 4, "the last move is shown");
    assert_eq!(highlighted(&client).await, Some(4));

    // The hostile name is text, and nothing ran: no image from it, no alert open (WebDriver
    // would refuse every command while one is).
    let names = script(
        &client,
        "return Array.from(document.querySelectorAll('.name')).map(n => n.textContent);",
    )
    .await;
    assert_eq!(names, json!([HOSTILE, MARKDOWN]));
    let injected = script(
        &client,
        "return document.querySelectorAll('img[src=\"x\"]').length;",
    )
    .await;
    assert_eq!(injected, json!(0));
    assert!(client.title().await.unwrap().contains(HOSTILE));

    // Stepping back with the keyboard changes the picture and the highlighted move.
    press(&client, '\u{E012}').await; // ←
    assert_eq!(shown_step(&client).await, 3);
    assert_eq!(highlighted(&client).await, Some(3));
    let caption = client
        .find(Locator::Id("step-caption"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(caption, "Move 3: D4 by Black");
    let alt = script(&client, "return document.getElementById('board-img').alt;").await;
    assert_eq!(alt, json!("The board: Move 3: D4 by Black"));
    client
        .find(Locator::Css("[data-step='first']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(shown_step(&client).await, 0);
    assert_eq!(highlighted(&client).await, None);
    client
        .find(Locator::Css("#moves a[data-ply='2']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(shown_step(&client).await, 2);
    press(&client, '\u{E010}').await; // End
    assert_eq!(shown_step(&client).await, 4);
    phone_check(&client, "game").await;

    // A move played in chat appears within a second, and the page follows to it.
    tokio::time::sleep(Duration::from_millis(300)).await; // the stream is open
    let played = Instant::now();
    w.play("g1", "A2");
    loop {
        let count = script(
            &client,
            "return document.querySelectorAll('#moves a[data-ply]').length;",
        )
        .await
        .as_u64()
        .unwrap();
        if count == 5 {
            break;
        }
        assert!(
            played.elapsed() < Duration::from_secs(1),
            "the move did not appear within a second"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!(
        "a move appeared on the page {:?} after it was played",
        played.elapsed()
    );
    assert_eq!(shown_step(&client).await, 5);
    assert_eq!(highlighted(&client).await, Some(5));
    client.close().await.unwrap();
}

/// The standings table as the page shows it: (rank, name, points), without the invisible
/// isolates (U+2068, U+2069) around the names.
async fn page_standings(client: &Client) -> Value {
    script(
        client,
        "return Array.from(document.querySelectorAll('#standings-table tbody tr')).map(r => \
         Array.from(r.cells).slice(0, 3).map(c => c.textContent.replace(/[\\u2068\\u2069]/g, '')));",
    )
    .await
}

fn service_standings(detail: &TournamentDetail) -> Value {
    Value::Array(
        detail
            .standings
            .iter()
            .map(|s| {
                json!([
                    s.rank.to_string(),
                    detail.entrant(s.player).unwrap().user.name,
                    s.points.to_string()
                ])
            })
            .collect(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_pages_standings_match_the_service_after_every_round() {
    let Some((client, _driver)) = browser().await else {
        return;
    };
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let players: Vec<User> = ["Ann", "Ben", "Cyd", "Dee", "Eve", HOSTILE]
        .iter()
        .enumerate()
        .map(|(i, name)| User::new(UserId::new("test", &format!("p{i}")), *name))
        .collect();
    let cup = w.swiss(&players, 3);
    let url = format!("{}{}", w.base, w.tournament_path(cup));
    client.goto(&url).await.unwrap();
    for round in 1..=3 {
        let detail = w.service.tournament_detail(cup).unwrap().unwrap();
        assert_eq!(detail.current_round, round);
        // Each board: a move each (so that the game is rated), then on odd boards White
        // resigns, on even boards Black does.
        for pairing in &detail.round(round).unwrap().pairings {
            let game = pairing.game.unwrap();
            let play = |who: &User, command: Command| {
                let mut request = Request::new(who.clone(), ChannelId::new("test", "x"), command);
                request.game = Some(game);
                request.server = Some(server());
                let reply = w.service.handle(&request);
                assert!(!reply.ephemeral, "{}", reply.text);
            };
            let black = detail.entrant(pairing.black).unwrap().user.clone();
            let white = detail.entrant(pairing.white).unwrap().user.clone();
            play(&black, Command::Move("C3".to_string()));
            play(&white, Command::Move("B2".to_string()));
            let loser = if pairing.board % 2 == 1 { white } else { black };
            play(&loser, Command::Resign);
            assert_eq!(
                w.service.game_detail(game).unwrap().unwrap().status,
                Status::Finished
            );
        }
        let after = w.service.tournament_detail(cup).unwrap().unwrap();
        let expected = service_standings(&after);
        // The live page updates itself; wait for it rather than reloading.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let shown = page_standings(&client).await;
            if shown == expected {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "round {round}: the page shows {shown} but the service says {expected}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        phone_check(&client, &format!("swiss-round-{round}")).await;
    }
    let finished = w.service.tournament_detail(cup).unwrap().unwrap();
    assert_eq!(
        finished.status,
        akron_service::model::TournamentStatus::Finished
    );
    let injected = script(
        &client,
        "return document.querySelectorAll('img[src=\"x\"]').length;",
    )
    .await;
    assert_eq!(injected, json!(0));

    // The public server's page and a player's page read on a phone too.
    let site = w.service.web_site(&server()).unwrap().unwrap();
    client
        .goto(&format!(
            "{}{}",
            w.base,
            site.path(akron_service::service::WebPage::Server)
        ))
        .await
        .unwrap();
    phone_check(&client, "server").await;
    let first = client
        .find(Locator::Css("#leaderboard td.player a"))
        .await
        .unwrap();
    first.click().await.unwrap();
    client
        .wait()
        .at_most(Duration::from_secs(5))
        .for_element(Locator::Css(".chart svg"))
        .await
        .unwrap();
    phone_check(&client, "player").await;

    // Switched off, the same pages are 404 in the browser too.
    w.set_web(WebAccess::Off);
    client.goto(&url).await.unwrap();
    let heading = client
        .find(Locator::Css("h1"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(heading, "Not found");
    phone_check(&client, "not-found").await;
    client.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_bracket_scrolls_in_its_box_on_a_phone_and_shows_whole_on_a_desktop() {
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let players: Vec<User> = ["Ann", "Ben", "Cyd", "Dee", "Eve", HOSTILE]
        .iter()
        .enumerate()
        .map(|(i, name)| User::new(UserId::new("test", &format!("k{i}")), *name))
        .collect();
    let cup = w.knockout(&players);
    let url = format!("{}{}", w.base, w.tournament_path(cup));
    // The box's own width and how wide its content is.
    let widths = "const b = document.querySelector('#bracket .scroll'); \
                  return [b.scrollWidth, b.clientWidth];";
    {
        let Some((client, _driver)) = browser().await else {
            return;
        };
        client.goto(&url).await.unwrap();
        phone_check(&client, "knockout-390").await;
        let sizes = script(&client, widths).await;
        assert!(
            sizes[0].as_u64().unwrap() > sizes[1].as_u64().unwrap(),
            "on a phone the bracket scrolls sideways in its box: {sizes}"
        );
        client.close().await.unwrap();
    }
    let Some((client, _driver)) = browser_sized(&[], (1280, 900)).await else {
        return;
    };
    client.goto(&url).await.unwrap();
    let png = client.screenshot().await.unwrap();
    std::fs::write(artefacts().join("knockout-1280.png"), png).unwrap();
    let sizes = script(&client, widths).await;
    assert_eq!(
        sizes[0].as_u64(),
        sizes[1].as_u64(),
        "at 1,280 px the whole bracket shows: {sizes}"
    );
    client.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_elimination_scrolls_in_its_box_on_a_phone_and_shows_whole_on_a_desktop() {
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let players: Vec<User> = ["Ann", "Ben", "Cyd", "Dee", HOSTILE]
        .iter()
        .enumerate()
        .map(|(i, name)| User::new(UserId::new("test", &format!("d{i}")), *name))
        .collect();
    let cup = w.double_elimination(&players);
    let url = format!("{}{}", w.base, w.tournament_path(cup));
    let widths = "const b = document.querySelector('#bracket .scroll'); \
                  return [b.scrollWidth, b.clientWidth];";
    {
        let Some((client, _driver)) = browser().await else {
            return;
        };
        client.goto(&url).await.unwrap();
        phone_check(&client, "double-390").await;
        let sizes = script(&client, widths).await;
        assert!(
            sizes[0].as_u64().unwrap() > sizes[1].as_u64().unwrap(),
            "on a phone both brackets scroll sideways in their box: {sizes}"
        );
        client.close().await.unwrap();
    }
    let Some((client, _driver)) = browser_sized(&[], (1280, 900)).await else {
        return;
    };
    client.goto(&url).await.unwrap();
    let png = client.screenshot().await.unwrap();
    std::fs::write(artefacts().join("double-1280.png"), png).unwrap();
    let sizes = script(&client, widths).await;
    assert_eq!(
        sizes[0].as_u64(),
        sizes[1].as_u64(),
        "at 1,280 px both brackets show whole: {sizes}"
    );
    client.close().await.unwrap();
}

#[tokio::test]
async fn pages_follow_the_browsers_dark_scheme() {
    // Blink's preferred colour scheme 0 is dark.
    let Some((client, _driver)) = browser_with(&["--blink-settings=preferredColorScheme=0"]).await
    else {
        return;
    };
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    w.play("g1", "C3");
    client
        .goto(&format!("{}{}", w.base, w.game_path(id)))
        .await
        .unwrap();
    let dark = script(
        &client,
        "return [matchMedia('(prefers-color-scheme: dark)').matches, \
         getComputedStyle(document.body).backgroundColor];",
    )
    .await;
    assert_eq!(dark, json!([true, "rgb(22, 23, 27)"]));
    shown_step(&client).await;
    phone_check(&client, "game-dark").await;
    client.close().await.unwrap();
}

/// The words of an element, as the browser shows them.
async fn shown_text(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_browser_reads_the_pages_in_spanish_and_a_german_one_in_german() {
    for (code, accept, words) in [
        (
            "es",
            "es-ES,es",
            ["Jugadas", "Adelante", "Calendario", "Clasificación"],
        ),
        ("de", "de-DE,de", ["Züge", "Vor", "Zeitplan", "Tabelle"]),
    ] {
        // Chromium sends its interface language as Accept-Language.
        let lang = format!("--lang={accept}");
        let accept_flag = format!("--accept-lang={accept}");
        let Some((client, _driver)) = browser_with(&[&lang, &accept_flag]).await else {
            return;
        };
        let w = World::new().await;
        w.set_web(WebAccess::Link);
        let id = w.start("g1", &user("alice"), &user("bobby"), None);
        w.play("g1", "C3");
        w.play("g1", "B2");
        client
            .goto(&format!("{}{}", w.base, w.game_path(id)))
            .await
            .unwrap();
        let lang = script(&client, "return document.documentElement.lang;").await;
        assert_eq!(lang, json!(code));
        assert_eq!(shown_text(&client, "#moves-section h2").await, words[0]);
        assert_eq!(shown_text(&client, "[data-step=next]").await, words[1]);
        // The script's words come from the page: the start's caption after stepping back.
        press(&client, '\u{E011}').await; // Home
        let caption = shown_text(&client, "#step-caption").await;
        let start = if code == "es" {
            "La posición inicial"
        } else {
            "Die Anfangsstellung"
        };
        assert_eq!(caption, start);
        let alt = script(&client, "return document.getElementById('board-img').alt;").await;
        assert!(alt.as_str().unwrap().ends_with(start), "{alt}");
        // Times are shown in the reader's zone by the script: the UTC fallback is replaced.
        let started = shown_text(&client, "#info time.local").await;
        assert!(
            !started.contains("UTC") && started.contains("2026"),
            "{started}"
        );
        phone_check(&client, &format!("game-{code}")).await;

        let cup = w.swiss(
            &[
                user("a"),
                user("bb"),
                user("ccc"),
                user("dddd"),
                user("eeeee"),
            ],
            3,
        );
        client
            .goto(&format!("{}{}", w.base, w.tournament_path(cup)))
            .await
            .unwrap();
        assert_eq!(shown_text(&client, "#schedule h2").await, words[2]);
        assert_eq!(shown_text(&client, "#standings h2").await, words[3]);
        phone_check(&client, &format!("tournament-{code}")).await;
        script(
            &client,
            "document.getElementById('schedule').scrollIntoView();",
        )
        .await;
        phone_check(&client, &format!("tournament-schedule-{code}")).await;
        client.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_step_the_game_only_when_the_board_or_the_move_list_has_focus() {
    let Some((client, _driver)) = browser().await else {
        return;
    };
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    for mv in ["C3", "B2", "D4"] {
        w.play("g1", mv);
    }
    client
        .goto(&format!("{}{}?ply=1", w.base, w.game_path(id)))
        .await
        .unwrap();
    assert_eq!(shown_step(&client).await, 1);
    press_on(&client, "body", '\u{E010}').await; // End, on the page
    assert_eq!(
        shown_step(&client).await,
        1,
        "End elsewhere leaves the game alone"
    );
    press_on(&client, "[data-step='next']", '\u{E014}').await; // → on a button
    assert_eq!(shown_step(&client).await, 1);
    press_on(&client, "#moves a[data-ply='1']", '\u{E014}').await; // → in the move list
    assert_eq!(shown_step(&client).await, 2);
    press(&client, '\u{E010}').await; // End on the board
    assert_eq!(shown_step(&client).await, 3);
    let alt = script(&client, "return document.getElementById('board-img').alt;").await;
    assert!(
        alt.as_str().unwrap().starts_with("The board: Move 3"),
        "the alt text keeps its space after stepping: {alt}"
    );
    client.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_refused_its_live_stream_says_live_updates_are_off() {
    let Some((client, _driver)) = browser().await else {
        return;
    };
    let w = World::with_limits(akron_bot::web::Limits {
        burst: 0,
        streams_per_address: 0,
        ..akron_bot::web::Limits::default()
    })
    .await;
    w.set_web(WebAccess::Link);
    let id = w.start("g1", &user("alice"), &user("bobby"), None);
    w.play("g1", "C3");
    client
        .goto(&format!("{}{}", w.base, w.game_path(id)))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let note = shown_text(&client, "#live-note").await;
        if note.starts_with("Live updates are off") {
            break;
        }
        assert!(Instant::now() < deadline, "the note still says: {note}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    client.close().await.unwrap();
}

/// Whether, in the first element matching `css`, the text `words` is laid out left to right
/// (its first letter left of its last) and wholly right of the element `before` in it.
async fn reads_after(client: &Client, css: &str, before: &str, words: &str) -> Value {
    let code = format!(
        "const root = document.querySelector({css:?}); \
         const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); \
         let node; while ((node = walker.nextNode())) {{ \
           const at = node.data.indexOf({words:?}); if (at < 0) continue; \
           const rect = (from, to) => {{ const r = document.createRange(); \
             r.setStart(node, from); r.setEnd(node, to); return r.getBoundingClientRect(); }}; \
           const first = rect(at, at + 1), last = rect(at + {len} - 1, at + {len}); \
           const name = root.querySelector({before:?}).getBoundingClientRect(); \
           return [first.left <= last.left, first.left >= name.right - 1]; \
         }} return null;",
        len = words.chars().count(),
    );
    script(client, &code).await
}

/// A name with a right-to-left override, an Arabic one and a Hebrew one.
const OVERRIDE: &str = "\u{202E}evil";
const ARABIC: &str = "__ملك";
const HEBREW: &str = "שלום.עולם";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_with_an_override_arabic_and_hebrew_do_not_reorder_the_page() {
    let Some((client, _driver)) = browser().await else {
        return;
    };
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    let (arabic, hebrew) = (
        User::new(UserId::new("test", "ar"), ARABIC),
        User::new(UserId::new("test", "he"), HEBREW),
    );
    let id = w.start("g1", &arabic, &hebrew, None);
    w.play("g1", "C3");
    let players: Vec<User> = [OVERRIDE, "Ben", "Cyd", "Dee"]
        .iter()
        .enumerate()
        .map(|(i, name)| User::new(UserId::new("test", &format!("p{i}")), *name))
        .collect();
    let cup = w.swiss_named(OVERRIDE, &players, 3);

    // The game: each name, then its rating in brackets, in reading order.
    client
        .goto(&format!("{}{}", w.base, w.game_path(id)))
        .await
        .unwrap();
    let title = client.title().await.unwrap();
    assert!(
        title.contains(&format!("\u{2068}{ARABIC}\u{2069}")),
        "{title}"
    );
    for row in 1..=2 {
        let css = format!("#info dd:nth-of-type({row})");
        let ordered = reads_after(&client, &css, ".name", "(").await;
        assert_eq!(ordered, json!([true, true]), "{css}");
    }
    std::fs::write(
        artefacts().join("bidi-game.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    // The server's page: the override in an entrant's name reverses nothing after it.
    let site = w.service.web_site(&server()).unwrap().unwrap();
    client
        .goto(&format!(
            "{}{}",
            w.base,
            site.path(akron_service::service::WebPage::Server)
        ))
        .await
        .unwrap();
    let ordered = reads_after(&client, "#tournaments li", "a", "Round").await;
    assert_eq!(
        ordered,
        json!([true, true]),
        "a tournament's line reads in order"
    );
    std::fs::write(
        artefacts().join("bidi-server.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    // The tournament: the overriding name's round line reads in order.
    client
        .goto(&format!("{}{}", w.base, w.tournament_path(cup)))
        .await
        .unwrap();
    let ordered = reads_after(&client, "ol.entrants li", ".name", "(").await;
    assert_eq!(
        ordered,
        json!([true, true]),
        "an entrant's rating follows the name"
    );
    std::fs::write(
        artefacts().join("bidi-tournament.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    client.close().await.unwrap();
}

/// Issue 44: any point of the evaluation chart steps the board to its move, by a click or by
/// the keyboard (Enter on the focused point), not only the marked dots; the page still fits
/// a phone's 390 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_point_of_the_evaluation_chart_steps_the_board_by_click_or_keyboard() {
    let Some((client, _driver)) = browser().await else {
        return;
    };
    let w = World::new().await;
    w.set_web(WebAccess::Link);
    let (alice, bobby) = (user("alice"), user("bobby"));
    let id = w.start("g1", &alice, &bobby, None);
    for mv in ["C3", "B2", "D4"] {
        w.play("g1", mv);
    }
    w.send(&bobby, "g1", false, akron_bot::service::Command::Resign);
    let mut ask = akron_bot::service::Request::new(
        alice.clone(),
        akron_bot::service::ChannelId::new("test", "g1"),
        akron_bot::service::Command::Analyze(akron_bot::service::AnalyzeRequest {
            game: Some(id),
            ..Default::default()
        }),
    );
    ask.server = Some(akron_service::model::ServerId::new("test", "guild"));
    assert!(!w.service.handle(&ask).ephemeral);
    assert_eq!(
        akron_bot::ai_player::analyse_pending(&w.service).unwrap(),
        1
    );
    client
        .goto(&format!("{}{}", w.base, w.game_path(id)))
        .await
        .unwrap();
    assert_eq!(shown_step(&client).await, 3);
    let points = script(
        &client,
        "return document.querySelectorAll('#analysis a[data-ply]').length;",
    )
    .await;
    assert_eq!(points, json!(4), "the start and each move are points");
    for ply in [1_u64, 0] {
        client
            .find(Locator::Css(&format!("#analysis a[data-ply='{ply}']")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        assert_eq!(shown_step(&client).await, ply, "a click on point {ply}");
    }
    press_on(&client, "#analysis a[data-ply='2']", '\u{E007}').await; // Enter
    assert_eq!(shown_step(&client).await, 2, "Enter on a focused point");
    assert_eq!(highlighted(&client).await, Some(2));
    phone_check(&client, "game-chart").await;
    client.close().await.unwrap();
}
