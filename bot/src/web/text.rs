//! Every word the web pages show, through the service's message catalogue (the `web-*`
//! messages of `service/locales/{en,es,de}/akron.ftl`), in the reader's language: the
//! browser's `Accept-Language` when it names a language the bot speaks, else the server's
//! language, else English ([`asked_language`], [`Words`]).
//!
//! What is no word stays here as code: results as symbols (`1–0`), clocks as `m:ss`, the
//! tie-breaks' proper names, and times as `<time datetime>` elements whose UTC text the
//! page's script rewrites in the reader's own time zone.

use akron_rules::{Color, Outcome, Reason, WinRule};
use akron_service::catalogue::{say, Arg, Language};
use akron_service::model::{Status, TimeControl, TournamentFormat, TournamentStatus, UserId};
use akron_service::service::{WebPage, WebSite};
use akron_service::tournament::{GameResult, Tiebreak};
use axum::http::{header, HeaderMap};
use maud::{html, Markup};
use std::collections::HashSet;

/// The language a request's `Accept-Language` asks for, when it names one the bot speaks:
/// the first such in the browser's order of preference (its `q` weights, ties in the order
/// given). `None` when it names none (the page then speaks its server's language).
pub fn asked_language(headers: &HeaderMap) -> Option<Language> {
    let value = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
    let mut best: Option<(u16, Language)> = None;
    // At most 32 entries are read: a header is no place for work without end.
    for entry in value.split(',').take(32) {
        let mut parts = entry.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1000), quality);
        let (Some(language), Some(weight)) = (Language::from_locale(tag), weight) else {
            continue;
        };
        if weight > 0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, language));
        }
    }
    best.map(|(_, language)| language)
}

/// A `q` weight in thousandths (`0.8` is 800); `None` when malformed.
fn quality(text: &str) -> Option<u16> {
    let value: f32 = text.trim().parse().ok()?;
    (0.0..=1.0)
        .contains(&value)
        .then(|| (value * 1000.0).round() as u16)
}

/// `text` isolated from the text around it (U+2068 FIRST STRONG ISOLATE … U+2069 POP
/// DIRECTIONAL ISOLATE), for a name in plain text: a page's `<title>`, an alt text, a
/// sentence of the catalogue. A right-to-left name, or one with an override character, then
/// cannot reorder the words and numbers beside it. In markup, [`bdi`] does the same.
pub fn isolate(text: &str) -> String {
    format!("\u{2068}{text}\u{2069}")
}

/// A user-given string (a name, a tournament's or puzzle's title) in a `<bdi>` element: the
/// browser sets it apart from the site's own words and numbers beside it.
pub fn bdi(text: &str) -> Markup {
    html! { bdi { (text) } }
}

/// A player's name in a `<bdi>`, linked to their page on `site` when they have one (`pages`,
/// from [`Service::with_pages`](akron_service::service::Service::with_pages)).
pub fn player_name(site: &WebSite, pages: &HashSet<UserId>, user: &UserId, name: &str) -> Markup {
    to_page(site, pages, user, bdi(name))
}

/// `shown` (a player's name, however a page writes it), linked to the player's page on
/// `site` when they have one.
pub fn to_page(site: &WebSite, pages: &HashSet<UserId>, user: &UserId, shown: Markup) -> Markup {
    html! {
        @if pages.contains(user) {
            a href=(site.path(WebPage::Player(user))) { (shown) }
        } @else {
            (shown)
        }
    }
}

/// The words of one page, in one language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Words(pub Language);

impl Words {
    /// The language, for `<html lang>` and the script's dates.
    pub fn language(self) -> Language {
        self.0
    }

    /// The message `id` without arguments.
    pub fn say(self, id: &str) -> String {
        say(self.0, id, &[])
    }

    /// The message `id` with `args`.
    pub fn with(self, id: &str, args: &[(&str, Arg)]) -> String {
        say(self.0, id, args)
    }

    /// `Black` or `White`.
    pub fn colour(self, colour: Color) -> String {
        self.with("colour", &[("colour", Arg::from(colour_key(colour)))])
    }

