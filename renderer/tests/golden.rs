//! Golden-image tests: each picture is compared with a committed reference PNG.
//!
//! After a deliberate change to the look, rerun with `UPDATE_GOLDEN=1` to rewrite the references,
//! and look at every changed image before committing it. A failing test also writes what it drew
//! to `target/golden-actual/` (or the system temp directory) for comparison.

use akron_renderer::{render, Caption, LastMove, RenderOptions, Selection, View};
use akron_rules::{
    ByColor, Color, Game, GameOptions, Move, Outcome, Point, Position, Reason, Setup,
};
use image::RgbaImage;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::error::Error;
use std::path::PathBuf;

type TestResult = Result<(), Box<dyn Error>>;

/// Golden images are drawn at the bot's default width and at a phone's.
const WIDTHS: [u32; 2] = [1100, 480];
/// A pixel differs when a channel is off by more than this.
const CHANNEL_TOLERANCE: u8 = 24;
/// The share of pixels that may differ (anti-aliasing on another CPU).
const PIXEL_TOLERANCE: f64 = 0.002;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
        .join(format!("{name}.png"))
}

fn decode(bytes: &[u8]) -> Result<RgbaImage, Box<dyn Error>> {
    Ok(image::load_from_memory_with_format(bytes, image::ImageFormat::Png)?.to_rgba8())
}

/// Renders at each of [`WIDTHS`] and compares with `tests/golden/NAME_WIDTH.png`.
fn check(name: &str, position: &Position, options: RenderOptions) -> TestResult {
    for width in WIDTHS {
        let options = RenderOptions {
            width,
            ..options.clone()
        };
        check_one(&format!("{name}_{width}"), position, &options)?;
    }
    Ok(())
}

fn check_one(name: &str, position: &Position, options: &RenderOptions) -> TestResult {
    let png = render(position, options)?;
    check_png(name, &png)
}

/// Compares a drawn PNG with `tests/golden/NAME.png`.
fn check_png(name: &str, png: &[u8]) -> TestResult {
    let png = png.to_vec();
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &png)?;
        return Ok(());
    }
    let expected = std::fs::read(&path).map_err(|e| {
        format!(
            "golden {name}: cannot read {}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    })?;
    let actual = decode(&png)?;
    let expected = decode(&expected)?;
    if actual.dimensions() != expected.dimensions() {
        save_actual(name, &png);
        return Err(format!(
            "golden {name}: size {:?}, reference {:?}",
            actual.dimensions(),
            expected.dimensions()
        )
        .into());
    }
    let mut differing = 0usize;
    let mut first = None;
    for (x, y, a) in actual.enumerate_pixels() {
        let e = expected.get_pixel(x, y);
        if a.0
            .iter()
            .zip(e.0)
            .any(|(&p, q)| p.abs_diff(q) > CHANNEL_TOLERANCE)
        {
            differing += 1;
            first.get_or_insert((x, y, a.0, e.0));
        }
    }
    let total = (actual.width() * actual.height()) as usize;
    let share = differing as f64 / total as f64;
    if share > PIXEL_TOLERANCE {
        let written = save_actual(name, &png);
        return Err(format!(
            "golden {name}: {differing} of {total} pixels differ (first {first:?}, as (x, y, got, \
             want)); the drawing is in {written}; if the change is intended, look at it and rerun \
             with UPDATE_GOLDEN=1"
        )
        .into());
    }
    Ok(())
}

fn save_actual(name: &str, png: &[u8]) -> String {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(std::env::temp_dir, PathBuf::from)
        .join("golden-actual");
    let path = dir.join(format!("{name}.png"));
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, png)) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("(not saved: {e})"),
    }
}

