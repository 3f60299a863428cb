//! Accessibility of the web companion in a real headless Chromium: axe-core finds no serious
//! or critical violation on any page type, at a phone's 390 px and a desktop's 1,280 px, in
//! the light and the dark scheme; and no table is wider than its box without a visible,
//! keyboard-reachable way to scroll.
//!
//! axe-core comes from npm (`.ci/run` fetches it): its `axe.min.js` is read from the path in
//! `AKRON_AXE_JS`, else from `target/axe-core/axe.min.js`. Without it (or without chromium
//! and chromedriver) the tests print a note and pass, except under `CI`, where they fail.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::web::{server, user, World, HOSTILE};
use crate::web_browser::{artefacts, browser_at_density, browser_sized, script, PHONE};
use akron_bot::service::{Command, PuzzleCommand, Request, TournamentAction, TournamentOptions};
use akron_service::model::{
    ChannelId, GameId, TournamentFormat, TournamentId, User, UserId, WebAccess,
};
use akron_service::service::WebPage;
use fantoccini::Client;
use serde_json::{json, Value};
use std::path::PathBuf;

/// The desktop's window.
const DESKTOP: (u32, u32) = (1280, 900);

/// axe-core's script, or `None` (with a note) when it is missing outside CI.
fn axe_source() -> Option<String> {
    let path = std::env::var_os("AKRON_AXE_JS").map_or_else(
        || PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("../axe-core/axe.min.js"),
        PathBuf::from,
    );
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(error) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must have axe-core (.ci/run fetches it with npm): {}: {error}",
                path.display()
            );
            eprintln!(
                "note: axe-core is missing ({}: {error}); the accessibility checks are skipped \
                 (`npm pack axe-core@4` and set AKRON_AXE_JS to its axe.min.js)",
                path.display()
            );
            None
        }
    }
}

/// A finished, rated game between `black` and `white` in a channel of its own: a move each,
/// then `loser` resigns.
fn finished_game(w: &World, channel: &str, black: &User, white: &User, loser: &User) -> GameId {
    let id = w.start(channel, black, white, None);
    w.play(channel, "C3");
    w.play(channel, "B2");
    w.send(loser, channel, false, Command::Resign);
    id
}

