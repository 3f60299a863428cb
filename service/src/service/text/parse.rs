//! The command parser: a line as typed (`challenge bob size:5 rule:immediate`) into a
//! [`Command`], or a [`Phrase`] that says what was wrong. Options may be written `name:value`
//! or in order; the table of commands (`help.rs`) says which a command takes.

use super::help::{command_help, CommandHelp, COMMANDS};
use crate::catalogue::Phrase;
use crate::phrase;
use crate::service::ai::DEFAULT_LEVEL;
use crate::service::types::{
    AnalyzeRequest, Challenge, ColourChoice, Command, GameId, MineAction, Offer, PuzzleCommand,
    PuzzleId, RatingRange, ReplayRequest, ServerRole, Setting, Speed, TimeControl,
    TournamentAction, TournamentFormat, TournamentOptions, User, Verdict, View,
};
use akron_ai::Level;
use akron_rules::{WinRule, MAX_PILE, MAX_SIZE, MIN_SIZE};

/// A command line read: the command, and the game it names with `#N` (for the commands
/// that [take one](CommandHelp::takes_game)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The command.
    pub command: Command,
    /// The game named by a `#N` anywhere after the command, if any.
    pub game: Option<GameId>,
}

/// Reads one command line as [`parse_command`] does, and takes a `#N` written anywhere after
/// a command that [takes a game](CommandHelp::takes_game) as the game it acts on
/// (`replay #1 from:2 to:5` and `replay from:2 to:5 #1` are the same).
///
/// # Errors
///
/// As [`parse_command`]; a `#N` that is no game number is refused as such.
pub fn parse_line(line: &str, user: impl Fn(&str) -> Option<User>) -> Result<Parsed, Phrase> {
    let line = command_part(line);
    let name = line.split_whitespace().next().unwrap_or_default();
    let mut game = None;
    let mut rest = Vec::new();
    let takes_game = command_help(&name.to_ascii_lowercase()).is_some_and(CommandHelp::takes_game);
    for word in line.split_whitespace().skip(1) {
        if takes_game && game.is_none() && word.starts_with('#') {
            game = Some(parse_game(word)?);
        } else {
            rest.push(word);
        }
    }
    let line = if game.is_some() {
        format!("{name} {}", rest.join(" "))
    } else {
        line.to_string()
    };
    parse_command(&line, user).map(|command| Parsed { command, game })
}

/// The slash commands a line may open with, as Discord spells them, and the words they
/// stand for: `/akron-review replay` is `replay`, `/akron-tournament join` is
/// `tournament join`.
const SLASH_PREFIXES: [(&str, &str); 4] = [
    ("akron-review", ""),
    ("akron-puzzle", "puzzle "),
    ("akron-tournament", "tournament "),
    ("akron", ""),
];

/// The command of a line without what Discord puts before it: `/akron move F6`,
/// `/akron-review replay`, `akron-tournament join` (the slash is optional), or `/help`.
fn command_part(line: &str) -> std::borrow::Cow<'_, str> {
    let line = line.trim();
    let bare = line.strip_prefix('/').unwrap_or(line);
    for (prefix, stands_for) in SLASH_PREFIXES {
        let Some(head) = bare.get(..prefix.len()) else {
            continue;
        };
        let rest = &bare[prefix.len()..];
        if head.eq_ignore_ascii_case(prefix)
            && (rest.is_empty() || rest.starts_with(char::is_whitespace))
        {
            return format!("{stands_for}{}", rest.trim())
                .trim()
                .to_string()
                .into();
        }
    }
    bare.trim().into()
}

