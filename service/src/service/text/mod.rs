//! The commands as plain text: `/akron challenge bob size:5 rule:immediate`.
//!
//! Front ends without native slash commands (the console, and Matrix's `!akron ...` messages)
//! read what users type with [`parse_line`] and [`parse_command`] (`parse.rs`). The table of
//! commands, [`COMMANDS`], and the help built from it are `help.rs`; the parser, the help and
//! the Discord registration all read that one table.

mod help;
mod parse;

pub use help::{
    command_help, help_page, help_text, help_text_in, help_text_on, CommandHelp, Form, Group, Kind,
    Param, COMMANDS,
};
pub use parse::{
    parse_check_in, parse_command, parse_line, parse_rating_range, parse_round_deadline,
    parse_time, Parsed, CHECK_IN_WINDOW, ROUND_DEADLINE,
};
