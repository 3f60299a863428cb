//! Clocks: when the player to move runs out of time, when they are reminded, and how the
//! clocks change after a move. Pure functions of a game's record and its number of moves.
//!
//! - Correspondence (`3d`): the player to move has that long for this move; every move
//!   resets it. Reminders at half time and when about an hour is left.
//! - Live (Fischer, `10+5`): each player has their own clock, which runs only on their
//!   move; each move adds the increment. Before a player's first move their clock does not
//!   run: they have the base time for it, which does not come off the clock (as on
//!   lichess). No reminders.

use crate::model::{GameRecord, Phase, Play, TimeControl};

/// "About an hour left": the second reminder.
const LAST_REMINDER: i64 = 3600;

/// Since when the player to move has been thinking: the last move, or the start.
fn since(record: &GameRecord) -> i64 {
    record
        .last_move_at()
        .or(record.started_at())
        .unwrap_or(record.created_at)
}

/// Which clock belongs to the player to move after `plies` moves: 0 for the player who moves
/// at even plies, 1 for the other.
const fn seat(plies: usize) -> usize {
    plies % 2
}

/// When the player to move runs out of time, if the game has a clock.
#[must_use]
pub fn timeout_at(record: &GameRecord, plies: usize) -> Option<i64> {
    let since = since(record);
    match record.time_control {
        TimeControl::None => None,
        TimeControl::PerMove(seconds) => Some(since + seconds),
        // A player's first move is not clocked beyond the base time.
        TimeControl::Fischer { base, .. } if plies < 2 => Some(since + base),
        TimeControl::Fischer { base, .. } => {
            Some(since + record.clocks[seat(plies)].unwrap_or(base))
        }
    }
}

/// When the reminders for the current move fall: at half time, and when about an hour is
/// left (when that is later than half time). None for live clocks.
#[must_use]
pub fn reminder_times(record: &GameRecord, plies: usize) -> Vec<i64> {
    let TimeControl::PerMove(seconds) = record.time_control else {
        return Vec::new();
    };
    let Some(out) = timeout_at(record, plies) else {
        return Vec::new();
    };
    let half = since(record) + seconds / 2;
    let mut times = vec![half];
    if out - LAST_REMINDER > half {
        times.push(out - LAST_REMINDER);
    }
    times
}

/// The next thing due for an active game: the next reminder not yet sent, or the timeout.
#[must_use]
pub fn next_due(record: &GameRecord, plies: usize) -> Option<i64> {
    reminder_times(record, plies)
        .get(usize::from(record.reminders_sent()))
        .copied()
        .or_else(|| timeout_at(record, plies))
}

/// Starts a game at `now` (`plies` moves in its start): it is being played from now on, with
/// its clocks running.
pub fn start(record: &mut GameRecord, plies: usize, now: i64) {
    record.phase = Phase::Playing(Play::new(now));
    if let TimeControl::Fischer { base, .. } = record.time_control {
        record.clocks = [Some(base), Some(base)];
    }
    record.deadline_at = next_due(record, plies);
}

/// Runs the mover's clock for the move just played at `now` (`plies` moves before it): the
/// time taken comes off (except on a player's first move) and the increment goes on. Then the
/// next deadline is set for the opponent.
pub fn after_move(record: &mut GameRecord, plies_before: usize, now: i64) {
    if let TimeControl::Fischer { base, increment } = record.time_control {
        let mover = seat(plies_before);
        if plies_before >= 2 {
            let left = record.clocks[mover].unwrap_or(base) - (now - since(record));
            record.clocks[mover] = Some(left.max(0) + increment);
        }
    }
    if let Some(play) = record.play_mut() {
        play.last_move_at = Some(now);
        play.reminders_sent = 0;
    }
    record.deadline_at = next_due(record, plies_before + 1);
}

/// Seconds left for each seat at `now`: the player to move's clock running, the other's
/// standing. `None` without a clock.
#[must_use]
pub fn left(record: &GameRecord, plies: usize, now: i64) -> Option<[i64; 2]> {
    let out = timeout_at(record, plies)?;
    let running = (out - now).max(0);
    let standing = match record.time_control {
        TimeControl::None => return None,
        TimeControl::PerMove(seconds) => seconds,
        TimeControl::Fischer { base, .. } => record.clocks[seat(plies + 1)].unwrap_or(base),
    };
    let mut both = [standing; 2];
    both[seat(plies)] = running;
    Some(both)
}