/// Reads one command line. The leading `/akron` (or `/`) is optional. `user` turns the
/// challenge's opponent (`bob` or `@bob`) into a user.
///
/// # Errors
///
/// What is wrong and what would be right, as a [`Phrase`] the front end says in the reader's
/// language (the commands and option names in it stay as they are typed).
pub fn parse_command(line: &str, user: impl Fn(&str) -> Option<User>) -> Result<Command, Phrase> {
    let line = command_part(line);
    let line = line.as_ref();
    let (name, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(n, r)| (n, r.trim()));
    let one_word = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(phrase!("parse-nothing-after", command = name))
        }
    };
    match name.to_ascii_lowercase().as_str() {
        "challenge" => parse_challenge(rest, user).map(Command::Challenge),
        "accept" => one_word(Command::Accept),
        "decline" => one_word(Command::Decline),
        "cancel" => one_word(Command::Cancel),
        "rematch" => one_word(Command::Rematch),
        "follow" => parse_followed(rest, user).map(Command::Follow),
        "unfollow" => parse_followed(rest, user).map(Command::Unfollow),
        "move" | "m" => {
            if rest.is_empty() {
                Err(phrase!("parse-move-needs-move"))
            } else {
                Ok(Command::Move(rest.to_string()))
            }
        }
        "swap" => one_word(Command::Swap),
        "board" => match rest {
            "" => Ok(Command::Board(None)),
            view if strip_option(view, "view").eq_ignore_ascii_case("text") => {
                Ok(Command::BoardText)
            }
            // The board alone also takes `text`, so its refusal names all three.
            view => parse_view(view)
                .map(|v| Command::Board(Some(v)))
                .map_err(|_| phrase!("parse-board-view", value = view)),
        },
        "replay" => parse_replay(rest).map(Command::Replay),
        "moves" => Ok(Command::Moves(
            (!rest.is_empty()).then(|| strip_option(rest, "point").to_string()),
        )),
        "resign" => one_word(Command::Resign),
        "draw" => parse_offer(strip_option(rest, "action")).map(Command::Draw),
        "abort" => one_word(Command::Abort),
        "takeback" => parse_offer(strip_option(rest, "action")).map(Command::Takeback),
        "history" => one_word(Command::History),
        "export" => one_word(Command::Export),
        "show" => {
            if rest.is_empty() {
                Err(phrase!("parse-show-needs-position"))
            } else {
                let (text, view) = split_view(rest);
                Ok(Command::Show(
                    strip_option(text, "position").to_string(),
                    view.map(parse_view).transpose()?,
                ))
            }
        }
        "games" => one_word(Command::Games),
        "claim" => one_word(Command::Claim),
        "premove" | "if" => Ok(Command::Premove(strip_option(rest, "moves").to_string())),
        "vacation" => switch_of("vacation", strip_option(rest, "on")).map(Command::Vacation),
        "settings" => parse_settings(rest).map(Command::Settings),
        "hint" => one_word(Command::Hint),
        "analyze" | "analyse" => parse_analyze(rest).map(Command::Analyze),
        "puzzle" => parse_puzzle(rest).map(Command::Puzzle),
        "stats" => match strip_option(rest, "player") {
            "" => Ok(Command::Stats(None)),
            who => user(who)
                .map(|u| Command::Stats(Some(u)))
                .ok_or_else(|| phrase!("parse-unknown-user", who = who)),
        },
        "leaderboard" | "top" => one_word(Command::Leaderboard),
        "tournament" | "t" => parse_tournament(rest, user).map(Command::Tournament),
        "rules" => one_word(Command::Rules),
        "" => Ok(Command::Help(None)),
        "help" => match rest.trim() {
            "" => Ok(Command::Help(None)),
            topic => {
                let name = topic.trim_start_matches('/').to_ascii_lowercase();
                command_help(&name)
                    .map(|c| Command::Help(Some(c.name)))
                    .ok_or_else(|| {
                        phrase!(
                            "parse-unknown-command",
                            command = topic,
                            commands = COMMANDS.map(|c| c.name).join(", ")
                        )
                    })
            }
        },
        other => Err(phrase!(
            "parse-unknown-command",
            command = other,
            commands = COMMANDS.map(|c| c.name).join(", ")
        )),
    }
}

/// `analyze #12 move:30`, `analyze CODE rule:immediate`, or `analyze` alone (the channel's
/// last game).
fn parse_analyze(rest: &str) -> Result<AnalyzeRequest, Phrase> {
    let mut request = AnalyzeRequest::default();
    for word in rest.split_whitespace() {
        let (key, value) = word.split_once(':').unwrap_or(("", word));
        match key.to_ascii_lowercase().as_str() {
            "move" | "ply" => {
                request.ply = Some(
                    value
                        .parse::<usize>()
                        .map_err(|_| phrase!("parse-analyze-move", word = word))?,
                );
            }
            "rule" => request.rule = Some(parse_rule(value)?),
            "game" => request.game = Some(parse_game(value)?),
            "" if word.starts_with('#') => request.game = Some(parse_game(word)?),
            "" if value.parse::<WinRule>().is_ok() => request.rule = value.parse().ok(),
            _ if word.matches(':').count() >= 2 && request.code.is_none() => {
                request.code = Some(strip_option(word, "position").to_string());
            }
            _ => return Err(phrase!("parse-analyze-option", word = word)),
        }
    }
    if request.code.is_some() && (request.game.is_some() || request.ply.is_some()) {
        return Err(phrase!("parse-analyze-both"));
    }
    Ok(request)
}

