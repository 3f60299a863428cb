//! Times in each reader's own time zone: the IANA database through `jiff` (bundled in the
//! binary, so a machine without `/usr/share/zoneinfo` knows the zones too).

use super::types::{Language, Reader};
use jiff::tz::TimeZone;
use jiff::Timestamp;

/// The IANA name of the time zone `given` names (`Europe/Madrid`, `utc`), if it is one.
#[must_use]
pub fn zone_name(given: &str) -> Option<String> {
    let given = given.trim();
    if given.is_empty() || given.len() > 64 {
        return None;
    }
    let zone = TimeZone::get(given).ok()?;
    Some(zone.iana_name().unwrap_or(given).to_string())
}

/// The moment `unix` in the zone named `zone` (UTC when it names none the database knows),
/// as `language` writes a date and time, with the zone's abbreviation: `Jan 15, 2026, 1:00 PM
/// CET`, `15 ene 2026, 13:00 CET`, `15.01.2026, 13:00 CET`. A zone whose abbreviation is
/// an offset shows it after `UTC` (`UTC+11`).
#[must_use]
pub fn local_time(unix: i64, zone: Option<&str>, language: Language) -> String {
    let zone = zone
        .and_then(|name| TimeZone::get(name).ok())
        .unwrap_or(TimeZone::UTC);
    let Ok(moment) = Timestamp::from_second(unix) else {
        return unix.to_string();
    };
    let zoned = moment.to_zoned_datetime(zone.clone());
    let info = zone.to_offset_info(moment);
    let abbreviation = info.abbreviation();
    let abbreviation = if abbreviation.starts_with(['+', '-']) {
        format!("UTC{abbreviation}")
    } else {
        abbreviation.to_string()
    };
    let words = u8::try_from(zoned.month())
        .ok()
        .zip(u8::try_from(zoned.day()).ok())
        .zip(
            u8::try_from(zoned.hour())
                .ok()
                .zip(u8::try_from(zoned.minute()).ok()),
        )
        .and_then(|((month, day), time)| {
            crate::catalogue::numbers::date_time(
                (i32::from(zoned.year()), month, day),
                time,
                language,
            )
        })
        .unwrap_or_else(|| zoned.strftime("%Y-%m-%d %H:%M").to_string());
    format!("{words} {abbreviation}")
}

/// `text` with each Discord timestamp token (`<t:UNIX:R>`, `<t:UNIX:f>`, any style) written
/// out for `reader` at `now`: the time with its UTC offset, and the relative form
/// (`27.11.2026, 18:05 CET (in 3 Stunden)`). What is not a token stays as it is.
#[must_use]
pub fn local_times(text: &str, reader: &Reader, now: i64) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<t:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        let token = after.find('>').and_then(|end| {
            let inner = &after[..end];
            let (unix, style) = inner.split_once(':').unwrap_or((inner, "f"));
            Some((unix.parse::<i64>().ok()?, style, end))
        });
        match token {
            Some((unix, style, end)) => {
                out.push_str(&match style {
                    "R" => relative(unix, now, reader.language),
                    _ => format!(
                        "{} ({})",
                        local_time(unix, reader.zone.as_deref(), reader.language),
                        relative(unix, now, reader.language)
                    ),
                });
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("<t:");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    // A written-out time ending in an abbreviation would end a sentence with two dots.
    crate::catalogue::full_stops(out)
}

/// `in 3 h 20 min` or `3 h 20 min ago`, in `language`.
fn relative(unix: i64, now: i64, language: Language) -> String {
    let span = super::clocks::words_in_dative((unix - now).abs(), language);
    crate::say!(
        language,
        "time-relative",
        span = span,
        when = if unix >= now { "future" } else { "past" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_tokens_are_written_in_the_readers_zone_and_language() {
        let noon = 1_768_478_400;
        let madrid = Reader {
            language: Language::Spanish,
            zone: Some("Europe/Madrid".to_string()),
        };
        assert_eq!(
            local_times(
                "hasta <t:1768478400:f>, <t:1768478400:R>.",
                &madrid,
                noon - 7200
            ),
            "hasta 15 ene 2026, 13:00 CET (dentro de 2 h), dentro de 2 h."
        );
        let berlin = Reader {
            language: Language::German,
            zone: Some("Europe/Berlin".to_string()),
        };
        assert_eq!(
            local_times("<t:1768478400:R>", &berlin, noon + 90),
            "vor 1 Minute"
        );
        // A span after "in" or "vor" in German is in the dative: "in 2 Tagen".
        assert_eq!(
            local_times("verfällt <t:1768478400:R>.", &berlin, noon - 2 * 86_400),
            "verfällt in 2 Tagen."
        );
        assert_eq!(
            local_times("<t:1768478400:R>", &berlin, noon + 86_400 + 3 * 3600),
            "vor 1 Tag und 3 Stunden"
        );
        assert_eq!(
            local_times("<t:nope:R> <t:12", &Reader::default(), 0),
            "<t:nope:R> <t:12"
        );
    }

    #[test]
    fn zones_are_iana_names() {
        assert_eq!(zone_name("Europe/Madrid").as_deref(), Some("Europe/Madrid"));
        assert_eq!(zone_name("UTC").as_deref(), Some("UTC"));
        assert_eq!(zone_name("Mars/Olympus"), None);
        assert_eq!(zone_name(""), None);
    }

    #[test]
    fn times_are_written_as_each_language_writes_them_with_their_zone() {
        // 2026-01-15 12:00 UTC: winter in Madrid (+1), summer in Sydney (+11).
        let noon = 1_768_478_400;
        assert_eq!(
            local_time(noon, None, Language::German),
            "15.01.2026, 12:00 UTC"
        );
        assert_eq!(
            local_time(noon, Some("Europe/Madrid"), Language::Spanish),
            "15 ene 2026, 13:00 CET"
        );
        assert_eq!(
            local_time(noon, Some("America/New_York"), Language::English),
            "Jan 15, 2026, 7:00\u{202f}AM EST"
        );
        // July: summer time in Berlin.
        assert_eq!(
            local_time(1_784_116_800, Some("Europe/Berlin"), Language::German),
            "15.07.2026, 14:00 CEST"
        );
        assert_eq!(
            local_time(noon, Some("Australia/Sydney"), Language::English),
            "Jan 15, 2026, 11:00\u{202f}PM AEDT"
        );
    }
}
