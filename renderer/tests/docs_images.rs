//! The pictures of the players' guide, `docs/rules.md`, every one drawn here from code.
//!
//! `every_picture_of_the_guide_is_drawn_here_and_up_to_date` checks that each picture the
//! guide shows is one of these and that the committed file is what today's renderer draws (as
//! the golden tests compare, with the same tolerance). After a change to the look, redraw them
//! with `cargo test -p akron-renderer --test docs_images -- --ignored` and look at each one.

use akron_renderer::{render, LastMove, RenderOptions, Selection, View};
use akron_rules::{Game, Position, WinRule};
use image::RgbaImage;
use std::collections::BTreeSet;
use std::error::Error;
use std::path::PathBuf;

type TestResult = Result<(), Box<dyn Error>>;

/// The guide's pictures are drawn a little narrower than the bot's.
const WIDTH: u32 = 800;
/// A pixel differs when a channel is off by more than this (as in the golden tests).
const CHANNEL_TOLERANCE: u8 = 24;
/// The share of pixels that may differ (anti-aliasing on another CPU).
const PIXEL_TOLERANCE: f64 = 0.002;

const GUIDE: &str = include_str!("../../docs/rules.md");

/// The 4 × 4 example game of the guide, as its table lists it.
const EXAMPLE_GAME: [&str; 15] = [
    "B2", "B3", "C2", "C3", "D3", "A3", "D2", "D4", "C4", "C1", "B1", "D1", "A2", "A4", "A2-C4'",
];

/// One picture of the guide: its file name (without `.png`), the position and how it is drawn.
type Picture = (&'static str, Position, RenderOptions);

/// Every picture of the guide.
fn pictures() -> Result<Vec<Picture>, Box<dyn Error>> {
    let mut pictures = vec![("empty", Position::default(), RenderOptions::default())];

    let mut position = Position::default();
    position.play("D4".parse()?)?;
    let last = LastMove::play(&mut position, "E5".parse()?)?;
    let options = RenderOptions {
        last_move: Some(last),
        ..RenderOptions::default()
    };
    pictures.push(("placed", position, options));

    // Naming the points above the holes: B3 selected, one of its destinations C4'.
    let position = Position::from_code("5:b:7,12:5/2bb1/1bbb1/5/5")?;
    let options = RenderOptions {
        selected: Some(Selection::of(&position, "B3".parse()?)?),
        ..RenderOptions::default()
    };
    pictures.push(("names-level1", position, options));

    // Two levels up: with C4', D4', C3' and D3' in place, B3 may step up to C4''.
    let position = Position::from_code("5:b:2,14:5/2bbb/1bbbb/2bbb/5|4/2bb/2bb/4")?;
    let options = RenderOptions {
        selected: Some(Selection::of(&position, "B3".parse()?)?),
        ..RenderOptions::default()
    };
    pictures.push(("names-level2", position, options));

    // A1 steps away from under a two-marble cascade (the bot's `rules` picture too).
    let mut position = Position::from_code("5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2")?;
    let last = LastMove::play(&mut position, "A1-D1".parse()?)?;
    let options = RenderOptions {
        last_move: Some(last),
        ..RenderOptions::default()
    };
    pictures.push(("cascade", position, options));

    // Covering, seen from above: Black's level-2 B4'' tops the column of White's C3.
    let position = Position::from_code("5:w:5,3:5/1bwb1/wwwww/1bwb1/5|4/1wb1/1bw1/4|3/1b1/3")?;
    let options = RenderOptions {
        view: View::Plan,
        ..RenderOptions::default()
    };
    pictures.push(("covering", position, options));

    // Black steps E7 up to C6'; the level-1 link C6'-D6' crosses White's D6-D5 and cuts it.
    let mut position = Position::from_code("8:b:28,28:8/4b3/2wwb3/2bww3/8/8/8/8|7/7/3b3/7/7/7/7")?;
    let last = LastMove::play(&mut position, "E7-C6'".parse()?)?;
    let options = RenderOptions {
        last_move: Some(last),
        severed_links: true,
        ..RenderOptions::default()
    };
    pictures.push(("cut", position, options));

    // Black connects; under the delayed rule White must cut the chain now.
    let position = Position::from_code("5:w:8,8:2b2/1wb2/1ww2/1wb1w/2b2|4/1b2/1b2/4")?;
    let game = Game::from_position(position, WinRule::Delayed);
    pictures.push((
        "won",
        game.position().clone(),
        RenderOptions::of_game(&game),
    ));

    // The example game after 15. A2-C4': Black's pending chain over C4'.
    let mut game = Game::from_position(Position::start(4, 8)?, WinRule::Delayed);
    for mv in EXAMPLE_GAME {
        game.play(mv.parse()?)?;
    }
    let options = RenderOptions::of_game(&game);
    pictures.push(("example-climb", game.position().clone(), options));
    Ok(pictures)
}

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/images")
        .join(format!("{name}.png"))
}

fn draw(position: &Position, options: &RenderOptions) -> Result<Vec<u8>, Box<dyn Error>> {
    let options = RenderOptions {
        width: WIDTH,
        ..options.clone()
    };
    Ok(render(position, &options)?)
}

fn decode(bytes: &[u8]) -> Result<RgbaImage, Box<dyn Error>> {
    Ok(image::load_from_memory_with_format(bytes, image::ImageFormat::Png)?.to_rgba8())
}

/// The pictures `docs/rules.md` shows: every `](images/NAME.png)`.
fn pictures_in_the_guide() -> BTreeSet<String> {
    GUIDE
        .split("](images/")
        .skip(1)
        .filter_map(|rest| rest.split_once(".png)").map(|(name, _)| name.to_string()))
        .collect()
}

/// Regression (issue 26): four of the guide's pictures were drawn by an older renderer and
/// contradicted the guide's own description of the pictures (no level maps, an amber last
/// move without its arc, a pending chain drawn as won, the old caption).
#[test]
fn every_picture_of_the_guide_is_drawn_here_and_up_to_date() -> TestResult {
    let pictures = pictures()?;
    let drawn: BTreeSet<String> = pictures.iter().map(|(n, _, _)| n.to_string()).collect();
    assert_eq!(
        pictures_in_the_guide(),
        drawn,
        "the guide's pictures and the ones drawn here"
    );
    for (name, position, options) in &pictures {
        let actual = decode(&draw(position, options)?)?;
        let committed = decode(&std::fs::read(path(name))?)?;
        assert_eq!(
            actual.dimensions(),
            committed.dimensions(),
            "docs/images/{name}.png is not what today's renderer draws; redraw it with \
             `cargo test -p akron-renderer --test docs_images -- --ignored`"
        );
        let differing = actual
            .enumerate_pixels()
            .filter(|&(x, y, a)| {
                a.0.iter()
                    .zip(committed.get_pixel(x, y).0)
                    .any(|(&p, q)| p.abs_diff(q) > CHANNEL_TOLERANCE)
            })
            .count();
        let share = differing as f64 / f64::from(actual.width() * actual.height());
        assert!(
            share <= PIXEL_TOLERANCE,
            "docs/images/{name}.png differs from what today's renderer draws in {differing} \
             pixels; redraw it with `cargo test -p akron-renderer --test docs_images -- --ignored` \
             and look at it"
        );
    }
    Ok(())
}

#[test]
#[ignore = "writes docs/images; run explicitly after a change to the look"]
fn draw_the_guides_pictures() -> TestResult {
    for (name, position, options) in pictures()? {
        std::fs::write(path(name), draw(&position, &options)?)?;
    }
    Ok(())
}