/// `puzzle create CODE [rule] [several] [title]`, `puzzle solve #3 F6`, `puzzle answer #3`,
/// `puzzle reveal #3`, `puzzle daily on`, `puzzle mine`, `puzzle mine #2 F6`.
fn parse_puzzle(rest: &str) -> Result<PuzzleCommand, Phrase> {
    let (action, rest) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(a, r)| (a, r.trim()));
    let number = |text: &str| -> Result<PuzzleId, Phrase> {
        if text.trim().is_empty() {
            return Err(phrase!(
                "parse-puzzle-needs-number",
                action = action.to_ascii_lowercase()
            ));
        }
        text.trim()
            .trim_start_matches('#')
            .parse::<i64>()
            .ok()
            .filter(|n| *n > 0)
            .map(PuzzleId)
            .ok_or_else(|| phrase!("parse-puzzle-number", value = text))
    };
    match action.to_ascii_lowercase().as_str() {
        "create" | "new" | "post" => {
            let mut words = rest.split_whitespace();
            let code = words
                .next()
                .map(|w| strip_option(w, "code").to_string())
                .ok_or_else(|| phrase!("parse-puzzle-needs-code"))?;
            let mut rule = None;
            let mut several = false;
            let mut title = Vec::new();
            for word in words {
                let value = strip_option(word, "rule");
                match value.parse::<WinRule>() {
                    Ok(r) if title.is_empty() && rule.is_none() => rule = Some(r),
                    _ if title.is_empty() && word.eq_ignore_ascii_case("several") => {
                        several = true;
                    }
                    _ => title.push(strip_option(word, "title")),
                }
            }
            Ok(PuzzleCommand::Create {
                code,
                rule,
                title: title.join(" "),
                several,
            })
        }
        "solve" => {
            let mut words = rest.split_whitespace();
            let id = number(words.next().unwrap_or_default())?;
            let moves: Vec<String> = words.map(str::to_string).collect();
            if moves.is_empty() {
                return Err(phrase!("parse-puzzle-needs-move", puzzle = id.to_string()));
            }
            Ok(PuzzleCommand::Solve(id, moves))
        }
        "answer" | "solution" => number(rest).map(PuzzleCommand::Answer),
        "reveal" => number(rest).map(PuzzleCommand::Reveal),
        "daily" => switch_of("puzzle daily", rest).map(PuzzleCommand::Daily),
        "mine" => {
            let mut words = rest.split_whitespace();
            let Some(first) = words.next() else {
                return Ok(PuzzleCommand::Mine(MineAction::Next));
            };
            let id = number(first)?.0;
            let moves: Vec<String> = words.map(str::to_string).collect();
            Ok(PuzzleCommand::Mine(if moves.is_empty() {
                MineAction::Show(id)
            } else {
                MineAction::Solve(id, moves)
            }))
        }
        "" => Err(phrase!("parse-puzzle-usage")),
        _ => Err(phrase!("parse-puzzle-action", action = action)),
    }
}

/// `plan`, `perspective`, or `view:plan`.
fn parse_view(text: &str) -> Result<View, Phrase> {
    strip_option(text.trim(), "view")
        .parse::<View>()
        .map_err(|_| phrase!("parse-view", value = text.trim()))
}

/// A trailing `view:plan` split off a free text.
fn split_view(text: &str) -> (&str, Option<&str>) {
    match text.rsplit_once(char::is_whitespace) {
        Some((head, tail)) if tail.to_ascii_lowercase().starts_with("view:") => {
            (head.trim_end(), Some(tail))
        }
        _ => (text, None),
    }
}