/// A stretch in which the clock of the player to move stands still: their vacation, begun at
/// `since`, which runs out at `until` unless they end it before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pause {
    /// When the vacation began.
    pub since: i64,
    /// When the vacation's allowance runs out.
    pub until: i64,
}

/// The clocks of an active game as they stand at a moment, vacations taken into account:
/// what everyone who shows or judges a clock reads ([`read`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// When the player to move runs out of time, if their clock runs from now on.
    pub out: i64,
    /// Whether the clock of the player to move stands still now (they are on vacation).
    pub standing: bool,
    /// Seconds left for each seat ([`seat_to_move`] is the one to move).
    pub left: [i64; 2],
}

impl Reading {
    /// Whether the player to move has run out of time at `now`: never while their clock
    /// stands still.
    #[must_use]
    pub const fn out_of_time(&self, now: i64) -> bool {
        !self.standing && now >= self.out
    }
}

/// The one place that decides how a game's clocks stand at `now` and whether the player to
/// move is out of time; `pause` is their vacation, if one is running. The time a vacation
/// stood still (from its start, or the last move if later, until now or its running out)
/// is added to the deadline; a player who had already run out of time when the vacation
/// began gains nothing. `None` without a clock.
#[must_use]
pub fn read(record: &GameRecord, plies: usize, pause: Option<Pause>, now: i64) -> Option<Reading> {
    let out = timeout_at(record, plies)?;
    let mut left = left(record, plies, now)?;
    let (out, standing) = match pause {
        Some(pause) if pause.since < out => {
            let from = pause.since.max(since(record));
            let to = now.min(pause.until);
            (out + (to - from).max(0), now < pause.until)
        }
        _ => (out, false),
    };
    left[seat(plies)] = (out - now).max(0);
    Some(Reading {
        out,
        standing,
        left,
    })
}

/// The seat (0 or 1) of the player to move after `plies` moves.
#[must_use]
pub const fn seat_to_move(plies: usize) -> usize {
    seat(plies)
}

/// Time left in words: `2 d 3 h`, `5 h 20 min`, `12 min` for correspondence, rounded to the
/// nearest unit shown (see `Shown`: a fresh 3-day clock reads `3 d`); `4:12` (or `1:04:12`)
/// for live clocks, to the second.
#[must_use]
pub fn words(seconds: i64, live: bool) -> String {
    let s = seconds.max(0);
    if live {
        return if s >= 3600 {
            format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
        } else {
            format!("{}:{:02}", s / 60, s % 60)
        };
    }
    // A zero second unit is left out: `1 d`, not `1 d 0 h`.
    match Shown::of(s) {
        Shown::Days(days, 0) => format!("{days} d"),
        Shown::Days(days, hours) => format!("{days} d {hours} h"),
        Shown::Hours(hours, 0) => format!("{hours} h"),
        Shown::Hours(hours, minutes) => format!("{hours} h {minutes} min"),
        Shown::Minutes(minutes) => format!("{minutes} min"),
        Shown::Seconds(seconds) => format!("{seconds} s"),
    }
}

/// A correspondence span in the units it is shown in, rounded to the nearest of its smallest
/// shown unit: days and hours to the hour, hours and minutes to the minute, minutes to the
/// minute, and under a minute the seconds themselves. A clock started a few seconds ago
/// (3 days less 5 seconds) reads `3 d`, not `2 d 23 h` as a truncation said. An exact half
/// rounds down, so a remaining time is never shown longer than it is by as much as half
/// the unit shown (under 30 minutes for `d h`, under 30 seconds for `h min` and `min`),
/// and shorter by at most half of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// Days and hours.
    Days(i64, i64),
    /// Hours (fewer than 24) and minutes.
    Hours(i64, i64),
    /// Minutes (fewer than 60).
    Minutes(i64),
    /// Seconds (fewer than 60).
    Seconds(i64),
}