/// A round robin of `players` on the test server, started.
fn round_robin(w: &World, players: &[User]) -> TournamentId {
    let organiser = user("organiser");
    let mut options = TournamentOptions::new("League", TournamentFormat::RoundRobin);
    options.size = Some(5);
    w.send(
        &organiser,
        "league",
        true,
        Command::Tournament(TournamentAction::Create(options)),
    );
    for player in players {
        w.send(
            player,
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
    w.service
        .server_tournaments(&server(), 1)
        .unwrap()
        .first()
        .unwrap()
        .id
}

/// Plays round 1 of a tournament: on each board a move each, then White resigns.
fn play_round_one(w: &World, id: TournamentId) {
    let detail = w.service.tournament_detail(id).unwrap().unwrap();
    for pairing in &detail.round(1).unwrap().pairings {
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
        play(&white, Command::Resign);
    }
}

/// A public server with one page of every type: (name, path) of each.
fn every_page(w: &World) -> Vec<(&'static str, String)> {
    w.set_web(WebAccess::Public);
    let (ann, ben) = (user("Ann"), user(HOSTILE));
    let finished = finished_game(w, "g0", &ann, &ben, &ben);
    // Its analysis (issue 44): the chart under the board and the marks in the move list.
    let mut ask = Request::new(
        ann.clone(),
        ChannelId::new("test", "g0"),
        Command::Analyze(akron_bot::service::AnalyzeRequest {
            game: Some(finished),
            ..Default::default()
        }),
    );
    ask.server = Some(akron_service::model::ServerId::new("test", "guild"));
    assert!(!w.service.handle(&ask).ephemeral);
    akron_bot::ai_player::analyse_pending(&w.service).unwrap();
    let game = w.start("g1", &ann, &ben, None);
    for mv in ["C3", "B2", "D4", "B4"] {
        w.play("g1", mv);
    }
    w.send(
        &ann,
        "g1",
        false,
        Command::Puzzle(PuzzleCommand::Create {
            code: "8:w:7,11:2bbbbww/wwbwwbwb/bwwb1wwb/bbbw1b2/wbw1w3/wbbw1bw1/bb1bw3/bwbb1b2|7/2w4/7/7/7/7/7"
                .to_string(),
            rule: None,
            title: "Edge".to_string(),
            several: false,
        }),
    );
    let site = w.service.web_site(&server()).unwrap().unwrap();
    let puzzle = site.path(WebPage::Puzzle(akron_service::model::PuzzleId(1)));
    // Long names, which must wrap rather than push the results off a phone.
    let swiss_players: Vec<User> = [
        "Cyd",
        "Maximiliano Fernández-Ortega",
        "Eve",
        "Fay",
        "Gus",
        HOSTILE,
    ]
    .iter()
    .enumerate()
    .map(|(i, name)| User::new(UserId::new("test", &format!("s{i}")), *name))
    .collect();
    let swiss = w.swiss_named("Spring Cup", &swiss_players, 3);
    play_round_one(w, swiss);
    // Ten entrants: a crosstable wider than a phone.
    let league_players: Vec<User> = (0..10)
        .map(|i| User::new(UserId::new("test", &format!("r{i}")), format!("Player {i}")))
        .collect();
    let league = round_robin(w, &league_players);
    play_round_one(w, league);
    vec![
        ("home", "/".to_string()),
        ("server", site.path(WebPage::Server)),
        ("game", w.game_path(game)),
        ("puzzle", puzzle),
        ("swiss", w.tournament_path(swiss)),
        ("round-robin", w.tournament_path(league)),
        ("player", site.path(WebPage::Player(&ann.id))),
        ("not-found", format!("/game/999/{}", "0".repeat(32))),
        // Last: the tests below find the Swiss and the round robin by their place.
        ("analysed-game", w.game_path(finished)),
    ]
}

/// axe-core's serious and critical violations on the page open in `client`, one line each.
async fn axe_violations(client: &Client, axe: &str) -> Vec<String> {
    let code = format!(
        "{axe}\n;const done = arguments[arguments.length - 1]; \
         axe.run(document, {{ resultTypes: ['violations'] }}).then(r => done(r.violations \
           .filter(v => v.impact === 'serious' || v.impact === 'critical') \
           .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.slice(0, 3) \
             .map(n => n.target.join(' ')).join(' | ')))) \
         .catch(e => done(['axe failed: ' + e]));"
    );
    let found = client.execute_async(&code, Vec::new()).await.unwrap();
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// Every table wider than its box, and every element that scrolls sideways, must be a
/// scrolling region that shows it scrolls: `.scroll` (whose edges are shaded), reachable
/// with the keyboard and named. Returns what breaks that, and the tables that overflow (by
/// their class).
async fn scroll_problems(client: &Client) -> (Vec<String>, Vec<String>) {
    let found = script(
        client,
        "const problems = [], overflowing = []; \
         const region = e => e.classList.contains('scroll') && e.getAttribute('tabindex') === '0' \
           && e.getAttribute('role') === 'region' && (e.getAttribute('aria-label') || '').trim() !== '' \
           && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) \
           && getComputedStyle(e).backgroundImage.split('gradient').length === 5; \
         for (const t of document.querySelectorAll('table')) { \
           const box = t.parentElement; \
           if (t.getBoundingClientRect().width > box.clientWidth + 1) { \
             overflowing.push(t.className || t.id); \
             if (!region(box)) problems.push('table.' + t.className + ' is ' + \
               Math.round(t.getBoundingClientRect().width) + ' px in a ' + box.clientWidth + \
               ' px box that does not show it scrolls'); } } \
         for (const e of document.querySelectorAll('body *')) { \
           const x = getComputedStyle(e).overflowX; \
           if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth && !region(e)) \
             problems.push(e.tagName + '.' + e.className + ' scrolls but is no named region'); } \
         return [problems, overflowing];",
    )
    .await;
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    (strings(&found[0]), strings(&found[1]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_no_serious_violation_on_any_page_at_phone_and_desktop_widths_light_and_dark() {
    let Some(axe) = axe_source() else {
        return;
    };
    let w = World::new().await;
    let pages = every_page(&w);
    let mut failures = Vec::new();
    for (size, width) in [(PHONE, "390"), (DESKTOP, "1280")] {
        for (scheme, flag) in [
            ("light", "--blink-settings=preferredColorScheme=1"),
            ("dark", "--blink-settings=preferredColorScheme=0"),
        ] {
            let Some((client, _driver)) = browser_sized(&[flag], size).await else {
                return;
            };
            for (name, path) in &pages {
                client.goto(&format!("{}{path}", w.base)).await.unwrap();
                let dark = script(
                    &client,
                    "return matchMedia('(prefers-color-scheme: dark)').matches;",
                )
                .await;
                assert_eq!(dark, Value::Bool(scheme == "dark"), "{name} {scheme}");
                let violations = axe_violations(&client, &axe).await;
                eprintln!(
                    "axe on {name} at {width} px, {scheme}: {} serious or critical",
                    violations.len()
                );
                failures.extend(
                    violations
                        .into_iter()
                        .map(|v| format!("{name} at {width} px, {scheme}: {v}")),
                );
                let (problems, _) = scroll_problems(&client).await;
                failures.extend(
                    problems
                        .into_iter()
                        .map(|p| format!("{name} at {width} px, {scheme}: {p}")),
                );
                if scheme == "dark" || width == "390" {
                    let png = client.screenshot().await.unwrap();
                    std::fs::write(
                        artefacts().join(format!("axe-{name}-{width}-{scheme}.png")),
                        png,
                    )
                    .unwrap();
                }
            }
            client.close().await.unwrap();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_tables_fit_a_phone_or_show_that_they_scroll() {
    let Some((client, _driver)) = browser_sized(&[], PHONE).await else {
        return;
    };
    let w = World::new().await;
    let pages = every_page(&w);
    for (name, path) in &pages {
        client.goto(&format!("{}{path}", w.base)).await.unwrap();
        let (problems, overflowing) = scroll_problems(&client).await;
        assert!(problems.is_empty(), "{name}: {problems:?}");
        // The Swiss's round tables and standings fit whole; only the crosstable of ten may
        // scroll, inside its region.
        match *name {
            "round-robin" => assert_eq!(overflowing, ["crosstable"], "{name}"),
            _ => assert!(overflowing.is_empty(), "{name}: {overflowing:?} overflow"),
        }
        let page_width = script(
            &client,
            "return [document.documentElement.scrollWidth, window.innerWidth];",
        )
        .await;
        assert!(
            page_width[0].as_u64() <= page_width[1].as_u64(),
            "{name} scrolls sideways: {page_width}"
        );
    }
    // Every column of a round's table is on the screen: the result, White and the game link.
    client
        .goto(&format!("{}{}", w.base, pages[4].1))
        .await
        .unwrap();
    let right = script(
        &client,
        "return Array.from(document.querySelectorAll('table.pairings tr > :last-child')) \
           .map(c => c.getBoundingClientRect().right <= window.innerWidth);",
    )
    .await;
    assert!(
        right
            .as_array()
            .unwrap()
            .iter()
            .all(|r| *r == Value::Bool(true)),
        "a pairing's last column is off the screen: {right}"
    );
    // The crosstable's region shows its right edge's shade until it is scrolled there, and
    // the keyboard scrolls it.
    client
        .goto(&format!("{}{}", w.base, pages[5].1))
        .await
        .unwrap();
    script(
        &client,
        "document.querySelector('#crosstable .scroll').scrollIntoView();",
    )
    .await;
    std::fs::write(
        artefacts().join("crosstable-390.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    let region = client
        .find(fantoccini::Locator::Css("#crosstable .scroll"))
        .await
        .unwrap();
    region.send_keys("\u{E014}\u{E014}\u{E014}").await.unwrap(); // → three times
    let focused = script(
        &client,
        "return document.activeElement === document.querySelector('#crosstable .scroll');",
    )
    .await;
    assert_eq!(focused, Value::Bool(true), "the region takes the focus");
    // The browser scrolls smoothly: wait for it to move.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    loop {
        let scrolled = script(
            &client,
            "return document.querySelector('#crosstable .scroll').scrollLeft;",
        )
        .await;
        if scrolled.as_f64().unwrap() > 0.0 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the arrow keys scroll the focused table: {scrolled}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    client.close().await.unwrap();
}

/// The board picture as the page shows it once loaded: (the address it came from, its own
/// width and height, the width it is shown at, and the width and height attributes of the
/// `<source>` and the `<img>`).
async fn shown_picture(client: &Client) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let state = script(
            client,
            "const i = document.getElementById('board-img'); \
             const s = document.getElementById('board-phone'); \
             return [i.complete && i.naturalWidth > 0, i.currentSrc, i.naturalWidth, \
               i.naturalHeight, i.getBoundingClientRect().width, \
               Number(s.getAttribute('width')), Number(s.getAttribute('height')), \
               Number(i.getAttribute('width')), Number(i.getAttribute('height'))];",
        )
        .await;
        if state[0] == Value::Bool(true) {
            return state;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the board picture did not load"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// The width and height of the PNG at `url`, from its header.
async fn png_size(w: &World, url: &str) -> [u32; 2] {
    let png = w
        .client
        .get(url)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let number = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    [number(16), number(20)]
}

/// The sizes, in CSS pixels, of the level maps' marbles, coordinates and titles, the
/// caption's smallest text and the board's coordinates in the phone's picture of `position`
/// shown `shown` CSS pixels wide, computed from the picture's geometry.
fn phone_sizes(position: &akron_rules::Position, shown: f64) -> [f64; 5] {
    let mut picture = akron_service::images::Picture::new(position);
    picture.layout = akron_service::images::Layout::Phone;
    picture.width = 720;
    let geometry = akron_service::images::geometry(&picture);
    let scale = shown / f64::from(geometry.width);
    let maps = geometry.maps.expect("the position has two levels or more");
    [
        maps.marble,
        maps.coordinates,
        maps.titles,
        geometry.caption_text,
        geometry.board_labels,
    ]
    .map(|px| f64::from(px) * scale)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_gets_a_board_picture_whose_level_maps_are_readable() {
    let Some((client, _driver)) = browser_sized(&[], PHONE).await else {
        return;
    };
    let w = World::new().await;
    w.set_web(WebAccess::Public);
    // A marble on level 1, so that the picture has level maps.
    let game = w.start("g1", &user("alice"), &user("bobby"), None);
    for mv in ["A2", "B2", "A1", "B1", "A3", "D4", "A3-A2'"] {
        w.play("g1", mv);
    }
    w.send(
        &user("alice"),
        "g1",
        false,
        Command::Puzzle(PuzzleCommand::Create {
            code: "8:w:7,11:2bbbbww/wwbwwbwb/bwwb1wwb/bbbw1b2/wbw1w3/wbbw1bw1/bb1bw3/bwbb1b2|7/2w4/7/7/7/7/7"
                .to_string(),
            rule: None,
            title: "Edge".to_string(),
            several: false,
        }),
    );
    let site = w.service.web_site(&server()).unwrap().unwrap();
    let puzzle = site.path(WebPage::Puzzle(akron_service::model::PuzzleId(1)));
    let game_code = w.service.game_detail(game).unwrap().unwrap().code;
    let puzzle_code = w
        .service
        .puzzle_detail(akron_service::model::PuzzleId(1))
        .unwrap()
        .unwrap()
        .code;
    for (name, path, code, src) in [
        ("game", w.game_path(game), game_code, "/board/7/phone"),
        ("puzzle", puzzle, puzzle_code, "/board/phone"),
    ] {
        client.goto(&format!("{}{path}", w.base)).await.unwrap();
        let shown = shown_picture(&client).await;
        let current = shown[1].as_str().unwrap();
        assert!(
            current.ends_with(src),
            "{name}: the phone is served {current}"
        );
        // The <source>'s width and height are the phone picture's own (the browser reports
        // its size divided by the density it chose, so the PNG itself is read).
        let png_size = png_size(&w, current).await;
        assert_eq!(
            json!(png_size),
            json!([shown[5], shown[6]]),
            "{name}: {shown}"
        );
        let position: akron_rules::Position = code.parse().unwrap();
        let [marble, coordinates, titles, caption, board] =
            phone_sizes(&position, shown[4].as_f64().unwrap());
        assert_eq!(
            json!(png_size[0]),
            json!(720),
            "the geometry is the picture's"
        );
        eprintln!(
            "{name} at 390 px, its picture shown {} px wide: level-map marbles {marble:.1} px, \
             their coordinates {coordinates:.1} px, titles {titles:.1} px; caption {caption:.1} px; \
             the board's coordinates {board:.1} px",
            shown[4]
        );
        assert!(marble >= 12.0, "{name}: marbles {marble:.1} px");
        for (what, px) in [
            ("coordinates", coordinates),
            ("titles", titles),
            ("caption", caption),
            ("board labels", board),
        ] {
            assert!(px >= 9.0, "{name}: {what} {px:.1} px");
        }
        std::fs::write(
            artefacts().join(format!("phone-picture-{name}.png")),
            client.screenshot().await.unwrap(),
        )
        .unwrap();
    }
    // Stepping back changes the phone's picture too.
    client
        .goto(&format!("{}{}", w.base, w.game_path(game)))
        .await
        .unwrap();
    client
        .find(fantoccini::Locator::Css("#moves a[data-ply='2']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let shown = shown_picture(&client).await;
        if shown[1].as_str().unwrap().ends_with("/board/2/phone") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still {shown}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    client.close().await.unwrap();

    // A desktop is served the chat's picture, whose size the <img> states.
    let Some((client, _driver)) = browser_sized(&[], DESKTOP).await else {
        return;
    };
    client
        .goto(&format!("{}{}", w.base, w.game_path(game)))
        .await
        .unwrap();
    let shown = shown_picture(&client).await;
    assert!(shown[1].as_str().unwrap().ends_with("/board/7"), "{shown}");
    let desktop_size = png_size(&w, shown[1].as_str().unwrap()).await;
    assert_eq!(json!(desktop_size), json!([shown[7], shown[8]]), "{shown}");
    client.close().await.unwrap();

    // A phone of three device pixels a CSS pixel is served the phone's picture drawn for it,
    // 1,080 pixels wide, and keeps that density when it steps.
    let Some((client, _driver)) = browser_at_density(&[], PHONE, 3.0).await else {
        return;
    };
    client
        .goto(&format!("{}{}", w.base, w.game_path(game)))
        .await
        .unwrap();
    let shown = shown_picture(&client).await;
    let current = shown[1].as_str().unwrap();
    assert!(current.ends_with("/board/7/phone3x"), "{shown}");
    assert_eq!(png_size(&w, current).await[0], 1080, "{shown}");
    client
        .find(fantoccini::Locator::Css("#moves a[data-ply='2']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let shown = shown_picture(&client).await;
        if shown[1].as_str().unwrap().ends_with("/board/2/phone3x") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still {shown}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    client.close().await.unwrap();
}