/// `replay [from:3] [to:20] [speed:fast]`, or a record to animate.
fn parse_replay(rest: &str) -> Result<ReplayRequest, Phrase> {
    let mut request = ReplayRequest::default();
    if rest.contains('[') || rest.contains('\n') {
        request.record = Some(rest.to_string());
        return Ok(request);
    }
    for word in rest.split_whitespace() {
        let (key, value) = word.split_once(':').unwrap_or(("", word));
        let number = || {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| phrase!("parse-replay-number", word = word))
        };
        match key.to_ascii_lowercase().as_str() {
            "from" => request.from = Some(number()?),
            "to" => request.to = Some(number()?),
            "speed" => {
                request.speed = Some(
                    value
                        .parse()
                        .map_err(|_| phrase!("parse-speed", value = value))?,
                );
            }
            "" if value.parse::<Speed>().is_ok() => request.speed = value.parse().ok(),
            _ => return Err(phrase!("parse-replay-option", word = word)),
        }
    }
    Ok(request)
}

/// The on or off a command needs (`vacation on`): its absence is refused with the two
/// lines to write, not as an empty value.
fn switch_of(command: &str, value: &str) -> Result<bool, Phrase> {
    if value.trim().is_empty() {
        return Err(phrase!("parse-needs-switch", command = command));
    }
    parse_switch(value)
}

/// `on`, `true`, `yes` or `off`, `false`, `no`.
fn parse_switch(value: &str) -> Result<bool, Phrase> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" => Err(phrase!("parse-switch-missing")),
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        other => Err(phrase!("parse-switch", value = other)),
    }
}

/// `settings`, `settings reminders:channel`, `settings thread-games:on`.
fn parse_settings(rest: &str) -> Result<Option<Setting>, Phrase> {
    if rest.is_empty() {
        return Ok(None);
    }
    // One setting a line: `settings reminders:dm thread-games:off` would otherwise read
    // `dm thread-games:off` as the reminders' value.
    let words: Vec<&str> = rest.split_whitespace().collect();
    if let [first, second, ..] = words.as_slice() {
        if first.contains(':') && second.contains(':') {
            return Err(phrase!(
                "parse-settings-one",
                first = *first,
                second = *second
            ));
        }
    }
    let (key, value) = rest
        .split_once(':')
        .or_else(|| rest.split_once(char::is_whitespace))
        .ok_or_else(|| phrase!("parse-setting-unknown", setting = rest))?;
    match key.trim().to_ascii_lowercase().as_str() {
        "reminders" => Ok(Some(Setting::Reminders(value.parse()?))),
        "thread-games" | "threads" => Ok(Some(Setting::ThreadGames(parse_switch(value)?))),
        "view" => Ok(Some(Setting::View(parse_view(value)?))),
        "web" => Ok(Some(Setting::Web(value.parse()?))),
        "language" | "lang" => Ok(Some(Setting::Language(value.trim().to_string()))),
        "my-language" | "my_language" => Ok(Some(Setting::MyLanguage(value.trim().to_string()))),
        "timezone" | "time-zone" | "tz" => Ok(Some(Setting::TimeZone(value.trim().to_string()))),
        "tournament-role" | "tournament_role" => {
            let role = value.trim().trim_start_matches("<@&").trim_end_matches('>');
            Ok(Some(Setting::TournamentRole(
                match role.to_ascii_lowercase().as_str() {
                    "" => return Err(phrase!("parse-role-needed")),
                    "off" | "none" => None,
                    _ => Some(ServerRole {
                        id: role.to_string(),
                        name: role.to_string(),
                    }),
                },
            )))
        }
        other => Err(phrase!("parse-setting-unknown", setting = other)),
    }
}

/// `point:D3` → `D3`.
fn strip_option<'a>(text: &'a str, option: &str) -> &'a str {
    text.strip_prefix(option)
        .and_then(|t| t.strip_prefix(':'))
        .map_or(text, str::trim)
}

/// `follow @bob` (or `player:@bob`): the player; nothing: `None` (the game is the line's
/// `#N`, which [`parse_line`] took out).
fn parse_followed(rest: &str, user: impl Fn(&str) -> Option<User>) -> Result<Option<User>, Phrase> {
    let who = strip_option(rest, "player");
    if who.is_empty() {
        return Ok(None);
    }
    if who.split_whitespace().count() > 1 || who.starts_with('#') {
        return Err(phrase!("parse-follow-who", word = who));
    }
    user(who)
        .map(Some)
        .ok_or_else(|| phrase!("parse-unknown-user", who = who))
}

