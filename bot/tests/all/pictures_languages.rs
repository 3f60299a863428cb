//! Issue 39: pictures speak the reader's language. Golden pictures in Spanish and German of a
//! posted puzzle, a hint in a game against the AI whose player has an Arabic name, and a
//! replay's last frame whose result is long; each compared pixel by pixel (within a small
//! tolerance) with `tests/all/golden/NAME.png`. After a deliberate change to the look, rerun
//! with `UPDATE_GOLDEN=1`, open the pictures, and commit them.
//!
//! What to see in them: no English word; the puzzle's "Negras juegan" / "Schwarz am Zug" and
//! its levels; the hint's caption naming "Akron IA nivel 2" / "Akron-KI Stufe 2" and the
//! player's Arabic name joined and right to left; the replay's last frame with its whole
//! result on one line, no word cut.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_ai::Level;
use akron_bot::ai_player;
use akron_bot::service::{
    Challenge, ColourChoice, Command, Config, Language, Languages, ManualClock, Platform,
    PuzzleCommand, ReplayRequest, Reply, Request, ServerId, Service, User,
};
use akron_rules::WinRule;
use akron_service::testing::{channel_id, user, T0};
use std::path::PathBuf;
use std::sync::Arc;

/// A pixel differs when a channel is off by more than this.
const CHANNEL_TOLERANCE: u8 = 24;

struct World {
    _dir: tempfile::TempDir,
    service: Service,
    language: Language,
}

impl World {
    fn new(language: Language) -> World {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(T0));
        let mut config = Config::with_db(dir.path().join("akron.db"));
        config.ai.playouts = Some(40);
        config.ai.searches = 1;
        let service = Service::with_clock(config, clock).unwrap();
        World {
            _dir: dir,
            service,
            language,
        }
    }

    /// `command` from `who` in the server's channel `main`, the server and the client both in
    /// the world's language.
    fn send(&self, who: &User, command: Command) -> Reply {
        self.service.handle(&Request {
            platform: Platform::plain("test"),
            user: who.clone(),
            channel: channel_id("main"),
            is_moderator: false,
            game: None,
            server: Some(ServerId("test:s1".to_string())),
            roles: Vec::new(),
            command,
            locale: Some(self.language),
            server_locale: Some(self.language),
            language: Languages::default(),
            own_view: None,
        })
    }

    fn ok(&self, who: &User, command: Command) -> Reply {
        let reply = self.send(who, command.clone());
        assert!(!reply.ephemeral, "{command:?}: {}", reply.text);
        reply
    }
}

fn golden(name: &str, png: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/all/golden")
        .join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let actual = image::load_from_memory(png).unwrap().to_rgba8();
    let want = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    let want = image::load_from_memory(&want).unwrap().to_rgba8();
    let saved = std::env::temp_dir().join(format!("golden-actual-{name}.png"));
    assert_eq!(
        actual.dimensions(),
        want.dimensions(),
        "{name}: the drawing is in {}",
        {
            std::fs::write(&saved, png).unwrap();
            saved.display()
        }
    );
    let differing = actual
        .pixels()
        .zip(want.pixels())
        .filter(|(a, w)| {
            a.0.iter()
                .zip(w.0)
                .any(|(&p, q)| p.abs_diff(q) > CHANNEL_TOLERANCE)
        })
        .count();
    if differing * 500 > actual.pixels().len() {
        std::fs::write(&saved, png).unwrap();
        panic!(
            "{name}: {differing} pixels differ from {}; the drawing is in {}",
            path.display(),
            saved.display()
        );
    }
}

/// The last frame of a GIF, as a PNG.
fn last_frame(gif: &[u8]) -> Vec<u8> {
    use image::AnimationDecoder;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).unwrap();
    let frame = decoder
        .into_frames()
        .collect_frames()
        .unwrap()
        .pop()
        .unwrap();
    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(frame.into_buffer())
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

fn code(language: Language) -> &'static str {
    match language {
        Language::Spanish => "es",
        Language::German => "de",
        Language::English => "en",
    }
}

#[test]
fn a_posted_puzzle_is_drawn_in_the_servers_language() {
    for language in [Language::Spanish, Language::German] {
        let w = World::new(language);
        let posted = w.ok(
            &user("frank"),
            Command::Puzzle(PuzzleCommand::Create {
                code: "3:b:3,4:b2/3/b2".into(),
                rule: Some(WinRule::Immediate),
                title: String::new(),
                several: false,
            }),
        );
        golden(
            &format!("puzzle_{}", code(language)),
            posted.image.as_deref().expect("a picture"),
        );
    }
}

#[test]
fn a_hint_for_a_player_with_an_arabic_name_is_drawn_in_the_readers_language() {
    for language in [Language::Spanish, Language::German] {
        let w = World::new(language);
        let player = User::new(
            akron_bot::service::UserId::new("test", "malik"),
            "ملك الشطرنج",
        );
        let mut challenge = Challenge::new(User::ai(Level::new(2).unwrap()));
        challenge.size = Some(5);
        challenge.rule = Some(WinRule::Immediate);
        challenge.colour = Some(ColourChoice::Black);
        w.ok(&player, Command::Challenge(challenge));
        w.ok(&player, Command::Move("C3".into()));
        assert_eq!(ai_player::play_pending(&w.service).unwrap(), 1);
        let hint = w.send(&player, Command::Hint);
        assert!(hint.ephemeral, "a hint is private: {}", hint.text);
        golden(
            &format!("hint_rtl_{}", code(language)),
            hint.image.as_deref().expect("a picture"),
        );
    }
}

#[test]
fn a_replays_last_frame_says_a_long_result_whole() {
    for language in [Language::Spanish, Language::German] {
        let w = World::new(language);
        let black = user("Maximilian Alexander von Hohenzollern");
        let white = user("Bartholomew Featherstonehaugh");
        let mut challenge = Challenge::new(white.clone());
        challenge.size = Some(5);
        challenge.colour = Some(ColourChoice::Black);
        w.ok(&black, Command::Challenge(challenge));
        w.ok(&white, Command::Accept);
        for (who, mv) in [(&black, "C3"), (&white, "B2"), (&black, "D4")] {
            w.ok(who, Command::Move(mv.into()));
        }
        w.ok(&white, Command::Resign);
        let replay = w.ok(&black, Command::Replay(ReplayRequest::default()));
        golden(
            &format!("replay_end_{}", code(language)),
            &last_frame(replay.animation.as_deref().expect("a GIF")),
        );
    }
}