/// Seeded random moves, climbing when possible and otherwise placing, until `pieces` marbles are down; returns the
/// position before the last move and that move.
fn random_game(
    size: u8,
    pile: u16,
    pieces: usize,
    seed: u64,
) -> Result<(Position, Move), Box<dyn Error>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = Position::start(size, pile)?;
    let mut last = None;
    for _ in 0..20_000 {
        let moves = position.legal_moves();
        if moves.is_empty()
            || (position.pieces().count() >= pieces
                && last
                    .as_ref()
                    .is_some_and(|(_, m): &(Position, Move)| !m.is_place()))
        {
            break;
        }
        let places: Vec<Move> = moves.iter().copied().filter(|m| m.is_place()).collect();
        let climbs: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.to().is_some_and(|p| p.level() > 0))
            .collect();
        let pick = if !climbs.is_empty() && rng.random_bool(0.5) {
            climbs[rng.random_range(0..climbs.len())]
        } else if position.pieces().count() < pieces && !places.is_empty() {
            places[rng.random_range(0..places.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        last = Some((position.clone(), pick));
        position.play(pick)?;
    }
    last.ok_or_else(|| "no move played".into())
}

/// A full pyramid of `levels` levels in the board's bottom-left corner, colours in a pattern.
fn pyramid(size: u8, levels: u8) -> Result<Position, Box<dyn Error>> {
    let mut setup = Setup::empty(size);
    for k in 0..levels {
        for y in 0..levels - k {
            for x in 0..levels - k {
                let color = if (x * 3 + y * 5 + k * 7) % 3 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                setup.pieces.push((
                    Point::new(x + (size - levels) / 2, y + (size - levels) / 2, k),
                    color,
                ));
            }
        }
    }
    Ok(Position::from_setup(&setup)?)
}

fn names(black: &str, white: &str) -> ByColor<Option<String>> {
    ByColor {
        black: Some(black.to_string()),
        white: Some(white.to_string()),
    }
}

/// Seeded random placements only: a flat position.
fn flat_game(pieces: usize, seed: u64) -> Result<(Position, Move), Box<dyn Error>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = Position::default();
    let mut last = None;
    while position.pieces().count() < pieces {
        let places: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_place())
            .collect();
        let Some(&pick) = places.get(rng.random_range(0..places.len().max(1))) else {
            break;
        };
        last = Some((position.clone(), pick));
        position.play(pick)?;
    }
    last.ok_or_else(|| "no move played".into())
}

#[test]
fn empty_8x8() -> TestResult {
    check("empty_8x8", &Position::default(), RenderOptions::default())
}