/// `rating:1400-1700`, `rating:1400-` or `rating:-1700`.
///
/// # Errors
///
/// A range that is not one, as a [`Phrase`] in the reader's words.
pub fn parse_rating_range(value: &str) -> Result<RatingRange, Phrase> {
    let refused = || phrase!("parse-rating-range", value = value);
    let (min, max) = value.split_once('-').ok_or_else(refused)?;
    let bound = |text: &str| -> Result<Option<u32>, Phrase> {
        match text.trim() {
            "" => Ok(None),
            number => number.parse::<u32>().map(Some).map_err(|_| refused()),
        }
    };
    let range = RatingRange {
        min: bound(min)?,
        max: bound(max)?,
    };
    if range.is_any() {
        return Err(refused());
    }
    Ok(range)
}

/// Whether `word` is one of a challenge's `key:value` options (`size:6`), not an opponent:
/// a Matrix id (`@bob:example.org`) has a colon too. Regression: `!akron challenge
/// @bob:localhost` was taken for an open challenge with a mistyped option.
fn is_challenge_option(word: &str) -> bool {
    const KEYS: [&str; 12] = [
        "size", "pieces", "pile", "rule", "colour", "color", "time", "clock", "thread", "level",
        "rated", "rating",
    ];
    word.split_once(':')
        .is_some_and(|(key, _)| KEYS.iter().any(|k| k.eq_ignore_ascii_case(key)))
}

fn parse_challenge(rest: &str, user: impl Fn(&str) -> Option<User>) -> Result<Challenge, Phrase> {
    let mut words = rest.split_whitespace().peekable();
    // No opponent, or `anyone`: an open challenge. An option first (`size:6`) is one too.
    let first = words.peek().copied().unwrap_or_default();
    let named_anyone = strip_option(first, "opponent").eq_ignore_ascii_case("anyone");
    let opens = first.is_empty() || named_anyone || is_challenge_option(first);
    if named_anyone {
        words.next();
    }
    let who = if opens {
        "anyone"
    } else {
        // `opponent:` with nothing after it names nobody.
        words
            .next()
            .map(|w| strip_option(w, "opponent"))
            .filter(|w| !w.is_empty())
            .ok_or_else(|| phrase!("parse-challenge-needs-opponent"))?
    };
    let default_level = Level::new(DEFAULT_LEVEL).unwrap_or(Level::MIN);
    let opponent = if opens {
        User::anyone()
    } else if matches!(
        who.trim_start_matches('@').to_ascii_lowercase().as_str(),
        "ai" | "bot" | "engine" | "akron"
    ) {
        User::ai(default_level)
    } else {
        user(who).ok_or_else(|| phrase!("parse-unknown-user", who = who))?
    };
    let mut challenge = Challenge::new(opponent);
    for word in words {
        let (key, value) = match word.split_once(':') {
            Some((k, v)) => (k.to_ascii_lowercase(), v),
            None => (String::new(), word),
        };
        let number = value.parse::<u32>().ok();
        match (key.as_str(), number) {
            ("size", _) | ("", Some(_)) if challenge.size.is_none() && key != "pieces" => {
                let size = number
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                    .ok_or_else(|| size_refused(value))?;
                challenge.size = Some(size);
            }
            ("pieces" | "pile", _) | ("", Some(_)) => {
                let pieces = number
                    .and_then(|n| u16::try_from(n).ok())
                    .filter(|n| *n <= MAX_PILE)
                    .ok_or_else(|| pieces_refused(value))?;
                challenge.pieces = Some(pieces);
            }
            ("rule", _) => challenge.rule = Some(parse_rule(value)?),
            ("colour" | "color", _) => challenge.colour = Some(parse_colour(value)?),
            ("time" | "clock", _) => challenge.time = Some(parse_time(value)?),
            ("thread", _) => challenge.thread = Some(parse_switch(value)?),
            // `challenge level:5` names no opponent: the AI at that level.
            ("level", _) if challenge.opponent.id.is_ai() || (opens && !named_anyone) => {
                let level = value
                    .parse::<Level>()
                    .map_err(|_| phrase!("parse-level", value = value))?;
                challenge.opponent = User::ai(level);
            }
            ("level", _) => return Err(phrase!("parse-level-not-ai")),
            ("rated", _) => challenge.rated = Some(parse_switch(value)?),
            ("rating", _) => challenge.rating = parse_rating_range(value)?,
            ("", None) if value == "rated" || value == "casual" => {
                challenge.rated = Some(value == "rated");
            }
            ("", None) => {
                if let Ok(rule) = value.parse::<WinRule>() {
                    challenge.rule = Some(rule);
                } else if let Ok(colour) = value.parse::<ColourChoice>() {
                    challenge.colour = Some(colour);
                } else if let Ok(time) = value.parse::<TimeControl>() {
                    challenge.time = Some(time);
                } else {
                    return Err(phrase!("parse-challenge-option", word = word));
                }
            }
            _ => return Err(phrase!("parse-challenge-option", word = word)),
        }
    }
    Ok(challenge)
}