    /// A game page's title.
    pub fn game_title(self, id: i64, black: &str, white: &str) -> String {
        self.with(
            "web-game-title",
            &[
                ("game", Arg::from(id.to_string())),
                ("black", Arg::from(isolate(black))),
                ("white", Arg::from(isolate(white))),
            ],
        )
    }

    /// A game link's text.
    pub fn game_link(self, id: i64) -> String {
        self.with("web-game-link", &[("game", Arg::from(id.to_string()))])
    }

    /// A game's board and piles.
    pub fn board_size(self, size: u8, pile: u16) -> String {
        self.with(
            "web-board-size",
            &[("size", Arg::from(size)), ("count", Arg::from(pile))],
        )
    }

    /// What the board picture shows after a move, as its caption and text alternative.
    pub fn step(self, ply: usize, mv: &str, mover: Color, drops: &[String]) -> String {
        let step = self.with(
            "web-step",
            &[
                ("ply", Arg::from(ply)),
                ("move", Arg::from(mv)),
                ("colour", Arg::from(colour_key(mover))),
            ],
        );
        if drops.is_empty() {
            step
        } else {
            self.with(
                "web-step-dropped",
                &[
                    ("step", Arg::from(step)),
                    ("drops", Arg::from(drops.join("; "))),
                ],
            )
        }
    }

    /// The alt text of a board picture: the prefix the script also uses, then the step.
    pub fn board_alt(self, step: &str) -> String {
        format!("{} {step}", self.say("web-board-alt"))
    }

    /// A game's status.
    pub fn status(
        self,
        status: Status,
        outcome: Option<Outcome>,
        to_move: Option<Color>,
    ) -> String {
        match (status, outcome) {
            (_, Some(outcome)) => self.outcome(outcome),
            (Status::Active, None) => match to_move {
                Some(colour) => self.with(
                    "web-status-playing",
                    &[("colour", Arg::from(colour_key(colour)))],
                ),
                None => self.say("web-status-playing-plain"),
            },
            (Status::Open, None) => self.say("web-status-open"),
            _ => self.say("web-status-not-played"),
        }
    }

    /// A result with its reason.
    pub fn outcome(self, outcome: Outcome) -> String {
        let reason = outcome.reason.name();
        match (outcome.winner, outcome.reason) {
            (None, Reason::Abort) => self.say("web-aborted"),
            (Some(colour), _) => self.with(
                "web-won",
                &[
                    ("colour", Arg::from(colour_key(colour))),
                    ("reason", Arg::from(reason)),
                ],
            ),
            (None, _) => self.with("web-drawn", &[("reason", Arg::from(reason))]),
        }
    }

    /// A win rule.
    pub fn rule(self, rule: WinRule) -> String {
        match rule {
            WinRule::Delayed => self.say("web-rule-delayed"),
            WinRule::Immediate => self.say("web-rule-immediate"),
        }
    }

    /// A time control, as the chat writes it.
    pub fn time_control(self, control: TimeControl) -> String {
        let args: Vec<(&str, Arg)> = match control {
            TimeControl::None => vec![("kind", Arg::from("none"))],
            TimeControl::PerMove(seconds) if seconds % 86_400 == 0 => vec![
                ("kind", Arg::from("days")),
                ("amount", Arg::from(seconds / 86_400)),
            ],
            TimeControl::PerMove(seconds) => vec![
                ("kind", Arg::from("hours")),
                ("amount", Arg::from(seconds / 3600)),
            ],
            TimeControl::Fischer { base, increment } => vec![
                ("kind", Arg::from("live")),
                ("amount", Arg::from(base / 60)),
                ("increment", Arg::from(increment)),
            ],
        };
        self.with("time-control", &args)
    }

    /// `yes` or `no`.
    pub fn yes_no(self, yes: bool) -> String {
        self.say(if yes { "web-yes" } else { "web-no" })
    }

    /// A tournament's format.
    pub fn format(self, format: TournamentFormat, double: bool) -> String {
        self.say(match (format, double) {
            (TournamentFormat::Swiss, _) => "web-format-swiss",
            (TournamentFormat::RoundRobin, false) => "web-format-round-robin",
            (TournamentFormat::RoundRobin, true) => "web-format-double-round-robin",
            (TournamentFormat::SingleElimination, _) => "web-format-single-elimination",
            (TournamentFormat::DoubleElimination, _) => "web-format-double-elimination",
        })
    }

