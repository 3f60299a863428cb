use super::*;
use crate::service::text::help_text;
use crate::service::types::Language;
use crate::service::types::UserId;

fn user(name: &str) -> Option<User> {
    let name = name.trim_start_matches('@');
    Some(User::new(UserId::new("console", name), name))
}

#[test]
fn challenges_read_named_and_positional_options() {
    let Ok(Command::Challenge(c)) = parse_command(
        "/akron challenge @bob size:5 rule:immediate colour:white",
        user,
    ) else {
        panic!("parses");
    };
    assert_eq!(c.opponent.name, "bob");
    assert_eq!(c.size, Some(5));
    assert_eq!(c.rule, Some(WinRule::Immediate));
    assert_eq!(c.colour, Some(ColourChoice::White));
    let Ok(Command::Challenge(c)) = parse_command("challenge bob 6 18 black", user) else {
        panic!("parses");
    };
    assert_eq!(
        (c.size, c.pieces, c.colour),
        (Some(6), Some(18), Some(ColourChoice::Black))
    );
    assert!(parse_command("challenge bob size:x", user).is_err());
    assert!(parse_command("challenge bob purple", user).is_err());
}

/// Regression (issue 17): `size:99999` was answered "Board size 255", `pieces:65536`
/// "65535 pieces".
#[test]
fn out_of_range_options_are_named_as_written() {
    let error = |text: &str| {
        parse_command(text, user)
            .err()
            .map(|e| e.say(Language::English))
    };
    assert_eq!(
        error("challenge bob size:99999"),
        Some("Board size must be 3 to 16, not '99999'".to_string())
    );
    assert_eq!(
        error("challenge bob size:2"),
        Some("Board size must be 3 to 16, not '2'".to_string())
    );
    assert_eq!(
        error("challenge bob pieces:65536"),
        Some("Pieces must be a number up to 1000, not '65536'".to_string())
    );
    assert_eq!(
        error("challenge bob 8 1001"),
        Some("Pieces must be a number up to 1000, not '1001'".to_string())
    );
}

#[test]
fn every_command_in_the_table_parses_and_fits_discord() {
    for command in COMMANDS {
        assert!(
            command.about(Language::English).chars().count() <= 100,
            "{}",
            command.name
        );
        let line = match command.name {
            "challenge" => "challenge bob",
            "move" => "move F6",
            "show" => "show 3:b:4,4:3/3/3",
            "vacation" => "vacation on",
            "puzzle" => "puzzle daily on",
            "tournament" => "tournament standings",
            other => other,
        };
        let parsed = parse_command(line, user);
        assert!(
            parsed.as_ref().is_ok_and(|c| c.name() == command.name),
            "{line}: {parsed:?}"
        );
    }
    let help = help_text();
    for command in COMMANDS {
        assert!(help.contains(&command.usage()), "{}", command.name);
        assert!(
            help.contains(&format!("/{}", command.group.slash_command())),
            "help names where {} is on Discord",
            command.name
        );
    }
}

#[test]
fn other_commands() {
    assert_eq!(
        parse_command("/akron move a2 - d3’", user),
        Ok(Command::Move("a2 - d3’".to_string()))
    );
    assert_eq!(parse_command("draw", user), Ok(Command::Draw(Offer::Offer)));
    assert_eq!(
        parse_command("draw accept", user),
        Ok(Command::Draw(Offer::Accept))
    );
    assert_eq!(
        parse_command("takeback decline", user),
        Ok(Command::Takeback(Offer::Decline))
    );
    assert_eq!(parse_command("moves", user), Ok(Command::Moves(None)));
    assert_eq!(
        parse_command("moves point:D3", user),
        Ok(Command::Moves(Some("D3".to_string())))
    );
    assert!(parse_command("frobnicate", user).is_err());
    assert!(parse_command("resign now", user).is_err());
    assert!(parse_command("move", user).is_err());
}