/// `tournament create NAME format:swiss ...`, `tournament join`, `tournament withdraw @bob`,
/// `tournament adjudicate #12 black`, ...
fn parse_tournament(
    rest: &str,
    user: impl Fn(&str) -> Option<User>,
) -> Result<TournamentAction, Phrase> {
    let (action, args) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(a, r)| (a, r.trim()));
    let none = |action: TournamentAction| {
        if args.is_empty() {
            Ok(action)
        } else {
            Err(phrase!(
                "parse-nothing-after",
                command = format!(
                    "tournament {}",
                    rest.split_whitespace().next().unwrap_or_default()
                )
            ))
        }
    };
    match action.to_ascii_lowercase().as_str() {
        "create" | "new" => parse_tournament_options(args).map(TournamentAction::Create),
        "join" => none(TournamentAction::Join),
        "leave" => none(TournamentAction::Leave),
        "start" => none(TournamentAction::Start),
        "check-in" | "checkin" => none(TournamentAction::CheckIn),
        "confirm" => none(TournamentAction::Confirm),
        "standings" => none(TournamentAction::Standings),
        "pairings" => match strip_option(args, "round") {
            "" => Ok(TournamentAction::Pairings(None)),
            n => n
                .parse::<u32>()
                .ok()
                .filter(|n| *n >= 1)
                .map(|n| TournamentAction::Pairings(Some(n)))
                .ok_or_else(|| phrase!("parse-round", value = n)),
        },
        "withdraw" => match strip_option(args, "player") {
            "" => Ok(TournamentAction::Withdraw(None)),
            who => user(who)
                .map(|u| TournamentAction::Withdraw(Some(u)))
                .ok_or_else(|| phrase!("parse-unknown-user", who = who)),
        },
        "adjudicate" => {
            let mut game = None;
            let mut verdict = None;
            for word in args.split_whitespace() {
                let (key, value) = word.split_once(':').unwrap_or(("", word));
                match key {
                    "game" => game = Some(parse_game(value)?),
                    "result" => verdict = Some(parse_verdict(value)?),
                    _ if value.starts_with('#') => game = Some(parse_game(value)?),
                    _ => verdict = Some(parse_verdict(value)?),
                }
            }
            let verdict = verdict.ok_or_else(|| phrase!("parse-adjudicate-needs-result"))?;
            Ok(TournamentAction::Adjudicate(game, verdict))
        }
        "pause" => none(TournamentAction::Pause),
        "resume" => none(TournamentAction::Resume),
        "cancel" => none(TournamentAction::Cancel),
        "advance" => match strip_option(args, "player") {
            "" => Err(phrase!("parse-advance-usage")),
            who => user(who)
                .map(TournamentAction::Advance)
                .ok_or_else(|| phrase!("parse-unknown-user", who = who)),
        },
        // `state:on` is how Discord's form names it, and the guide shows that form.
        "analysis" | "analyse" | "analyze" => {
            match strip_option(strip_option(args, "analysis"), "state") {
                "" => Err(phrase!(
                    "parse-needs-switch",
                    command = "tournament analysis"
                )),
                value => parse_switch(value).map(TournamentAction::Analysis),
            }
        }
        "seed" => {
            let mut words = args.split_whitespace();
            let (Some(who), Some(number), None) = (words.next(), words.next(), words.next()) else {
                return Err(phrase!("parse-seed-usage"));
            };
            let who = strip_option(who, "player");
            let player = user(who).ok_or_else(|| phrase!("parse-unknown-user", who = who))?;
            let number = strip_option(number, "seed");
            let seed = match number.to_ascii_lowercase().as_str() {
                "off" | "none" => None,
                _ => Some(
                    number
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=10_000).contains(n))
                        .ok_or_else(|| phrase!("parse-seed", value = number))?,
                ),
            };
            Ok(TournamentAction::Seed(player, seed))
        }
        "" => Err(phrase!("parse-tournament-usage")),
        other => Err(phrase!("parse-tournament-action", action = other)),
    }
}