    /// A tournament's status.
    pub fn tournament_status(self, status: TournamentStatus) -> String {
        let key = match status {
            TournamentStatus::SignUp => "signup",
            TournamentStatus::Running => "running",
            TournamentStatus::Paused => "paused",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        };
        self.with("web-tournament-status", &[("status", Arg::from(key))])
    }

    /// A round's heading.
    pub fn round(self, number: u32) -> String {
        self.with("web-round", &[("round", Arg::from(number))])
    }

    /// The round line of a tournament.
    pub fn round_of(self, current: u32, planned: Option<u32>) -> String {
        match planned {
            Some(planned) => self.with(
                "web-round-of",
                &[
                    ("round", Arg::from(current)),
                    ("rounds", Arg::from(planned)),
                ],
            ),
            None => self.round(current),
        }
    }

    /// A bye; `name` is already isolated (see [`isolate`]).
    pub fn bye(self, name: &str) -> String {
        self.with("web-bye", &[("player", Arg::from(name))])
    }

    /// A streak line: the current run of one kind (`win`, `draw`, `loss`).
    pub fn current_streak(self, kind: &str, length: usize) -> String {
        self.with(
            "web-current-streak",
            &[("kind", Arg::from(kind)), ("count", Arg::from(length))],
        )
    }

    /// The longest winning streak.
    pub fn best_streak(self, length: usize) -> String {
        self.with("web-best-streak", &[("count", Arg::from(length))])
    }

    /// A result from a player's side: `win`, `draw` or `loss`.
    pub fn result_word(self, kind: &str) -> String {
        self.with("web-result-word", &[("kind", Arg::from(kind))])
    }

    /// A rating chart's text alternative.
    pub fn chart_alt(self, first: f64, last: f64, low: f64, high: f64, games: usize) -> String {
        let rounded = |value: f64| Arg::from(format!("{value:.0}"));
        self.with(
            "web-chart-alt",
            &[
                ("count", Arg::from(games)),
                ("first", rounded(first)),
                ("last", rounded(last)),
                ("low", rounded(low)),
                ("high", rounded(high)),
            ],
        )
    }

    /// A puzzle page's title.
    pub fn puzzle_title(self, id: i64, title: &str) -> String {
        let id = Arg::from(id.to_string());
        if title.is_empty() {
            self.with("web-puzzle-title", &[("puzzle", id)])
        } else {
            self.with(
                "web-puzzle-title-named",
                &[("puzzle", id), ("title", Arg::from(isolate(title)))],
            )
        }
    }

    /// What a puzzle asks.
    pub fn puzzle_task(self, colour: Color, moves: u32) -> String {
        self.with(
            "web-puzzle-task",
            &[
                ("colour", Arg::from(colour_key(colour))),
                ("count", Arg::from(moves)),
            ],
        )
    }

    /// The message `id` with `args` and a time in it (its `$time` argument) as a `<time>`
    /// element: words around the element, in each language's order.
    pub fn with_time(self, id: &str, args: &[(&str, Arg)], unix: i64) -> Markup {
        const MARK: &str = "\u{2063}time\u{2063}";
        let mut all: Vec<(&str, Arg)> = args.to_vec();
        all.push(("time", Arg::from(MARK)));
        let words = self.with(id, &all);
        let (before, after) = words.split_once(MARK).unwrap_or((words.as_str(), ""));
        html! { (before) (when(unix)) (after) }
    }
}

