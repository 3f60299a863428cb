//! What the message catalogue costs per reply: the words of one move's reply (the move, whose
//! turn, both clocks) and of its board's text alternative (size, players, marbles in hand,
//! whose move, last move, three levels), and of an AI's move (its name a message inside the
//! move's), in each language, through `say!` as the service calls it. Compare with a move's service time without the picture (`--bench service` with
//! `AKRON_BENCH_IMAGES=0`).
#![allow(missing_docs)]

use akron_service::catalogue::Language;
use akron_service::say;

const LANGUAGES: [Language; 3] = [Language::English, Language::Spanish, Language::German];

/// Whose turn it is after a move, a player mentioned.
fn to_move(language: Language) -> String {
    say!(
        language,
        "move-to-move",
        player = "<@bench:bob>",
        colour = "white"
    )
}

/// The catalogue's part of a move reply.
#[divan::bench(args = LANGUAGES)]
fn move_reply_words(language: Language) -> usize {
    let mut text = say!(
        language,
        "move-placed",
        player = "alice",
        colour = "black",
        point = "D3"
    );
    text.push_str(&to_move(language));
    let black = say!(
        language,
        "clock-side",
        colour = "black",
        time = "2 d 3 h",
        live = "no"
    );
    let white = say!(
        language,
        "clock-side",
        colour = "white",
        time = "3 d",
        live = "no"
    );
    text.push_str(&say!(
        language,
        "clock-line",
        black = black,
        white = white,
        control = "3d"
    ));
    divan::black_box(text).len()
}

/// The catalogue's part of a board's text alternative (three levels).
#[divan::bench(args = LANGUAGES)]
fn board_alt_words(language: Language) -> usize {
    let mut text = say!(
        language,
        "alt-board",
        size = 8,
        game = "#12",
        black = "alice",
        white = "bob"
    );
    text.push_str(&say!(language, "alt-in-hand", black = 21, white = 1));
    text.push_str(&say!(language, "alt-to-move", colour = "white"));
    text.push_str(&say!(
        language,
        "alt-last-move",
        colour = "black",
        move = "A2-D3'"
    ));
    for level in 1..=3 {
        text.push_str(&say!(
            language,
            "alt-level",
            level = level,
            black = "B4, B2, C4, C2, D4, D3, D2, E3",
            white = "A3, A2, B5, B3, B1, C5, C3, D1, E5, E1",
            blacks = 8,
            whites = 10
        ));
    }
    divan::black_box(text).len()
}

/// An AI's move as its notice says it: the AI's name is a message of its own
/// (`ai-player`), put into words inside the move's, then whose turn with a mention.
#[divan::bench(args = LANGUAGES)]
fn ai_move_words(language: Language) -> usize {
    let ai = akron_service::model::User::ai(akron_ai::Level::MIN);
    let mut text = say!(
        language,
        "move-placed",
        player = ai.shown(),
        colour = "black",
        point = "D3"
    );
    text.push_str(&to_move(language));
    divan::black_box(text).len()
}

fn main() {
    divan::main();
}
