use super::*;

/// Regression (issue 17): Markdown was printed raw in the console.
#[test]
fn markdown_is_rendered_for_a_terminal() {
    let markdown = "**alice** placed `B2`.\n```\n1. B2\n```\nend";
    assert_eq!(
        terminal_text(markdown, false),
        "alice placed B2.\n1. B2\nend"
    );
    assert_eq!(
        terminal_text(markdown, true),
        "\x1b[1malice\x1b[0m placed B2.\n1. B2\nend"
    );
    assert_eq!(terminal_text("**open", true), "\x1b[1mopen\x1b[0m");
}

/// Regression (issue 26): escapes leaked into piped output (`\_it\_`).
#[test]
fn markdown_escapes_are_undone_for_a_terminal() {
    let name = crate::model::escape_markdown("_it_ [x] @here");
    assert_eq!(
        terminal_text(&format!("**{name}** wins"), false),
        "_it_ [x] @here wins"
    );
    assert_eq!(terminal_text("a \\\\ b", false), "a \\ b");
}

/// Regression (issue 26): a finished game's text board ended with "Black to move".
#[test]
fn a_finished_games_text_board_says_how_it_ended() -> Result<(), akron_rules::PositionError> {
    let position = Position::start(3, 4)?;
    assert!(ascii_board(&position, None).ends_with("Black to move\n"));
    let over = ascii_board(&position, Some("bob resigned: alice wins"));
    assert!(
        over.ends_with("game over: bob resigned: alice wins\n"),
        "{over}"
    );
    Ok(())
}

/// Regression (issue 26): `wait` alone and `wait 1d 2h` were "not a command".
#[test]
fn wait_takes_a_duration_in_several_words() {
    assert_eq!(parse_duration("1d2h", Language::English), Ok(93_600));
}

#[test]
fn user_names_need_a_letter_or_digit() {
    assert_eq!(user_name("@bob"), Some("bob"));
    assert_eq!(user_name("bob_2.x-y"), Some("bob_2.x-y"));
    assert_eq!(user_name("@@@"), None);
    assert_eq!(user_name("a/b"), None);
}

/// Regression (issue 26): `as` took a 20,000-character name, and every board then took
/// seconds to draw.
#[test]
fn an_absurdly_long_user_name_is_refused() {
    let long = "x".repeat(20_000);
    assert_eq!(user_name(&long), None);
    let why = bad_name(&long, Language::English);
    assert!(
        why.contains("20,000 characters") && why.len() < 200,
        "{why}"
    );
    assert_eq!(
        user_name(&"y".repeat(MAX_NAME)).map(str::len),
        Some(MAX_NAME)
    );
}
