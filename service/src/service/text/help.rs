//! The table of commands ([`COMMANDS`]): each command's name, its place in the help and on
//! Discord, and how each of its forms is written; and the help text built from it. The
//! parser (`parse.rs`) reads the same declarations, so what the help shows, the parser
//! takes. What each command does, in words, is the catalogue's (`command-NAME-about`).

use crate::service::types::Language;

/// The part of the help a command belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Making and answering challenges.
    Start,
    /// Playing moves and looking at the board.
    Play,
    /// Ending a game: resigning, draws, takebacks, aborts.
    End,
    /// Records, positions, your games, the rules.
    LookUp,
    /// Ratings and the leaderboard.
    Compete,
    /// Looking back: records, pictures of positions, replays and the engine's analysis.
    Review,
    /// Puzzles proven by the solver.
    Puzzles,
    /// Tournaments, run by organisers.
    Tournaments,
    /// Following other players' games by direct message.
    Watch,
}

impl Group {
    /// Every group, in the help's order.
    pub const ALL: [Group; 9] = [
        Group::Start,
        Group::Play,
        Group::End,
        Group::LookUp,
        Group::Compete,
        Group::Review,
        Group::Puzzles,
        Group::Tournaments,
        Group::Watch,
    ];

    /// Its key in the catalogue: `group-KEY` is its heading in each language.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Group::Start => "start",
            Group::Play => "play",
            Group::End => "end",
            Group::LookUp => "look-up",
            Group::Compete => "compete",
            Group::Review => "review",
            Group::Puzzles => "puzzles",
            Group::Tournaments => "tournaments",
            Group::Watch => "watch",
        }
    }

    /// The group's heading in the help.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Group::Start => "Start",
            Group::Play => "Play",
            Group::End => "End",
            Group::LookUp => "Look up",
            Group::Compete => "Compete",
            Group::Review => "Review",
            Group::Puzzles => "Puzzles",
            Group::Tournaments => "Tournaments",
            Group::Watch => "Watch",
        }
    }

    /// The Discord slash command the group's commands are typed under: `move` is
    /// `/akron move`, `replay` is `/akron-review replay`. Discord allows at most 25 subcommands
    /// to a command and 8,000 characters of names and descriptions, so what is typed during a
    /// game stays under `/akron` and the families used apart from a game have their own. A
    /// family that is a single command with actions (`tournament join`) is the slash command
    /// itself: `/akron-tournament join`.
    #[must_use]
    pub const fn slash_command(self) -> &'static str {
        match self {
            Group::Start | Group::Play | Group::End | Group::LookUp | Group::Compete => "akron",
            Group::Review => "akron-review",
            Group::Puzzles => "akron-puzzle",
            Group::Tournaments => "akron-tournament",
            // `/akron` holds 24 subcommands with `rematch`, and Discord allows 25: following
            // other players' games (`follow`, `unfollow`) is a family of its own.
            Group::Watch => "akron-watch",
        }
    }
}

/// How one argument of a command is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A word written as it is: a subcommand (`create`, `clear`, `several`).
    Literal,
    /// A value written alone, in its place: `F6`, `@player|ai`, `on|off`.
    Word,
    /// An option written `key:value` anywhere after the command: `from:2`.
    Option,
    /// A game number `#N`, anywhere after the command: the game the command acts on.
    Game,
}

/// One argument of a command: the help shows it and the parser reads it, from this one
/// declaration, so the two cannot disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// How it is written.
    pub kind: Kind,
    /// The option's name (`from`), for [`Kind::Option`]; empty otherwise.
    pub key: &'static str,
    /// What goes there as the help shows it: a placeholder (`PLY`), the choices
    /// (`slow|normal|fast`), or nothing (the help then shows only the option's name).
    pub value: &'static str,
    /// A value the parser takes, for the examples built from the help.
    pub sample: &'static str,
    /// Whether it may be left out.
    pub optional: bool,
}

impl Param {
    /// The argument as the help shows it: `[from:PLY]`, `F6`, `create`.
    #[must_use]
    pub fn usage(&self) -> String {
        self.usage_in(Language::English)
    }