impl Shown {
    /// `seconds` (not negative) in the units shown for it.
    const fn of(seconds: i64) -> Self {
        // To the nearest unit, a half down: (s + unit/2 - 1) / unit.
        let hours = (seconds + 1799) / 3600;
        if hours >= 24 {
            return Self::Days(hours / 24, hours % 24);
        }
        if seconds < 60 {
            return Self::Seconds(seconds);
        }
        let minutes = (seconds + 29) / 60;
        if minutes >= 60 {
            Self::Hours(minutes / 60, minutes % 60)
        } else {
            Self::Minutes(minutes)
        }
    }
}

/// Hours in a span of a day or more, as days and hours are shown: rounded to the nearest
/// hour like [`words`] (a clock started 5 seconds ago, 3 days less 5 seconds, is 72 hours).
/// For front ends that show days and hours themselves (the web's clocks).
#[must_use]
pub const fn whole_hours(seconds: i64) -> i64 {
    if seconds <= 0 {
        0
    } else {
        (seconds + 1799) / 3600
    }
}

/// [`words`] in `language`: correspondence time in that language's words (`2 d 3 h`,
/// `2 Tage und 3 Stunden`); live clocks read the same everywhere.
#[must_use]
pub fn words_in(seconds: i64, live: bool, language: crate::catalogue::Language) -> String {
    span(seconds, live).say(language)
}

/// [`words_in`] for a correspondence span after a word that takes the dative in German
/// (`in 2 Tagen`, `eine Frist von 2 Tagen`, where [`words_in`] says `2 Tage`); the same
/// words as [`words_in`] in English and Spanish.
#[must_use]
pub fn words_in_dative(seconds: i64, language: crate::catalogue::Language) -> String {
    match Shown::of(seconds.max(0)) {
        Shown::Days(days, hours) => {
            crate::phrase!("clock-span-days-dative", days = days, hours = hours).say(language)
        }
        _ => words_in(seconds, false, language),
    }
}