/// `Spring Open format:swiss rounds:4 time:3d size:8 rated:on max:32`: the name is every
/// word before the first option.
fn parse_tournament_options(args: &str) -> Result<TournamentOptions, Phrase> {
    let mut name = Vec::new();
    let mut options = TournamentOptions::new("", TournamentFormat::Swiss);
    let mut format = None;
    let mut seen_option = false;
    for word in args.split_whitespace() {
        let Some((key, value)) = word.split_once(':') else {
            if !seen_option {
                name.push(word);
                continue;
            }
            return Err(phrase!("parse-tournament-option", word = word));
        };
        seen_option = true;
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| phrase!("parse-number", option = key, value = value))
        };
        match key.to_ascii_lowercase().as_str() {
            "format" => format = Some(parse_format(value)?),
            "rounds" => {
                options.rounds = Some(number()?).filter(|n| (1..=50).contains(n));
                if options.rounds.is_none() {
                    return Err(phrase!("parse-rounds", value = value));
                }
            }
            "time" | "clock" => options.time = Some(parse_time(value)?),
            "size" => {
                options.size = Some(
                    u8::try_from(number()?)
                        .ok()
                        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                        .ok_or_else(|| size_refused(value))?,
                );
            }
            "pieces" | "pile" => {
                options.pieces = Some(
                    u16::try_from(number()?)
                        .ok()
                        .filter(|n| *n <= MAX_PILE)
                        .ok_or_else(|| pieces_refused(value))?,
                );
            }
            "rule" => options.rule = Some(parse_rule(value)?),
            "rated" => options.rated = Some(parse_switch(value)?),
            "double" => options.double = Some(parse_switch(value)?),
            "vacation" => options.vacation = Some(parse_switch(value)?),
            "analysis" | "analyse" | "analyze" => options.analysis = Some(parse_switch(value)?),
            "reset" => options.reset = Some(parse_switch(value)?),
            "best-of" | "bestof" | "bo" => {
                options.best_of = Some(
                    u8::try_from(number()?)
                        .ok()
                        .filter(|n| crate::tournament::knockout::BEST_OF.contains(n))
                        .ok_or_else(|| phrase!("parse-best-of", value = value))?,
                );
            }
            "tie" => {
                options.tie = Some(
                    crate::tournament::knockout::TieRule::from_name(value)
                        .ok_or_else(|| phrase!("parse-tie-rule", value = value))?,
                );
            }
            "seeding" | "seeds" => {
                options.seeding = Some(
                    crate::model::Seeding::from_name(value)
                        .ok_or_else(|| phrase!("parse-seeding", value = value))?,
                );
            }
            "check-in" | "checkin" => options.check_in = Some(parse_check_in(value)?),
            "deadline" => options.deadline = Some(parse_round_deadline(value)?),
            "draw" => {
                options.draw = Some(
                    value
                        .parse::<i64>()
                        .map_err(|_| phrase!("parse-number", option = key, value = value))?,
                );
            }
            "max" | "players" => {
                options.max_players = Some(number()?).filter(|n| (2..=10_000).contains(n));
                if options.max_players.is_none() {
                    return Err(phrase!("parse-max-players", value = value));
                }
            }
            _ => return Err(phrase!("parse-tournament-option", word = word)),
        }
    }
    options.name = name.join(" ");
    if options.name.is_empty() {
        return Err(phrase!("parse-tournament-needs-name"));
    }
    if options.name.chars().count() > TOURNAMENT_NAME_MAX {
        return Err(phrase!(
            "parse-tournament-name-long",
            max = TOURNAMENT_NAME_MAX
        ));
    }
    options.format = format.ok_or_else(|| phrase!("parse-format-missing"))?;
    Ok(options)
}

