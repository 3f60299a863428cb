//! The pictures of the players' guide, `docs/rules.md`. Ignored in the normal run; after a
//! change to the look, redraw them with
//! `cargo test -p akron-renderer --test docs_images -- --ignored` and look at each one.

use akron_renderer::{render, LastMove, RenderOptions};
use akron_rules::{Game, Position, WinRule};
use std::error::Error;
use std::path::PathBuf;

/// The guide's pictures are drawn a little narrower than the bot's.
const WIDTH: u32 = 800;

fn write(name: &str, position: &Position, options: &RenderOptions) -> Result<(), Box<dyn Error>> {
    let options = RenderOptions {
        width: WIDTH,
        ..options.clone()
    };
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/images")
        .join(format!("{name}.png"));
    std::fs::write(path, render(position, &options)?)?;
    Ok(())
}

#[test]
#[ignore = "writes docs/images; run explicitly after a change to the look"]
fn draw_the_guides_pictures() -> Result<(), Box<dyn Error>> {
    write("empty", &Position::default(), &RenderOptions::default())?;

    let mut position = Position::default();
    position.play("D4".parse()?)?;
    let last = LastMove::play(&mut position, "E5".parse()?)?;
    let options = RenderOptions {
        last_move: Some(last),
        ..RenderOptions::default()
    };
    write("placed", &position, &options)?;

    // Black steps E7 up to C6'; the level-1 link C6'-D6' crosses White's D6-D5 and cuts it.
    let mut position = Position::from_code("8:b:28,28:8/4b3/2wwb3/2bww3/8/8/8/8|7/7/3b3/7/7/7/7")?;
    let last = LastMove::play(&mut position, "E7-C6'".parse()?)?;
    let options = RenderOptions {
        last_move: Some(last),
        severed_links: true,
        ..RenderOptions::default()
    };
    write("cut", &position, &options)?;

    // A1 steps away from under a two-marble cascade.
    let mut position = Position::from_code("5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2")?;
    let last = LastMove::play(&mut position, "A1-D1".parse()?)?;
    let options = RenderOptions {
        last_move: Some(last),
        ..RenderOptions::default()
    };
    write("cascade", &position, &options)?;

    // Black connects; under the delayed rule White must cut the chain now.
    let position = Position::from_code("5:w:8,8:2b2/1wb2/1ww2/1wb1w/2b2|4/1b2/1b2/4")?;
    let game = Game::from_position(position, WinRule::Delayed);
    write("won", game.position(), &RenderOptions::of_game(&game))?;
    Ok(())
}
