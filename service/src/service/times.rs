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

/// `2026-11-27 18:05 UTC+01:00`: the moment `unix` in the zone named `zone` (UTC when it
/// names none the database knows).
#[must_use]
pub fn local_time(unix: i64, zone: Option<&str>) -> String {
    let zone = zone
        .and_then(|name| TimeZone::get(name).ok())
        .unwrap_or(TimeZone::UTC);
    let Ok(moment) = Timestamp::from_second(unix) else {
        return unix.to_string();
    };
    let zoned = moment.to_zoned_datetime(zone);
    let offset = zoned.offset().seconds();
    let sign = if offset < 0 { '-' } else { '+' };
    let offset = offset.unsigned_abs();
    format!(
        "{} UTC{sign}{:02}:{:02}",
        zoned.strftime("%Y-%m-%d %H:%M"),
        offset / 3600,
        offset / 60 % 60
    )
}

/// `text` with each Discord timestamp token (`<t:UNIX:R>`, `<t:UNIX:f>`, any style) written
/// out for `reader` at `now`: the time with its UTC offset, and the relative form
/// (`2026-11-27 18:05 UTC+01:00 (in 3 h)`). What is not a token stays as it is.
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
                        local_time(unix, reader.zone.as_deref()),
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
    out
}

/// `in 3 h 20 min` or `3 h 20 min ago`, in `language`.
fn relative(unix: i64, now: i64, language: Language) -> String {
    let span = super::clocks::words_in((unix - now).abs(), false, language);
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
            "hasta 2026-01-15 13:00 UTC+01:00 (dentro de 2 h), dentro de 2 h."
        );
        let berlin = Reader {
            language: Language::German,
            zone: Some("Europe/Berlin".to_string()),
        };
        assert_eq!(
            local_times("<t:1768478400:R>", &berlin, noon + 90),
            "vor 1 min"
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
    fn times_carry_their_offset() {
        // 2026-01-15 12:00 UTC: winter in Madrid (+1), summer in Sydney (+11).
        let noon = 1_768_478_400;
        assert_eq!(local_time(noon, None), "2026-01-15 12:00 UTC+00:00");
        assert_eq!(
            local_time(noon, Some("Europe/Madrid")),
            "2026-01-15 13:00 UTC+01:00"
        );
        assert_eq!(
            local_time(noon, Some("America/New_York")),
            "2026-01-15 07:00 UTC-05:00"
        );
        // July: summer time in Berlin.
        assert_eq!(
            local_time(1_784_116_800, Some("Europe/Berlin")),
            "2026-07-15 14:00 UTC+02:00"
        );
    }
}