    /// [`Param::usage`] in `language`: a placeholder in the reader's words (`[from:JUGADA]`,
    /// `@jugador`); what is typed as it is (option names, subcommands, choices, points).
    #[must_use]
    pub fn usage_in(&self, language: Language) -> String {
        let value = if self.kind == Kind::Literal {
            self.value.to_string()
        } else {
            placeholders_in(self.value, language)
        };
        let text = match self.kind {
            Kind::Option if self.value.is_empty() => self.key.to_string(),
            Kind::Option => format!("{}:{value}", self.key),
            Kind::Literal | Kind::Word | Kind::Game => value,
        };
        if self.optional {
            format!("[{text}]")
        } else {
            text
        }
    }

    /// The argument in an example line: `from:2`, `F6`, `create`.
    #[must_use]
    pub fn example(&self, value: &str) -> String {
        match self.kind {
            Kind::Option => format!("{}:{value}", self.key),
            _ => value.to_string(),
        }
    }

    /// The values an example may give it: its sample, and each choice it lists
    /// (`slow|normal|fast`) that is a word to type as it is.
    #[must_use]
    pub fn samples(&self) -> Vec<&'static str> {
        let mut samples = vec![self.sample];
        if self.kind != Kind::Literal && self.value.contains('|') {
            samples.extend(self.value.split('|').filter(|choice| {
                choice
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '+')
            }));
        }
        samples
    }
}

