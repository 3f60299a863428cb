//! Regression (issue 17): the README's command table left out `play`, `render` and `discord`.
//! It must list exactly the commands `akron --help` names, including any added later.

use std::collections::BTreeSet;
use std::process::Command;

const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));

/// The subcommands `akron --help` lists, without clap's own `help`.
fn commands_in_help() -> BTreeSet<String> {
    let output = match Command::new(env!("CARGO_BIN_EXE_akron"))
        .arg("--help")
        .output()
    {
        Ok(output) => output,
        Err(e) => panic!("cannot run akron: {e}"),
    };
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout).into_owned();
    let Some((_, list)) = help.split_once("Commands:\n") else {
        panic!("no command list in:\n{help}");
    };
    list.lines()
        .take_while(|line| !line.trim().is_empty())
        // A command's line is indented by two spaces; wrapped descriptions by more.
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The commands in the table of the README's "The command line" section: rows that start
/// with `` | `akron NAME``.
fn commands_in_readme() -> BTreeSet<String> {
    let Some((_, section)) = README.split_once("\n## The command line\n") else {
        panic!("the README has no \"The command line\" section");
    };
    let section = section.split("\n## ").next().unwrap_or_default();
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `akron "))
        .filter_map(|rest| rest.split([' ', '`']).next())
        .map(String::from)
        .collect()
}

#[test]
fn the_readme_table_lists_every_command_of_the_binary() {
    let help = commands_in_help();
    let readme = commands_in_readme();
    assert!(help.len() >= 8, "the help lists the commands: {help:?}");
    let missing: Vec<&String> = help.difference(&readme).collect();
    assert!(
        missing.is_empty(),
        "the README's command table lacks {missing:?}"
    );
    let unknown: Vec<&String> = readme.difference(&help).collect();
    assert!(
        unknown.is_empty(),
        "the README's command table lists {unknown:?}, which akron --help does not"
    );
}