/// Every line the help shows, with its placeholders filled from the declaration (each
/// form whole, with only what it needs, and with each choice it lists), parses as the
/// command it is shown for: the help and the parser read one declaration.
#[test]
fn every_example_in_help_parses() {
    let help = help_text();
    let mut count = 0;
    for command in COMMANDS {
        assert!(help.contains(&command.usage()), "{}", command.name);
        for line in command.examples() {
            let parsed = parse_line(&line, user);
            assert!(
                parsed
                    .as_ref()
                    .is_ok_and(|p| p.command.name() == command.name),
                "the help shows `{line}`, which the parser refuses: {:?}",
                parsed.map_err(|e| e.say(Language::English))
            );
            count += 1;
        }
    }
    assert!(count > 100, "{count} examples");
}

/// Regression (issue 38, point 5): `help` shows `replay [#N] [from:PLY] …`, and
/// `replay #1 from:2 to:5 speed:fast` was "'#1' is not a replay option".
#[test]
fn replay_with_its_game_first_as_the_help_shows_parses() {
    let parsed = parse_line("replay #1 from:2 to:5 speed:fast", user);
    let Ok(Parsed {
        command: Command::Replay(request),
        game,
    }) = parsed
    else {
        panic!("{parsed:?}");
    };
    assert_eq!(game, Some(GameId(1)));
    assert_eq!((request.from, request.to), (Some(2), Some(5)));
    assert_eq!(request.speed, Some(Speed::Fast));
    let last = parse_line("replay from:2 to:5 speed:fast #1", user);
    assert_eq!(last.map(|p| p.game), Ok(Some(GameId(1))));
    // A command that names no game keeps `#` words as its own.
    assert!(matches!(
        parse_line("tournament adjudicate #12 black", user),
        Ok(Parsed { game: None, .. })
    ));
    let refused = parse_line("replay #x from:2", user).map_err(|e| e.say(Language::English));
    assert!(refused.is_err_and(|e| e.contains("#x")));
}

fn refusal(line: &str) -> String {
    match parse_line(line, user) {
        Ok(parsed) => panic!("{line} parsed: {parsed:?}"),
        Err(e) => crate::catalogue::console_commands(&e.say(Language::English)),
    }
}

/// Regression (issue 38, point 8): `vacation` alone was "'' must be on or off".
#[test]
fn vacation_alone_says_to_write_on_or_off() {
    assert_eq!(
        refusal("vacation"),
        "vacation needs on or off: `vacation on` or `vacation off`"
    );
    assert_eq!(
        refusal("puzzle daily"),
        "puzzle daily needs on or off: `puzzle daily on` or `puzzle daily off`"
    );
    assert_eq!(
        refusal("challenge bob thread:"),
        "On or off is missing after the ':'"
    );
}

/// Regression (issue 38, point 8): `puzzle` alone was "'' must be on or off" style
/// ("'' is not a puzzle action").
#[test]
fn puzzle_alone_lists_the_puzzle_commands() {
    let said = refusal("puzzle");
    assert!(said.starts_with("Write `puzzle create"), "{said}");
    assert!(!said.contains("''"), "{said}");
}

/// Regression (issue 38, point 8): `board view:txt` listed plan and perspective, not text.
#[test]
fn board_view_txt_lists_text_among_the_views() {
    assert_eq!(
        refusal("board view:txt"),
        "View 'view:txt' must be plan, perspective or text"
    );
    assert_eq!(
        parse_line("board view:text", user).map(|p| p.command),
        Ok(Command::BoardText)
    );
    // `show` has no text view, so its refusal keeps the two it has.
    assert!(refusal("show 3:b:4,4:3/3/3 view:txt").contains("plan or perspective"));
}

/// Regression (issue 38, point 8): `settings reminders:dm thread-games:off` read
/// `dm thread-games:off` as the reminders' value.
#[test]
fn two_settings_in_one_line_are_refused_not_read_as_one_value() {
    assert_eq!(
        refusal("settings reminders:dm thread-games:off"),
        "One setting at a time: write `settings reminders:dm`, then \
         `settings thread-games:off`"
    );
    assert!(parse_line("settings reminders:dm", user).is_ok());
    assert!(parse_line("settings tournament-role:Tournament Director", user).is_ok());
}