/// The catalogue's key of a colour.
fn colour_key(colour: Color) -> &'static str {
    match colour {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A player's rating beside their name.
pub fn rating(value: f64, provisional: bool) -> String {
    if provisional {
        format!("{value:.0}?")
    } else {
        format!("{value:.0}")
    }
}

/// Seconds as `m:ss` or `h:mm:ss`, and from a day on as days and hours (`2 d 23 h`), rounded
/// to the nearest hour as the service's spans are (a fresh 3-day clock reads `3 d`).
pub fn clock(w: Words, seconds: i64) -> String {
    let seconds = seconds.max(0);
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if seconds >= DAY {
        let hours = akron_service::service::clocks::whole_hours(seconds);
        days_and_hours(w, Arg::from(hours / 24), Arg::from(hours % 24))
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Seconds in a day: from a day on, a clock says days and hours.
const DAY: i64 = 86_400;

/// `2 d 23 h`, in `w`'s words, short as in a table (German `2 Tg. 23 Std.`, where running
/// text says `2 Tage und 23 Stunden`); `3 d` for whole days when `hours` is the number 0 (the
/// catalogue's `[0]` matches a number, not the text "0").
fn days_and_hours(w: Words, days: Arg, hours: Arg) -> String {
    w.with("web-clock-days", &[("days", days), ("hours", hours)])
}

/// The pattern the page's script fills in for a clock of a day or more: `%d` days, `%h` hours.
pub fn days_pattern(w: Words) -> String {
    days_and_hours(w, Arg::from("%d"), Arg::from("%h"))
}

/// The pattern for a clock of whole days (`3 d`, no `0 h`): `%d` days.
pub fn whole_days_pattern(w: Words) -> String {
    days_and_hours(w, Arg::from("%d"), Arg::from(0_i64))
}

/// A date and time in UTC, as text: `2026-11-26 18:30 UTC`.
pub fn utc(unix: i64) -> String {
    let day = akron_service::record::date(unix);
    let seconds = unix.rem_euclid(86_400);
    format!("{day} {:02}:{:02} UTC", seconds / 3600, seconds / 60 % 60)
}

/// A moment as a `<time>` element: its UTC text, which the page's script replaces with the
/// reader's own local time in the page's language (a page without script keeps UTC).
pub fn when(unix: i64) -> Markup {
    let day = akron_service::record::date(unix);
    let seconds = unix.rem_euclid(86_400);
    let iso = format!(
        "{day}T{:02}:{:02}:{:02}Z",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
    html! { time.local datetime=(iso) { (utc(unix)) } }
}

/// The tiebreak's name (a proper name, the same in every language).
pub fn tiebreak(tiebreak: Tiebreak) -> &'static str {
    match tiebreak {
        Tiebreak::Buchholz => "Buchholz",
        Tiebreak::SonnebornBerger => "Sonneborn-Berger",
    }
}

/// A board's result from Black's side then White's: `1–0`, `½–½`, `+/−` for a forfeit.
pub fn board_result(result: Option<GameResult>) -> &'static str {
    match result {
        None => "…",
        Some(GameResult::FirstWon) => "1–0",
        Some(GameResult::SecondWon) => "0–1",
        Some(GameResult::Draw) => "½–½",
        Some(GameResult::FirstForfeited) => "−/+",
        Some(GameResult::SecondForfeited) => "+/−",
        Some(GameResult::BothForfeited) => "−/−",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn asked(value: &str) -> Option<Language> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static("")),
        );
        asked_language(&headers)
    }

    #[test]
    fn the_browsers_first_language_the_bot_speaks_is_chosen() {
        assert_eq!(asked("es-ES,es;q=0.9,en;q=0.8"), Some(Language::Spanish));
        assert_eq!(
            asked("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.5"),
            Some(Language::German)
        );
        assert_eq!(asked("en;q=0.5, de-AT"), Some(Language::German));
        assert_eq!(asked("fr, pt-BR"), None);
        assert_eq!(asked("de;q=0, es;q=0.1"), Some(Language::Spanish));
        assert_eq!(asked("de;q=zz"), None);
        assert_eq!(asked(""), None);
        assert_eq!(asked_language(&HeaderMap::new()), None);
    }

    #[test]
    fn every_web_message_is_in_the_catalogue() {
        let words = Words(Language::German);
        assert_eq!(words.step(3, "C3", Color::White, &[]), "Zug 3: C3 von Weiß");
        assert_eq!(words.board_size(5, 12), "5×5, je 12 Steine");
        assert_eq!(
            Words(Language::Spanish).board_size(5, 1),
            "5×5, 1 piedra cada uno"
        );
        let timed = Words(Language::English)
            .with_time("web-puzzle-hidden", &[], 0)
            .into_string();
        assert!(timed.starts_with("The solution"), "{timed}");
        assert!(timed.contains(r#"<time class="local" datetime="1970-01-01T00:00:00Z">"#));
    }
}
