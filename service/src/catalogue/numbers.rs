//! Numbers, dates and lists in each language's own conventions, from ICU4X's CLDR data: `103,792`
//! in English, `103.792` in Spanish and German, a decimal comma in both (`0,5`), and dates
//! as each language writes them (`Nov 27, 2026, 6:05 PM`, `27 nov 2026, 18:05`,
//! `27.11.2026, 18:05`), and lists joined as each language joins them (`ana, ben and cleo`,
//! `ana, ben y cleo`, `ana, ben und cleo`).
//!
//! Grouping follows CLDR's "min2" rule in every language: a number is grouped only from
//! five digits on, so a rating (`1500`) or a year reads as a reader writes it, and a count
//! such as `103.792 simulaciones` is grouped.

use super::Language;
use icu_datetime::fieldsets::YMD;
use icu_datetime::input::{Date, DateTime, Time};
use icu_datetime::FixedCalendarDateTimeFormatter;
use icu_decimal::input::Decimal;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_decimal::DecimalFormatter;
use icu_list::options::{ListFormatterOptions, ListLength};
use icu_list::ListFormatter;
use icu_locale_core::Locale;
use std::sync::LazyLock;

type DateFormatter =
    FixedCalendarDateTimeFormatter<icu_calendar::Gregorian, icu_datetime::fieldsets::YMDT>;

fn locale(language: Language) -> Locale {
    Locale::try_from_str(language.code()).unwrap_or(Locale::UNKNOWN)
}

/// One decimal formatter per language, in [`Language::ALL`]'s order, built once.
static DECIMALS: LazyLock<Vec<Option<DecimalFormatter>>> = LazyLock::new(|| {
    Language::ALL
        .iter()
        .map(|language| {
            let mut options = DecimalFormatterOptions::default();
            options.grouping_strategy = Some(GroupingStrategy::Min2);
            DecimalFormatter::try_new(locale(*language).into(), options).ok()
        })
        .collect()
});

/// One date-and-time formatter per language, built once.
static DATES: LazyLock<Vec<Option<DateFormatter>>> = LazyLock::new(|| {
    Language::ALL
        .iter()
        .map(|language| {
            DateFormatter::try_new(locale(*language).into(), YMD::medium().with_time_hm()).ok()
        })
        .collect()
});

/// One "and" list formatter per language, built once.
static AND_LISTS: LazyLock<Vec<Option<ListFormatter>>> = LazyLock::new(|| {
    Language::ALL
        .iter()
        .map(|language| {
            ListFormatter::try_new_and(
                locale(*language).into(),
                ListFormatterOptions::default().with_length(ListLength::Wide),
            )
            .ok()
        })
        .collect()
});

/// `items` joined as `language` joins a list with "and": `ana, ben and cleo`,
/// `ana, ben y cleo`, `ana, ben und cleo`.
#[must_use]
pub fn and_list(items: &[String], language: Language) -> String {
    match AND_LISTS.get(language.index()).and_then(Option::as_ref) {
        Some(formatter) => formatter
            .format(items.iter().map(String::as_str))
            .to_string(),
        None => items.join(", "),
    }
}

fn formatted(value: &Decimal, language: Language) -> Option<String> {
    let formatter = DECIMALS.get(language.index())?.as_ref()?;
    Some(formatter.format(value).to_string())
}

/// A whole number in `language`: `103,792`, `103.792`, `1500`.
#[must_use]
pub fn integer(n: i64, language: Language) -> String {
    formatted(&Decimal::from(n), language).unwrap_or_else(|| n.to_string())
}