/// Regression (issue 38, point 8): the Discord spelling `/akron-review replay` was
/// "'-review' is not a command".
#[test]
fn the_discord_spelling_akron_review_replay_is_accepted() {
    for (line, name) in [
        ("/akron-review replay", "replay"),
        ("/akron-review replay #2 speed:slow", "replay"),
        ("akron-review export", "export"),
        ("/akron-tournament join", "tournament"),
        ("/AKRON-PUZZLE daily on", "puzzle"),
        ("/akron move F6", "move"),
        ("/help", "help"),
    ] {
        let parsed = parse_line(line, user);
        assert!(
            parsed.as_ref().is_ok_and(|p| p.command.name() == name),
            "{line}: {parsed:?}"
        );
    }
    assert!(refusal("/akron-reviewer replay").contains("akron-reviewer"));
}

/// Regression (issue 26): `max:1` was dropped silently, leaving the tournament unlimited.
#[test]
fn a_tournament_max_below_two_is_refused() {
    let made = parse_tournament_options("Cup format:swiss max:1");
    assert!(
        made.as_ref()
            .is_err_and(|e| e.say(Language::English).contains("`max` must be 2")),
        "{made:?}"
    );
    let made = parse_tournament_options("Cup format:swiss max:8");
    assert_eq!(made.map(|o| o.max_players), Ok(Some(8)));
}

/// `challenge` without an opponent, or with `anyone`, or opening with an option, is an open
/// challenge; `rating:` reads a range with either bound left out.
#[test]
fn a_challenge_without_an_opponent_is_open_to_anyone() {
    for line in [
        "challenge",
        "challenge anyone",
        "challenge opponent:anyone size:6",
        "challenge size:6",
        "challenge rating:1400-1700",
    ] {
        let Ok(Command::Challenge(c)) = parse_command(line, user) else {
            panic!("{line} parses");
        };
        assert!(c.opponent.id.is_anyone(), "{line}");
    }
    let Ok(Command::Challenge(c)) = parse_command("challenge anyone rating:1400-1700 6", user)
    else {
        panic!("parses");
    };
    assert_eq!(
        (c.rating.min, c.rating.max, c.size),
        (Some(1400), Some(1700), Some(6))
    );
    let Ok(Command::Challenge(c)) = parse_command("challenge rating:-1600", user) else {
        panic!("parses");
    };
    assert_eq!((c.rating.min, c.rating.max), (None, Some(1600)));
    for bad in [
        "rating:",
        "rating:-",
        "rating:1400",
        "rating:a-b",
        "rating:1400-17x",
    ] {
        assert!(
            parse_command(&format!("challenge {bad}"), user).is_err(),
            "{bad}"
        );
    }
    // `level` alone still means the AI.
    let Ok(Command::Challenge(c)) = parse_command("challenge level:5", user) else {
        panic!("parses");
    };
    assert!(c.opponent.id.is_ai());
}

#[test]
fn rematch_follow_and_unfollow_read_a_game_or_a_player() {
    assert_eq!(parse_command("rematch", user), Ok(Command::Rematch));
    assert!(parse_command("rematch now", user).is_err());
    assert_eq!(parse_command("follow", user), Ok(Command::Follow(None)));
    let Ok(Command::Follow(Some(who))) = parse_command("follow @bob", user) else {
        panic!("parses");
    };
    assert_eq!(who.name, "bob");
    let Ok(Command::Unfollow(Some(who))) = parse_command("unfollow player:bob", user) else {
        panic!("parses");
    };
    assert_eq!(who.name, "bob");
    let parsed = parse_line("follow #12", user).map(|p| (p.command, p.game));
    assert_eq!(parsed, Ok((Command::Follow(None), Some(GameId(12)))));
    assert!(parse_command("follow bob carol", user).is_err());
}

/// A Matrix id has a colon, as an option does: `challenge @bob:example.org size:5` names
/// Bob; it is no open challenge (nor is `bob:example.org` without its `@`).
#[test]
fn a_matrix_id_is_an_opponent_not_an_option() {
    let user = |name: &str| Some(User::new(UserId::new("matrix", name), name));
    for line in [
        "challenge @bob:example.org size:5 colour:black",
        "challenge bob:example.org",
    ] {
        let Ok(Command::Challenge(c)) = parse_command(line, user) else {
            panic!("{line}");
        };
        assert!(!c.opponent.id.is_anyone(), "{line}");
        assert!(
            c.opponent.id.0.ends_with("bob:example.org"),
            "{line}: {:?}",
            c.opponent.id
        );
    }
}