/// A time span as a message with numbers for arguments, put into words later in its
/// reader's language ([`words_in`]): how a notice or a refusal stores `2 d 3 h`; rounded
/// as [`words`] rounds.
#[must_use]
pub fn span(seconds: i64, live: bool) -> crate::catalogue::Phrase {
    let s = seconds.max(0);
    if live {
        return crate::phrase!("clock-span-live", time = words(s, true));
    }
    match Shown::of(s) {
        Shown::Days(days, hours) => crate::phrase!("clock-span-days", days = days, hours = hours),
        Shown::Hours(hours, minutes) => {
            crate::phrase!("clock-span-hours", hours = hours, minutes = minutes)
        }
        Shown::Minutes(minutes) => crate::phrase!("clock-span-minutes", minutes = minutes),
        Shown::Seconds(seconds) => crate::phrase!("clock-span-seconds", seconds = seconds),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ChannelId, GameId, Players, User, UserId};
    use akron_rules::WinRule;

    fn set_reminders(record: &mut GameRecord, sent: u8) {
        if let Some(play) = record.play_mut() {
            play.reminders_sent = sent;
        }
    }

    fn record(control: TimeControl) -> GameRecord {
        let user = |n: &str| User::new(UserId::new("test", n), n);
        let start = akron_rules::Position::start(5, 12).unwrap_or_default();
        let mut record = GameRecord::challenge(
            ChannelId::new("test", "main"),
            user("a").id,
            Players {
                black: user("a"),
                white: user("b"),
            },
            &start,
            WinRule::Delayed,
            0,
        );
        record.id = GameId(1);
        record.phase = Phase::Playing(Play::new(0));
        record.time_control = control;
        record
    }

    #[test]
    fn correspondence_reminds_at_half_time_and_an_hour_before_and_resets_each_move() {
        let mut r = record(TimeControl::PerMove(2 * 86_400));
        start(&mut r, 0, 1000);
        assert_eq!(
            reminder_times(&r, 0),
            vec![1000 + 86_400, 1000 + 2 * 86_400 - 3600]
        );
        assert_eq!(r.deadline_at, Some(1000 + 86_400));
        set_reminders(&mut r, 1);
        assert_eq!(next_due(&r, 0), Some(1000 + 2 * 86_400 - 3600));
        set_reminders(&mut r, 2);
        assert_eq!(next_due(&r, 0), Some(1000 + 2 * 86_400));
        after_move(&mut r, 0, 5000);
        assert_eq!(r.reminders_sent(), 0);
        assert_eq!(timeout_at(&r, 1), Some(5000 + 2 * 86_400));
        assert_eq!(
            left(&r, 1, 5000 + 3600),
            Some([2 * 86_400, 2 * 86_400 - 3600])
        );
    }

    #[test]
    fn a_short_correspondence_clock_has_one_reminder() {
        let mut r = record(TimeControl::PerMove(3600));
        start(&mut r, 0, 0);
        assert_eq!(reminder_times(&r, 0), vec![1800]);
    }

    #[test]
    fn fischer_clocks_take_the_time_and_add_the_increment_after_each_first_move() {
        let mut r = record(TimeControl::Fischer {
            base: 600,
            increment: 5,
        });
        start(&mut r, 0, 0);
        assert!(
            reminder_times(&r, 0).is_empty(),
            "no reminders on live clocks"
        );
        // Each side's first move is not clocked beyond the base time.
        assert_eq!(timeout_at(&r, 0), Some(600));
        after_move(&mut r, 0, 100);
        assert_eq!(r.clocks, [Some(600), Some(600)]);
        after_move(&mut r, 1, 130);
        assert_eq!(r.clocks, [Some(600), Some(600)]);
        // From the second move on, the clock runs and the increment is added.
        assert_eq!(timeout_at(&r, 2), Some(130 + 600));
        after_move(&mut r, 2, 190);
        assert_eq!(r.clocks, [Some(600 - 60 + 5), Some(600)]);
        assert_eq!(left(&r, 3, 200), Some([545, 590]));
        assert_eq!(words(545, true), "9:05");
    }

    #[test]
    fn a_time_span_with_a_zero_part_leaves_it_out_not_1_d_0_h() {
        use crate::catalogue::Language;
        assert_eq!(words(86_400, false), "1 d");
        assert_eq!(words(86_400 + 29 * 60, false), "1 d");
        assert_eq!(words(2 * 3600 + 30, false), "2 h");
        for (language, day, hours) in [
            (Language::English, "1 d", "3 h"),
            (Language::Spanish, "1 d", "3 h"),
            (Language::German, "1 Tag", "3 Stunden"),
        ] {
            assert_eq!(words_in(86_400, false, language), day);
            assert_eq!(words_in(3 * 3600, false, language), hours);
        }
    }

    /// The reader's report (a13): a clock of 3 days started a few seconds ago read
    /// `2 d 23 h` (the span truncated); every span is now rounded to the unit shown.
    #[test]
    fn a_shown_span_is_rounded_to_its_unit_and_never_longer_by_half_of_it() {
        use crate::catalogue::Language;
        let day = 86_400;
        assert_eq!(words(3 * day - 5, false), "3 d");
        assert_eq!(words(3 * day - 1799, false), "3 d");
        assert_eq!(words(3 * day - 1800, false), "2 d 23 h");
        assert_eq!(words(day + 12 * 3600 - 40, false), "1 d 12 h");
        assert_eq!(words(day - 60, false), "1 d");
        assert_eq!(words(3600 - 20, false), "1 h");
        assert_eq!(words(3600 - 30, false), "59 min");
        assert_eq!(words(59, false), "59 s");
        assert_eq!(words(90, false), "1 min");
        assert_eq!(words(91, false), "2 min");
        assert_eq!(words_in(3 * day - 5, false, Language::German), "3 Tage");
        assert_eq!(words_in(3 * day - 5, false, Language::Spanish), "3 d");
        // Shown longer than it is by less than half the unit shown, shorter by at most half.
        for seconds in (0..4 * day).step_by(7) {
            let (shown, unit) = match Shown::of(seconds) {
                Shown::Days(d, h) => ((d * 24 + h) * 3600, 3600),
                Shown::Hours(h, m) => ((h * 60 + m) * 60, 60),
                Shown::Minutes(m) => (m * 60, 60),
                Shown::Seconds(s) => (s, 1),
            };
            assert!(
                2 * (shown - seconds) < unit && 2 * (seconds - shown) <= unit,
                "{seconds} s shown as {}",
                words(seconds, false)
            );
            if let Shown::Days(d, _) = Shown::of(seconds) {
                assert_eq!(whole_hours(seconds), shown / 3600, "{seconds} s, {d} d");
            }
        }
    }

    #[test]
    fn time_reads_in_words() {
        assert_eq!(words(2 * 86_400 + 3 * 3600 + 59, false), "2 d 3 h");
        assert_eq!(words(5 * 3600 + 20 * 60, false), "5 h 20 min");
        assert_eq!(words(12 * 60 + 30, false), "12 min");
        assert_eq!(words(-3, false), "0 s");
        assert_eq!(words(3725, true), "1:02:05");
        use crate::catalogue::Language;
        for seconds in [
            -3,
            45,
            12 * 60 + 30,
            5 * 3600 + 20 * 60,
            2 * 86_400 + 3 * 3600 + 59,
            86_400,
            7200,
            86_400 + 59 * 60,
            5 * 3600,
        ] {
            assert_eq!(
                words_in(seconds, false, Language::English),
                words(seconds, false)
            );
            assert_eq!(
                words_in(seconds, true, Language::German),
                words(seconds, true)
            );
        }
        assert_eq!(
            words_in(2 * 86_400 + 3 * 3600, false, Language::German),
            "2 Tage und 3 Stunden"
        );
        // Regression (issue 38): "expires in 1 d 0 h".
        assert_eq!(words(86_400 + 59, false), "1 d");
        assert_eq!(words_in(86_400, false, Language::English), "1 d");
        assert_eq!(words_in(3 * 3600, false, Language::German), "3 Stunden");
        // The reader's report (b): German running text said "Frist von 2 Tg." and "1 Std."
        // beside "3 Tage pro Zug"; it says the words, in the case the sentence asks for.
        assert_eq!(
            words_in(3600 + 60, false, Language::German),
            "1 Stunde und 1 Minute"
        );
        assert_eq!(words_in(45, false, Language::German), "45 Sekunden");
        assert_eq!(words_in_dative(2 * 86_400, Language::German), "2 Tagen");
        assert_eq!(
            words_in_dative(86_400 + 3600, Language::German),
            "1 Tag und 1 Stunde"
        );
        assert_eq!(words_in_dative(5 * 3600, Language::German), "5 Stunden");
        assert_eq!(words_in_dative(2 * 86_400, Language::Spanish), "2 d");
        assert_eq!(words_in_dative(2 * 86_400, Language::English), "2 d");
        assert_eq!(words_in(3 * 3600, false, Language::Spanish), "3 h");
        assert_eq!(
            words_in(2 * 86_400 + 3 * 3600, false, Language::Spanish),
            "2 d 3 h"
        );
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn a_vacation_stops_the_clock_and_moves_the_deadline_on() {
        let record = record(TimeControl::PerMove(86_400));
        let pause = Pause {
            since: 3600,
            until: 3600 + 14 * 86_400,
        };
        // 30 hours on: without the vacation the time is up; with it, 23 hours stand still.
        let now = 30 * 3600;
        let plain = read(&record, 0, None, now).unwrap();
        assert!(plain.out_of_time(now));
        let held = read(&record, 0, Some(pause), now).unwrap();
        assert!(held.standing && !held.out_of_time(now));
        assert_eq!(held.left[0], 86_400 - 3600);
        // The vacation ran out at `until`: the clock runs again from there.
        let later = pause.until + 86_400 - 3600;
        let back = read(&record, 0, Some(pause), later).unwrap();
        assert!(!back.standing && back.out_of_time(later));
        assert!(!back.out_of_time(later - 1));
        // A vacation begun after the time was up saves nothing.
        let late = Pause {
            since: 86_400 + 5,
            until: 30 * 86_400,
        };
        assert!(read(&record, 0, Some(late), 86_400 + 10)
            .unwrap()
            .out_of_time(86_400 + 10));
    }
}