#[test]
fn flat_middle_game_with_last_move() -> TestResult {
    let (mut position, mv) = flat_game(30, 5)?;
    let last = LastMove::play(&mut position, mv)?;
    check(
        "middle_game",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(12),
                names: names("alice", "bob"),
                moves_played: Some(30),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn climbing_middle_game_with_last_move() -> TestResult {
    let (mut position, mv) = random_game(8, 32, 36, 3)?;
    let last = LastMove::play(&mut position, mv)?;
    check(
        "climbing_game",
        &position,
        RenderOptions {
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn pyramid_of_three_levels() -> TestResult {
    check("pyramid_3", &pyramid(8, 3)?, RenderOptions::default())
}

#[test]
fn pyramid_of_four_levels() -> TestResult {
    check("pyramid_4", &pyramid(8, 4)?, RenderOptions::default())
}

#[test]
fn board_16x16_with_300_pieces() -> TestResult {
    let (mut position, mv) = random_game(16, 200, 300, 11)?;
    position.play(mv)?;
    assert!(
        position.pieces().count() >= 300,
        "{}",
        position.pieces().count()
    );
    check("board_16x16", &position, RenderOptions::default())
}

const CASCADE: &str = "5:b:8,8:5/5/wbw2/bwb2/bbb2|4/4/bw2/wb2|3/3/b2";

#[test]
fn two_marble_cascade_as_last_move() -> TestResult {
    let mut position = Position::from_code(CASCADE)?;
    let last = LastMove::play(&mut position, "A1-D1".parse()?)?;
    assert_eq!(last.drops.len(), 2, "a two-marble cascade");
    check(
        "cascade",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(7),
                names: names("carol", "dave"),
                moves_played: Some(19),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn selection_with_drops() -> TestResult {
    let position = Position::from_code(CASCADE)?;
    let selection = Selection::of(&position, Point::new(0, 0, 0))?;
    assert_eq!(selection.drops.len(), 2);
    assert!(!selection.destinations.is_empty());
    check(
        "selection_drops",
        &position,
        RenderOptions {
            selected: Some(selection),
            ..RenderOptions::default()
        },
    )
}

/// Black spans with White to move: under the delayed rule White must cut now.
const PENDING: &str = "5:w:8,8:2b2/1wb2/1ww2/1wb1w/2b2|4/1b2/1b2/4";

#[test]
fn pending_connection() -> TestResult {
    let game = Game::from_position(Position::from_code(PENDING)?, akron_rules::WinRule::Delayed);
    assert_eq!(game.pending_connection(), Some(Color::Black));
    let mut options = RenderOptions::of_game(&game);
    assert!(options.pending_chain.is_some());
    options.caption.names = names("alice", "bob");
    options.severed_links = true;
    check("pending", game.position(), options)
}

#[test]
fn finished_game_with_chain_and_result() -> TestResult {
    let mut game =
        Game::from_position(Position::from_code(PENDING)?, akron_rules::WinRule::Delayed);
    // White does not cut, and Black's connection wins.
    game.play("E1".parse()?)?;
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Connection))
    );
    let mut options = RenderOptions::of_game(&game);
    assert!(options.winning_chain.is_some());
    options.caption.game = Some(31);
    options.caption.names = names("alice", "bob");
    check("won_game", game.position(), options)
}

#[test]
fn resigned_game_says_who_resigned() -> TestResult {
    let mut game = Game::new(GameOptions::new(8))?;
    for mv in ["D4", "E5", "D5", "E4"] {
        game.play(mv.parse()?)?;
    }
    game.decide(Outcome::win(Color::White, Reason::Resignation))?;
    let mut options = RenderOptions::of_game(&game);
    options.caption.names = names("alice", "bob");
    check("resigned", game.position(), options)
}

fn labels_position() -> Result<(Position, Selection), Box<dyn Error>> {
    let position = Position::from_code("5:b:5,8:5/bwbb1/bbwb1/wbbb1/bbbbb|4/4/bb2/bb2")?;
    let selection = Selection::of(&position, Point::new(4, 0, 0))?;
    let levels: Vec<u8> = selection.destinations.iter().map(|p| p.level()).collect();
    for level in 0..=2 {
        assert!(
            levels.contains(&level),
            "a destination on level {level}: {levels:?}"
        );
    }
    Ok((position, selection))
}

#[test]
fn destination_labels_on_levels_0_to_2() -> TestResult {
    let (position, selection) = labels_position()?;
    check(
        "destinations",
        &position,
        RenderOptions {
            selected: Some(selection),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn plan_view_with_selection_and_drops() -> TestResult {
    let position = Position::from_code(CASCADE)?;
    let selection = Selection::of(&position, Point::new(0, 0, 0))?;
    check(
        "plan_selection",
        &position,
        RenderOptions {
            view: View::Plan,
            selected: Some(selection),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn plan_view_of_a_pyramid() -> TestResult {
    check(
        "plan_pyramid",
        &pyramid(8, 4)?,
        RenderOptions {
            view: View::Plan,
            ..RenderOptions::default()
        },
    )
}

#[test]
fn default_width_middle_game_is_small() -> TestResult {
    let (mut position, mv) = random_game(8, 32, 36, 3)?;
    position.play(mv)?;
    let png = render(&position, &RenderOptions::default())?;
    let image = decode(&png)?;
    assert_eq!(image.width(), akron_renderer::DEFAULT_WIDTH);
    assert_ne!(image.width(), image.height());
    assert!(png.len() <= 150_000, "{} bytes", png.len());
    Ok(())
}

#[test]
fn large_boards_default_to_a_wider_image() -> TestResult {
    let png = render(&Position::start(16, 128)?, &RenderOptions::default())?;
    assert_eq!(decode(&png)?.width(), akron_renderer::LARGE_BOARD_WIDTH);
    Ok(())
}

/// A full pyramid of `drops + 1` levels in the middle of an 8 × 8 board, and a step of one of
/// its base corners (`corner`: 0 front left, 1 front right, 2 back left, 3 back right) that
/// drops `drops` marbles: the position before it and the step, found by trying the corner's
/// legal steps for either side to move.
fn cascade(drops: u8, corner: usize) -> Result<(Position, Move), Box<dyn Error>> {
    let levels = drops + 1;
    let offset = (8 - levels) / 2;
    let mut setup = Setup::empty(8);
    for k in 0..levels {
        for y in 0..levels - k {
            for x in 0..levels - k {
                let color = if (x * 3 + y * 5 + k * 7) % 4 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                setup
                    .pieces
                    .push((Point::new(x + offset, y + offset, k), color));
            }
        }
    }
    // A few marbles around it, so that the stepping piece has somewhere to go.
    for (x, y, color) in [
        (1, 0, Color::Black),
        (6, 7, Color::White),
        (0, 5, Color::White),
    ] {
        if !setup.pieces.iter().any(|(p, _)| *p == Point::new(x, y, 0)) {
            setup.pieces.push((Point::new(x, y, 0), color));
        }
    }
    let last = levels - 1;
    let (cx, cy) = [(0, 0), (last, 0), (0, last), (last, last)][corner % 4];
    let from = Point::new(cx + offset, cy + offset, 0);
    for turn in [Color::Black, Color::White] {
        setup.turn = turn;
        let position = Position::from_setup(&setup)?;
        let mut steps: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Step { from: f, .. } if *f == from))
            .collect();
        // The farthest destination on level 0, so that the step's arc is long and clear.
        steps.sort_by_key(|m| {
            m.to().map_or(0, |to| {
                u32::from(to.x().abs_diff(from.x()) + to.y().abs_diff(from.y()))
            })
        });
        for mv in steps.into_iter().rev() {
            let mut copy = position.clone();
            if copy.play(mv)?.drops.len() == usize::from(drops) {
                return Ok((position, mv));
            }
        }
    }
    Err(format!("no step of a {drops}-drop cascade from corner {corner}").into())
}

fn check_cascade(name: &str, drops: u8, corner: usize) -> TestResult {
    let (mut position, mv) = cascade(drops, corner)?;
    let last = LastMove::play(&mut position, mv)?;
    assert_eq!(last.drops.len(), usize::from(drops));
    check(
        name,
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(40 + u64::from(drops)),
                names: names("carol", "dave"),
                moves_played: Some(57),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn cascade_of_two_from_the_front_right() -> TestResult {
    check_cascade("cascade_2", 2, 1)
}

#[test]
fn cascade_of_three_from_the_back() -> TestResult {
    check_cascade("cascade_3", 3, 2)
}

#[test]
fn cascade_of_five() -> TestResult {
    check_cascade("cascade_5", 5, 1)
}

#[test]
fn a_selection_over_a_cascade_of_three() -> TestResult {
    let (position, mv) = cascade(3, 2)?;
    let Move::Step { from, .. } = mv else {
        return Err("not a step".into());
    };
    let selection = Selection::of(&position, from)?;
    assert_eq!(selection.drops.len(), 3);
    check(
        "selection_cascade_3",
        &position,
        RenderOptions {
            selected: Some(selection),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn plan_view_of_a_cascade_of_three() -> TestResult {
    let (mut position, mv) = cascade(3, 2)?;
    let last = LastMove::play(&mut position, mv)?;
    check(
        "plan_cascade_3",
        &position,
        RenderOptions {
            view: View::Plan,
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

/// Black spans through two level-1 marbles: C5, C4, B4', B3', C2, C1 (the whites under the
/// bridge cannot stop it).
const BRIDGE: &str = "5:w:8,8:2b2/1wb2/1ww2/1wb2/2b2|4/1b2/1b2/4";

#[test]
fn won_game_whose_chain_passes_over_level_digits() -> TestResult {
    let position = Position::from_code(BRIDGE)?;
    let chain = position
        .analysis()
        .winning_chain
        .ok_or("Black should span")?;
    assert!(chain.iter().any(|p| p.level() > 0), "{chain:?}");
    check(
        "won_chain_levels",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(77),
                names: names("alice", "bob"),
                moves_played: Some(31),
                outcome: Some(Outcome::win(Color::Black, Reason::Connection)),
            },
            winning_chain: Some(chain),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn cjk_and_emoji_names_are_never_boxes() -> TestResult {
    let (mut position, mv) = random_game(8, 32, 36, 3)?;
    let last = LastMove::play(&mut position, mv)?;
    check(
        "names_cjk_emoji",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(8),
                names: names("李小龙", "🎲 Zoë 🌸"),
                moves_played: Some(36),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn full_pyramid_of_three_by_three() -> TestResult {
    check("pyramid_3x3", &pyramid(3, 3)?, RenderOptions::default())
}

#[test]
fn long_names_leave_the_last_move_in_the_caption() -> TestResult {
    let (mut position, mv) = flat_game(30, 5)?;
    let last = LastMove::play(&mut position, mv)?;
    check(
        "long_names",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(1234),
                names: names(
                    "Maximilian Alexander von Hohenzollern-Sigmaringen",
                    "Bartholomew Featherstonehaugh-Cholmondeley",
                ),
                moves_played: Some(135),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )
}

#[test]
fn portrait_layout_keeps_the_maps_under_the_board() -> TestResult {
    check(
        "portrait_pyramid_4",
        &pyramid(8, 4)?,
        RenderOptions {
            layout: akron_renderer::Layout::Portrait,
            ..RenderOptions::default()
        },
    )
}

/// Issue 39: names in Arabic and Hebrew are drawn joined and in their own direction, and the
/// caption's words around them keep their order; a name that tries to turn the text around
/// (U+202E) only draws its letters. The status line reads "ملك to move" (the name, then
/// "to move"), the players' line "Black ملك · pile …" and "White שלום עולם · pile …".
#[test]
fn right_to_left_names_are_shaped_and_keep_the_caption_in_order() -> TestResult {
    let (mut position, mv) = flat_game(30, 5)?;
    let last = LastMove::play(&mut position, mv)?;
    check(
        "rtl_names",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(77),
                names: names("ملك الشطرنج", "שלום עולם"),
                moves_played: Some(31),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        },
    )?;
    check(
        "mixed_names",
        &position,
        RenderOptions {
            caption: Caption {
                game: Some(78),
                names: names("Sara سارة 2", "\u{202E}evil\u{202C} bob"),
                moves_played: Some(31),
                outcome: Some(akron_rules::Outcome {
                    winner: Some(akron_rules::Color::Black),
                    reason: akron_rules::Reason::Resignation,
                }),
            },
            ..RenderOptions::default()
        },
    )
}

/// The post-game analysis chart (issue 44) of a 60-move game: an even opening, White ahead
/// after Black's inaccuracy at move 12 and mistake at 25, Black back after White's blunder at
/// 40, and Black's win; one dot of each severity, told apart by shape.
#[test]
fn evaluation_chart_of_a_sixty_move_game() -> TestResult {
    use akron_renderer::chart::{evaluation_chart, Severity};
    let mut white = vec![0.5];
    for ply in 0..60usize {
        let base = match ply {
            0..=11 => 0.5 + 0.02 * ((ply % 3) as f64 - 1.0),
            12..=24 => 0.64,
            25..=39 => 0.82,
            40..=58 => 0.25 - 0.01 * (ply - 40) as f64,
            _ => 0.0,
        };
        white.push(base);
    }
    let marks = [
        (11, Severity::Inaccuracy),
        (24, Severity::Mistake),
        (39, Severity::Blunder),
    ];
    let png = evaluation_chart(&white, &marks).ok_or("no chart")?;
    check_png("evaluation_chart_640", &png)
}