/// A number with at most two decimals and no trailing zeros, in `language`: `12`, `12.5`,
/// `0.25` in English; `12,5`, `0,25` in Spanish and German. (Tie-break scores are in
/// quarters and halves.)
#[must_use]
pub fn decimal(value: f64, language: Language) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    // Hundredths, rounded; far beyond any score a tournament reaches.
    let hundredths = (value * 100.0).round();
    #[allow(clippy::cast_possible_truncation)]
    let hundredths = hundredths.clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    let mut number = Decimal::from(hundredths);
    number.multiply_pow10(-2);
    number.absolute.trim_end();
    formatted(&number, language).unwrap_or_else(|| {
        let text = format!("{value:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    })
}

/// A calendar date and time of day in `language`, as its readers write them.
#[must_use]
pub fn date_time(
    (year, month, day): (i32, u8, u8),
    (hour, minute): (u8, u8),
    language: Language,
) -> Option<String> {
    let formatter = DATES.get(language.index())?.as_ref()?;
    let date = Date::try_new_gregorian(year, month, day).ok()?;
    let time = Time::try_new(hour, minute, 0, 0).ok()?;
    Some(formatter.format(&DateTime { date, time }).to_string())
}

/// The formatter the Fluent bundle of the language at `index` in [`Language::ALL`] calls for
/// every value: numbers in that language's conventions (a message may still turn grouping
/// off with `NUMBER($n, useGrouping: "false")`), everything else as Fluent writes it.
pub(super) fn fluent_formatter<const INDEX: usize>(
    value: &fluent_bundle::FluentValue<'_>,
    _memoizer: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let fluent_bundle::FluentValue::Number(number) = value else {
        return None;
    };
    let language = *Language::ALL.get(INDEX)?;
    let options = &number.options;
    if options.minimum_fraction_digits.is_some()
        || options.maximum_fraction_digits.is_some()
        || options.minimum_significant_digits.is_some()
        || options.maximum_significant_digits.is_some()
        || options.minimum_integer_digits.is_some()
    {
        // Options the catalogue does not use: Fluent's own formatting.
        return None;
    }
    if !options.use_grouping {
        return Some(number.as_string().into_owned().replace(
            '.',
            if language == Language::English {
                "."
            } else {
                ","
            },
        ));
    }
    if number.value.fract() == 0.0 && number.value.abs() < 9.0e15 {
        #[allow(clippy::cast_possible_truncation)]
        return Some(integer(number.value as i64, language));
    }
    Some(decimal(number.value, language))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_joined_as_each_language_joins_them() {
        let three: Vec<String> = ["ana", "ben", "cleo"].map(String::from).to_vec();
        assert_eq!(and_list(&three, Language::English), "ana, ben, and cleo");
        assert_eq!(and_list(&three, Language::Spanish), "ana, ben y cleo");
        assert_eq!(and_list(&three, Language::German), "ana, ben und cleo");
        assert_eq!(and_list(&three[..2], Language::English), "ana and ben");
        assert_eq!(and_list(&three[..1], Language::German), "ana");
    }

    #[test]
    fn numbers_follow_each_language() {
        assert_eq!(integer(103_792, Language::English), "103,792");
        assert_eq!(integer(103_792, Language::Spanish), "103.792");
        assert_eq!(integer(103_792, Language::German), "103.792");
        assert_eq!(integer(1500, Language::German), "1500");
        assert_eq!(integer(-12, Language::English), "-12");
        assert_eq!(decimal(0.5, Language::English), "0.5");
        assert_eq!(decimal(0.5, Language::Spanish), "0,5");
        assert_eq!(decimal(12.25, Language::German), "12,25");
        assert_eq!(decimal(3.0, Language::German), "3");
    }

    #[test]
    fn dates_follow_each_language() {
        let when = ((2026, 11, 27), (18, 5));
        assert_eq!(
            date_time(when.0, when.1, Language::German).as_deref(),
            Some("27.11.2026, 18:05")
        );
        let spanish = date_time(when.0, when.1, Language::Spanish).unwrap_or_default();
        assert!(spanish.starts_with("27 nov 2026"), "{spanish}");
        let english = date_time(when.0, when.1, Language::English).unwrap_or_default();
        assert!(english.starts_with("Nov 27, 2026"), "{english}");
    }
}