/// `value` with each placeholder among its choices (`@player`, `PLY`, `CODE-or-RECORD`)
/// in `language`, from the catalogue's `placeholder-…` messages; a choice that is typed as
/// it is (`ai`, `slow`, `F6`) has no such message and stays.
fn placeholders_in(value: &str, language: Language) -> String {
    value
        .split('|')
        .map(|choice| {
            let slug = choice
                .trim_start_matches(['@', '#'])
                .trim_end_matches('.')
                .to_ascii_lowercase();
            let id = format!("placeholder-{slug}");
            if !slug.is_empty() && crate::catalogue::has(&id) {
                crate::catalogue::say(language, &id, &[])
            } else {
                choice.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// A subcommand or a fixed word: `create`.
const fn literal(word: &'static str) -> Param {
    Param {
        kind: Kind::Literal,
        key: "",
        value: word,
        sample: word,
        optional: false,
    }
}

/// A value in its place: `F6`.
const fn word(value: &'static str, sample: &'static str) -> Param {
    Param {
        kind: Kind::Word,
        key: "",
        value,
        sample,
        optional: false,
    }
}

/// A value in its place that may be left out: `[POINT]`.
const fn maybe(value: &'static str, sample: &'static str) -> Param {
    Param {
        optional: true,
        ..word(value, sample)
    }
}

/// An option that may be left out: `[from:PLY]`.
const fn option(key: &'static str, value: &'static str, sample: &'static str) -> Param {
    Param {
        kind: Kind::Option,
        key,
        value,
        sample,
        optional: true,
    }
}

/// An option that must be given: `format:swiss|roundrobin`.
const fn required(key: &'static str, value: &'static str, sample: &'static str) -> Param {
    Param {
        optional: false,
        ..option(key, value, sample)
    }
}

/// The game a command acts on, `[#N]`, written anywhere after the command.
const GAME: Param = Param {
    kind: Kind::Game,
    key: "",
    value: "#N",
    sample: "#1",
    optional: true,
};

/// One way of writing a command: its arguments in the help's order.
pub type Form = &'static [Param];

/// One command of the grammar: the one source of how commands are written and where they
/// sit. The console's parser, the help text, Discord's layout and the tests that check what is
/// registered all read this table; what a command does, in words, is the catalogue's
/// ([`CommandHelp::about`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandHelp {
    /// The name typed after `akron` (on Discord, after its group's
    /// [slash command](Group::slash_command)).
    pub name: &'static str,
    /// Its part of the help.
    pub group: Group,
    /// The ways it is written, with their arguments (one form for most commands).
    pub forms: &'static [Form],
    /// Further forms shown only on the command's own page (`help tournament`), where the
    /// whole help has no room for them (Discord's message holds 2,000 characters): the
    /// knockout options of `tournament create`, and the organiser's rarer actions. The
    /// parser takes them as it takes [`CommandHelp::forms`], and the tests parse their
    /// examples too.
    pub more: &'static [Form],
}

impl CommandHelp {
    /// What it does, in one line, in `language`: the catalogue's `command-NAME-about`, the
    /// one source of the description (Discord registers it; a test holds it to Discord's 100
    /// characters in every language).
    #[must_use]
    pub fn about(&self, language: Language) -> String {
        crate::catalogue::say(language, &format!("command-{}-about", self.name), &[])
    }

    /// How it is written, as the help shows it: `replay [#N] [from:PLY] …`. A later form
    /// that opens with a subcommand or an option leaves the command's name out
    /// (`tournament create NAME … | join | leave`).
    #[must_use]
    pub fn usage(&self) -> String {
        self.usage_in(Language::English)
    }

    /// [`CommandHelp::usage`] with its placeholders in `language` ([`Param::usage_in`]).
    #[must_use]
    pub fn usage_in(&self, language: Language) -> String {
        let mut forms = Vec::new();
        for (index, form) in self.forms.iter().enumerate() {
            let named = index == 0
                || form
                    .first()
                    .is_none_or(|p| matches!(p.kind, Kind::Word | Kind::Game));
            forms.push(self.form_usage(form, named, language));
        }
        forms.join(" | ")
    }

    /// One form as typed, its placeholders in `language`, with the command's name when
    /// `named`.
    fn form_usage(&self, form: Form, named: bool, language: Language) -> String {
        let mut words = Vec::new();
        if named {
            words.push(self.name.to_string());
        }
        words.extend(form.iter().map(|p| p.usage_in(language)));
        words.join(" ")
    }

    /// Every form, each whole with the command's name (`tournament seed @player N|off`), the
    /// [further forms](CommandHelp::more) included: the lines of the command's own page.
    #[must_use]
    pub fn page_usages(&self, language: Language) -> Vec<String> {
        self.forms
            .iter()
            .chain(self.more)
            .map(|form| self.form_usage(form, true, language))
            .collect()
    }

    /// Example lines for every form, built from the declaration: each form with every
    /// argument given its sample, with only what it needs, and with each choice it lists.
    /// What the help shows, the parser must take: the tests parse every one of them.
    #[must_use]
    pub fn examples(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for form in self.forms.iter().chain(self.more) {
            let line = |pick: &dyn Fn(usize, &Param) -> Option<String>| {
                let mut words = vec![self.name.to_string()];
                words.extend(form.iter().enumerate().filter_map(|(i, p)| pick(i, p)));
                words.join(" ")
            };
            lines.push(line(&|_, p| Some(p.example(p.sample))));
            lines.push(line(&|_, p| (!p.optional).then(|| p.example(p.sample))));
            for (index, param) in form.iter().enumerate() {
                for sample in param.samples() {
                    lines.push(line(&|i, p| {
                        if i == index {
                            Some(p.example(sample))
                        } else {
                            (!p.optional).then(|| p.example(p.sample))
                        }
                    }));
                }
            }
        }
        lines.dedup();
        lines
    }

    /// Whether it takes a game number `#N` anywhere after its name.
    #[must_use]
    pub fn takes_game(&self) -> bool {
        self.forms
            .iter()
            .any(|form| form.iter().any(|p| p.kind == Kind::Game))
    }

    /// The names of its options, for a refusal: `from, to, speed`.
    #[must_use]
    pub fn option_names(&self) -> String {
        let mut names: Vec<&str> = Vec::new();
        for param in self
            .forms
            .iter()
            .chain(self.more)
            .flat_map(|form| form.iter())
        {
            if param.kind == Kind::Option && !names.contains(&param.key) {
                names.push(param.key);
            }
        }
        names.join(", ")
    }
}

const fn entry(name: &'static str, group: Group, forms: &'static [Form]) -> CommandHelp {
    CommandHelp {
        name,
        group,
        forms,
        more: &[],
    }
}

/// A position code the examples use.
const CODE: &str = "3:b:4,4:3/3/3";

/// Every command, in the help's order.
pub const COMMANDS: [CommandHelp; 32] = [
    entry(
        "challenge",
        Group::Start,
        &[&[
            maybe("@player|ai", "ai"),
            option("level", "1-8", "5"),
            option("size", "", "6"),
            option("pieces", "", "18"),
            option("rule", "delayed|immediate", "immediate"),
            option("colour", "black|white|random", "white"),
            option("time", "none|3d|12h|10+5", "3d"),
            option("thread", "on|off", "on"),
            option("rated", "on|off", "off"),
            option("rating", "", "1400-1700"),
        ]],
    ),
    entry("accept", Group::Start, &[&[]]),
    entry("decline", Group::Start, &[&[]]),
    entry("cancel", Group::Start, &[&[]]),
    entry("rematch", Group::Start, &[&[GAME]]),
    entry(
        "move",
        Group::Play,
        &[&[word("F6", "F6")], &[word("A2-D3'", "A2-D3'")]],
    ),
    entry("swap", Group::Play, &[&[]]),
    entry(
        "premove",
        Group::Play,
        &[
            &[word("B4 C5, D2-E3' F6", "B4 C5, D2-E3' F6")],
            &[literal("clear")],
        ],
    ),
    entry("hint", Group::Play, &[&[]]),
    entry(
        "board",
        Group::Play,
        &[&[GAME, option("view", "plan|perspective|text", "plan")]],
    ),
    entry("moves", Group::Play, &[&[maybe("POINT", "D3")]]),
    entry("resign", Group::End, &[&[]]),
    entry("claim", Group::End, &[&[]]),
    entry(
        "draw",
        Group::End,
        &[&[maybe("offer|accept|decline", "accept")]],
    ),
    entry(
        "takeback",
        Group::End,
        &[&[maybe("request|accept|decline", "accept")]],
    ),
    entry("abort", Group::End, &[&[]]),
    entry("history", Group::LookUp, &[&[]]),
    entry("export", Group::Review, &[&[GAME]]),
    entry(
        "show",
        Group::Review,
        &[&[
            word("CODE-or-RECORD", CODE),
            option("view", "plan|perspective", "plan"),
        ]],
    ),
    entry(
        "replay",
        Group::Review,
        &[&[
            GAME,
            option("from", "PLY", "2"),
            option("to", "PLY", "5"),
            option("speed", "slow|normal|fast", "fast"),
        ]],
    ),
    entry("games", Group::LookUp, &[&[]]),
    entry("rules", Group::LookUp, &[&[]]),
    entry("vacation", Group::LookUp, &[&[word("on|off", "on")]]),
    entry(
        "settings",
        Group::LookUp,
        &[
            &[],
            &[required("reminders", "dm|channel|off", "dm")],
            &[required("view", "perspective|plan", "plan")],
            &[required("thread-games", "on|off", "on")],
            &[required("tournament-role", "ROLE|off", "off")],
            &[required("web", "off|link|public", "link")],
            &[required("language", "en|es|de", "es")],
            &[required("my-language", "en|es|de", "de")],
            &[required("timezone", "ZONE", "Europe/Madrid")],
        ],
    ),
    entry(
        "analyze",
        Group::Review,
        &[
            &[maybe("#N", "#1"), option("move", "N", "3")],
            &[
                word("CODE", CODE),
                option("rule", "delayed|immediate", "immediate"),
            ],
        ],
    ),
    entry(
        "puzzle",
        Group::Puzzles,
        &[
            &[
                literal("create"),
                word("CODE", CODE),
                option("rule", "delayed|immediate", "immediate"),
                Param {
                    optional: true,
                    ..literal("several")
                },
                maybe("TITLE", "Corner trick"),
            ],
            &[literal("solve"), word("#N", "#1"), word("MOVE...", "F6 G7")],
            &[literal("answer"), word("#N", "#1")],
            &[literal("reveal"), word("#N", "#1")],
            &[literal("daily"), word("on|off", "on")],
            &[literal("mine")],
            &[literal("mine"), word("#N", "#1"), word("MOVE...", "F6")],
        ],
    ),
    entry("help", Group::LookUp, &[&[]]),
    entry("stats", Group::Compete, &[&[maybe("@player", "@bob")]]),
    entry("leaderboard", Group::Compete, &[&[]]),
    CommandHelp {
        name: "tournament",
        group: Group::Tournaments,
        forms: &[
            &[
                literal("create"),
                word("NAME", "Spring Open"),
                required("format", "swiss|roundrobin|single|double", "swiss"),
                option("rounds", "", "4"),
                option("time", "", "3d"),
                option("size", "", "8"),
                option("pieces", "", "20"),
                option("rule", "", "immediate"),
                option("rated", "", "on"),
                option("double", "", "off"),
                option("vacation", "", "on"),
                option("analysis", "", "on"),
                option("max", "", "32"),
                option("check-in", "", "30m"),
            ],
            &[literal("join")],
            &[literal("leave")],
            &[literal("check-in")],
            &[literal("confirm")],
            &[literal("start")],
            &[literal("standings")],
            &[literal("pairings"), option("round", "", "2")],
            &[literal("withdraw"), maybe("@player", "@bob")],
            &[
                literal("adjudicate"),
                word("#game", "#12"),
                word("black|white|draw|forfeit", "black"),
            ],
            &[literal("pause")],
            &[literal("resume")],
            &[literal("cancel")],
        ],
        more: &[
            &[
                literal("create"),
                word("NAME", "Spring Cup"),
                required("format", "single|double", "single"),
                option("best-of", "1|3|5|7", "3"),
                option("tie", "extra-game|higher-seed", "higher-seed"),
                option("seeding", "rating|random", "random"),
                option("draw", "N", "12345"),
                option("reset", "yes|no", "no"),
                option("deadline", "3d|36h", "3d"),
            ],
            &[literal("seed"), word("@player", "@bob"), word("N|off", "2")],
            &[literal("advance"), word("@player", "@bob")],
            &[literal("analysis"), word("on|off", "on")],
        ],
    },
    entry("follow", Group::Watch, &[&[GAME, maybe("@player", "@bob")]]),
    entry(
        "unfollow",
        Group::Watch,
        &[&[GAME, maybe("@player", "@bob")]],
    ),
];

/// The entry of a command name, if it is one.
#[must_use]
pub fn command_help(name: &str) -> Option<&'static CommandHelp> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The help text, built from [`COMMANDS`].
#[must_use]
pub fn help_text() -> String {
    help_text_in(Language::English)
}

/// The help text in `language`: the group headings and the sentences around the commands'
/// usages come from the catalogue; the usages themselves are what is typed.
#[must_use]
pub fn help_text_in(language: Language) -> String {
    help_text_on(language, "discord")
}

/// The page of one command in `language` for `platform` (`help tournament`): what it does
/// and every way it is written, [the further forms](CommandHelp::more) included, one a
/// line. The whole help lists each command in one line and leaves those out; this page is
/// where an organiser on Matrix or in the console finds `best-of`, `tie` or `seed`.
/// `None` when `name` is no command.
#[must_use]
pub fn help_page(language: Language, platform: &str, name: &str) -> Option<String> {
    let command = command_help(name)?;
    let mut text = crate::say!(
        language,
        "help-page-heading",
        command = command.name,
        about = command.about(language)
    );
    for usage in command.page_usages(language) {
        text.push_str("\n- ");
        text.push_str(&typed(&usage, platform == "matrix"));
    }
    Some(text)
}

/// A usage as the help shows it: on Matrix a command reference (Matrix writes it with its
/// prefix), elsewhere in code type.
fn typed(usage: &str, matrix: bool) -> String {
    if matrix {
        format!(
            "{}{usage}{}",
            crate::catalogue::COMMAND_START,
            crate::catalogue::COMMAND_END
        )
    } else {
        format!("`{usage}`")
    }
}

/// The help text in `language` for the platform `platform` (its id, `matrix`): on Matrix it
/// says how commands are written there (the `!akron` prefix) and which reactions stand for
/// buttons, and names every command as Matrix writes it; elsewhere it names Discord's slash
/// commands. Regression (issue 39): `!akron help` on Matrix opened with Discord's slash
/// commands and ended with the console's.
#[must_use]
pub fn help_text_on(language: Language, platform: &str) -> String {
    let say = |id: &str| crate::catalogue::say(language, id, &[]);
    let matrix = platform == "matrix";
    // The console takes commands as the usages write them: no slash command to name.
    // Regression: the console's help opened with Discord's slash commands.
    let console = platform == "console";
    let mut text = say(match platform {
        "matrix" => "help-intro-matrix",
        "console" => "help-intro-console",
        _ => "help-intro",
    });
    for group in Group::ALL {
        let usages: Vec<String> = COMMANDS
            .iter()
            .filter(|c| c.group == group)
            .map(|c| typed(&c.usage_in(language), matrix))
            .collect();
        // The usages are what is typed, the same in every language, but for the
        // placeholders, which are in the reader's words.
        let line = match group.slash_command() {
            _ if matrix || console => crate::say!(
                language,
                "help-group",
                group = say(&format!("group-{}", group.key())),
                usages = usages.join(", ")
            ),
            "akron" => crate::say!(
                language,
                "help-group",
                group = say(&format!("group-{}", group.key())),
                usages = usages.join(", ")
            ),
            family => crate::say!(
                language,
                "help-group-family",
                group = say(&format!("group-{}", group.key())),
                command = format!("/{family}"),
                usages = usages.join(", ")
            ),
        };
        text.push('\n');
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(&say(match platform {
        "matrix" => "help-outro-matrix",
        "console" => "help-outro-console",
        _ => "help-outro",
    }));
    text
}