#[test]
fn tournament_create_reads_analysis_and_puzzle_mine_reads_its_forms() {
    let Ok(Command::Tournament(TournamentAction::Create(options))) =
        parse_command("tournament create Cup format:swiss analysis:on", user)
    else {
        panic!("parses");
    };
    assert_eq!(options.analysis, Some(true));
    assert!(parse_command("tournament create Cup format:swiss analysis:maybe", user).is_err());
    let mine = |line: &str| match parse_command(line, user) {
        Ok(Command::Puzzle(PuzzleCommand::Mine(action))) => Some(action),
        _ => None,
    };
    assert_eq!(mine("puzzle mine"), Some(MineAction::Next));
    assert_eq!(mine("puzzle mine #2"), Some(MineAction::Show(2)));
    assert_eq!(
        mine("puzzle mine 2 F6 G7"),
        Some(MineAction::Solve(2, vec!["F6".into(), "G7".into()]))
    );
    assert_eq!(mine("puzzle mine x"), None);
}

/// Regression (reader's report c2): the guide's Discord form `state:on` is taken in the
/// console as it is on Discord.
#[test]
fn tournament_analysis_state_on_as_the_guide_shows_is_accepted() {
    for (line, on) in [
        ("tournament analysis state:on", true),
        ("tournament analysis state:off", false),
        ("tournament analysis on", true),
        ("tournament analysis analysis:off", false),
        ("/akron-tournament analysis state:on", true),
    ] {
        let parsed = parse_line(line, user).map(|p| p.command);
        assert!(
            matches!(&parsed, Ok(Command::Tournament(TournamentAction::Analysis(x))) if *x == on),
            "{line}: {parsed:?}"
        );
    }
    assert!(refusal("tournament analysis state:maybe").contains("maybe"));
}

/// The reader found the console's and Matrix's `help` listing `tournament create … [analysis]
/// [max] [check-in]` and nothing of `best-of`, `tie`, `seeding`, `seed`, `advance` or
/// `analysis on|off`: the whole list has no room for them. `help tournament` is the
/// command's own page, every form a line, and every line of it parses (the examples of
/// [`CommandHelp::more`] are in `every_example_in_help_parses`).
#[test]
#[allow(clippy::expect_used)]
fn help_tournament_shows_the_knockout_options_the_list_leaves_out() {
    assert_eq!(
        parse_command("help tournament", user),
        Ok(Command::Help(Some("tournament")))
    );
    assert_eq!(
        parse_command("help /Tournament", user),
        Ok(Command::Help(Some("tournament")))
    );
    assert_eq!(parse_command("help", user), Ok(Command::Help(None)));
    assert_eq!(
        parse_command("help frobnicate", user).err().map(|e| e
            .say(Language::English)
            .starts_with("'frobnicate' is not a command")),
        Some(true)
    );
    let page = crate::service::text::help_page(Language::English, "console", "tournament")
        .expect("tournament has a page");
    for shown in [
        "`tournament create NAME format:single|double [best-of:1|3|5|7] [tie:extra-game|higher-seed] [seeding:rating|random] [draw:N] [reset:yes|no] [deadline:3d|36h]`",
        "`tournament seed @player N|off`",
        "`tournament advance @player`",
        "`tournament analysis on|off`",
        "`tournament withdraw [@player]`",
    ] {
        assert!(page.contains(shown), "{shown} is not on the page:\n{page}");
    }
    assert!(
        !help_text().contains("best-of"),
        "the whole list stays short"
    );
    let matrix = crate::service::text::help_page(Language::Spanish, "matrix", "tournament")
        .expect("tournament has a page");
    assert!(
        matrix.contains("\u{e000}tournament seed @jugador N|off\u{e001}"),
        "{matrix}"
    );
    assert!(crate::service::text::help_page(Language::German, "console", "frobnicate").is_none());
}