/// The most characters a tournament's name has.
const TOURNAMENT_NAME_MAX: usize = 60;

/// A board size out of range, named as written.
fn size_refused(value: &str) -> Phrase {
    phrase!("parse-size", min = MIN_SIZE, max = MAX_SIZE, value = value)
}

/// A pile out of range, named as written.
fn pieces_refused(value: &str) -> Phrase {
    phrase!("parse-pieces", max = MAX_PILE, value = value)
}

/// `delayed` or `immediate`.
fn parse_rule(value: &str) -> Result<WinRule, Phrase> {
    value
        .parse()
        .map_err(|_| phrase!("parse-rule", value = value))
}

/// `black`, `white` or `random`.
fn parse_colour(value: &str) -> Result<ColourChoice, Phrase> {
    value
        .parse()
        .map_err(|_| phrase!("parse-colour", value = value))
}

/// `none`, `3d`, `12h` or `10+5`; the refusal says how to write it (Discord's `time`
/// option reads the same way).
///
/// # Errors
///
/// The catalogue's `parse-time` when `value` is none of those.
pub fn parse_time(value: &str) -> Result<TimeControl, Phrase> {
    value.parse()
}

/// The shortest and longest check-in window, in seconds: 10 minutes and 24 hours.
pub const CHECK_IN_WINDOW: std::ops::RangeInclusive<i64> = 600..=86_400;

/// A check-in window's length: `30m`, `2h`, `1h30m` (jiff's friendly durations; `1d` is a
/// calendar unit jiff will not turn into seconds, so a day is written `24h`), within
/// [`CHECK_IN_WINDOW`]. Returns seconds.
///
/// # Errors
///
/// The refusal's words when it is not such a time.
pub fn parse_check_in(value: &str) -> Result<i64, Phrase> {
    value
        .parse::<jiff::SignedDuration>()
        .ok()
        .filter(|d| d.subsec_nanos() == 0)
        .map(|d| d.as_secs())
        .filter(|s| CHECK_IN_WINDOW.contains(s))
        .ok_or_else(|| phrase!("parse-check-in", value = value))
}

/// The shortest and longest round deadline, in seconds: an hour and 60 days.
pub const ROUND_DEADLINE: std::ops::RangeInclusive<i64> = 3_600..=5_184_000;

/// A knockout's round deadline: `3d`, `36h`, `1d12h` (jiff's spans, a day counted as 24
/// hours), within [`ROUND_DEADLINE`]. Returns seconds.
///
/// # Errors
///
/// The refusal's words when it is not such a time.
pub fn parse_round_deadline(value: &str) -> Result<i64, Phrase> {
    value
        .parse::<jiff::Span>()
        .ok()
        .and_then(|span| {
            span.total((
                jiff::Unit::Second,
                jiff::SpanRelativeTo::days_are_24_hours(),
            ))
            .ok()
        })
        .filter(|s| s.fract() == 0.0)
        .map(|s| s as i64)
        .filter(|s| ROUND_DEADLINE.contains(s))
        .ok_or_else(|| phrase!("parse-round-deadline", value = value))
}

/// `#12` or `12`.
fn parse_game(value: &str) -> Result<GameId, Phrase> {
    value
        .parse()
        .map_err(|_| phrase!("parse-game-number", value = value))
}

/// `black`, `white`, `draw` or `forfeit`.
fn parse_verdict(value: &str) -> Result<Verdict, Phrase> {
    value
        .parse()
        .map_err(|_| phrase!("parse-verdict", value = value))
}

/// `swiss` or `roundrobin`.
fn parse_format(value: &str) -> Result<TournamentFormat, Phrase> {
    value.parse()
}

/// `offer`, `accept` or `decline` (nothing is an offer).
fn parse_offer(value: &str) -> Result<Offer, Phrase> {
    value
        .parse()
        .map_err(|_| phrase!("parse-offer", value = value))
}

/// Reads `draw` and `takeback` answers; used by [`parse_command`].
impl Offer {
    /// `offer`, `accept` or `decline`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Offer::Offer => "offer",
            Offer::Accept => "accept",
            Offer::Decline => "decline",
        }
    }
}

#[cfg(test)]
mod tests;
