//! Queries on `user_settings`, `server_settings` and `console_clock`. A missing row means
//! the defaults.

use super::DbError;
use super::Tx;
use crate::catalogue::Language;
use crate::images::View;
use crate::model::{ReminderPlace, ServerId, ServerRole, UserId, WebAccess};
use crate::params;
use std::str::FromStr;

/// Where a user's reminders go.
///
/// # Errors
///
/// A database failure, or a stored value that cannot be read.
pub fn reminder_place(conn: &Tx<'_>, user: &UserId) -> Result<ReminderPlace, DbError> {
    let stored: Option<String> = conn.query_opt(
        "SELECT reminders FROM user_settings WHERE user_id = ?1",
        params![&user.0],
        |r| r.get(0),
    )?;
    match stored {
        None => Ok(ReminderPlace::default()),
        Some(name) => name
            .parse()
            .map_err(|_| DbError::Corrupt(format!("reminder setting '{name}' of {user}"))),
    }
}

/// Sets where a user's reminders go.
///
/// # Errors
///
/// A database failure.
pub fn set_reminder_place(
    conn: &Tx<'_>,
    user: &UserId,
    place: ReminderPlace,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO user_settings (user_id, reminders) VALUES (?1, ?2) \
         ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders",
        params![user.0, place.name()],
    )?;
    Ok(())
}

/// Whether accepted challenges on a server open a thread of their own by default.
///
/// # Errors
///
/// A database failure.
pub fn thread_games(conn: &Tx<'_>, server: &ServerId) -> Result<bool, DbError> {
    Ok(conn
        .query_opt(
            "SELECT thread_games FROM server_settings WHERE server_id = ?1",
            params![&server.0],
            |r| r.get(0),
        )?
        .unwrap_or(false))
}

/// Sets whether accepted challenges on a server open a thread by default.
///
/// # Errors
///
/// A database failure.
pub fn set_thread_games(conn: &Tx<'_>, server: &ServerId, on: bool) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO server_settings (server_id, thread_games) VALUES (?1, ?2) \
         ON CONFLICT (server_id) DO UPDATE SET thread_games = excluded.thread_games",
        params![server.0, on],
    )?;
    Ok(())
}

/// The board view a user chose, if any.
///
/// # Errors
///
/// A database failure.
pub fn view_setting(conn: &Tx<'_>, user: &UserId) -> Result<Option<View>, DbError> {
    let stored: Option<Option<String>> = conn.query_opt(
        "SELECT view FROM user_settings WHERE user_id = ?1",
        params![&user.0],
        |r| r.get(0),
    )?;
    Ok(stored.flatten().and_then(|name| name.parse().ok()))
}

/// Sets the board view a user sees by default.
///
/// # Errors
///
/// A database failure.
pub fn set_view_setting(conn: &Tx<'_>, user: &UserId, view: View) -> Result<(), DbError> {
    let name = match view {
        View::Perspective => "perspective",
        View::Plan => "plan",
    };
    conn.execute(
        "INSERT INTO user_settings (user_id, view) VALUES (?1, ?2) \
         ON CONFLICT (user_id) DO UPDATE SET view = excluded.view",
        params![user.0, name],
    )?;
    Ok(())
}

/// The role whose members may create and run tournaments on a server, if one is named.
///
/// # Errors
///
/// A database failure.
pub fn tournament_role(conn: &Tx<'_>, server: &ServerId) -> Result<Option<ServerRole>, DbError> {
    let stored: Option<(Option<String>, Option<String>)> = conn.query_opt(
        "SELECT tournament_role, tournament_role_name FROM server_settings \
             WHERE server_id = ?1",
        params![&server.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(match stored {
        Some((Some(id), name)) => Some(ServerRole {
            name: name.unwrap_or_else(|| id.clone()),
            id,
        }),
        _ => None,
    })
}

/// Names (or, with `None`, forgets) the role whose members may run tournaments on a server.
///
/// # Errors
///
/// A database failure.
pub fn set_tournament_role(
    conn: &Tx<'_>,
    server: &ServerId,
    role: Option<&ServerRole>,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO server_settings (server_id, tournament_role, tournament_role_name) \
         VALUES (?1, ?2, ?3) ON CONFLICT (server_id) DO UPDATE SET \
         tournament_role = excluded.tournament_role, \
         tournament_role_name = excluded.tournament_role_name",
        params![
            server.0,
            role.map(|r| r.id.as_str()),
            role.map(|r| r.name.as_str())
        ],
    )?;
    Ok(())
}

/// How far the console's clock runs ahead of the system clock (seconds); 0 when it was never
/// moved.
///
/// # Errors
///
/// A database failure.
pub fn console_clock_offset(conn: &Tx<'_>) -> Result<i64, DbError> {
    Ok(conn
        .query_opt(
            "SELECT seconds_ahead FROM console_clock WHERE id = 1",
            params![],
            |r| r.get(0),
        )?
        .unwrap_or(0))
}

/// Stores how far the console's clock runs ahead of the system clock.
///
/// # Errors
///
/// A database failure.
pub fn set_console_clock_offset(conn: &Tx<'_>, offset: i64) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO console_clock (id, seconds_ahead) VALUES (1, ?1) \
         ON CONFLICT (id) DO UPDATE SET seconds_ahead = excluded.seconds_ahead",
        params![offset],
    )?;
    Ok(())
}

/// Who may see a server's web pages, and the key its page links are signed with (none until
/// the pages were first switched on).
///
/// # Errors
///
/// A database failure, or a stored value that cannot be read.
pub fn web_setting(
    conn: &Tx<'_>,
    server: &ServerId,
) -> Result<(WebAccess, Option<String>), DbError> {
    let stored: Option<(String, Option<String>)> = conn.query_opt(
        "SELECT web, web_secret FROM server_settings WHERE server_id = ?1",
        params![&server.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    match stored {
        None => Ok((WebAccess::Off, None)),
        Some((name, secret)) => Ok((
            WebAccess::from_str(&name)
                .map_err(|_| DbError::Corrupt(format!("web setting '{name}' of {server}")))?,
            secret,
        )),
    }
}

/// Sets who may see a server's web pages; `secret` becomes its link key unless it has one.
///
/// # Errors
///
/// A database failure.
pub fn set_web_setting(
    conn: &Tx<'_>,
    server: &ServerId,
    access: WebAccess,
    secret: &str,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO server_settings (server_id, web, web_secret) VALUES (?1, ?2, ?3) \
         ON CONFLICT (server_id) DO UPDATE SET web = excluded.web, \
         web_secret = COALESCE(server_settings.web_secret, excluded.web_secret)",
        params![server.0, access.name(), secret],
    )?;
    Ok(())
}

/// Every server whose pages are public, with its link key.
///
/// # Errors
///
/// A database failure.
pub fn public_web_servers(conn: &Tx<'_>) -> Result<Vec<(ServerId, String)>, DbError> {
    conn.query(
        "SELECT server_id, web_secret FROM server_settings \
         WHERE web = 'public' AND web_secret IS NOT NULL ORDER BY server_id",
        params![],
        |r| Ok((ServerId(r.get(0)?), r.get(1)?)),
    )
}

/// A server's language: the one a moderator chose, and the one its platform last said it
/// prefers (Discord's preferred locale), each if known.
///
/// # Errors
///
/// A database failure.
pub fn server_language(
    conn: &Tx<'_>,
    server: &ServerId,
) -> Result<(Option<Language>, Option<Language>), DbError> {
    let stored: Option<(Option<String>, Option<String>)> = conn.query_opt(
        "SELECT language, platform_language FROM server_settings WHERE server_id = ?1",
        params![&server.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let read = |code: Option<String>| code.and_then(|c| c.parse().ok());
    Ok(stored.map_or((None, None), |(chosen, platform)| {
        (read(chosen), read(platform))
    }))
}

/// A server's languages ([`server_language`]) and a user's language, time zone
/// ([`user_language`]) and board view ([`view_setting`]) in one statement: what every command
/// reads first, one round trip instead of three on PostgreSQL (issue 45). Without a server,
/// its half is `(None, None)`.
///
/// # Errors
///
/// A database failure.
pub fn server_and_user_language(
    conn: &Tx<'_>,
    server: Option<&ServerId>,
    user: &UserId,
) -> Result<ServerAndUserLanguage, DbError> {
    #[allow(clippy::type_complexity)]
    let stored: (
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    ) = conn.query_one(
        "SELECT s.language, s.platform_language, u.language, u.timezone, u.view \
             FROM (SELECT 1 AS one) AS one \
             LEFT JOIN server_settings AS s ON s.server_id = ?1 \
             LEFT JOIN user_settings AS u ON u.user_id = ?2",
        params![server.map(|s| s.0.as_str()), &user.0],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    )?;
    let read = |code: Option<String>| code.and_then(|c| c.parse().ok());
    let (chosen, platform, own, zone, view) = stored;
    Ok(ServerAndUserLanguage {
        server_chosen: read(chosen),
        server_platform: read(platform),
        user: read(own),
        zone,
        view: view.and_then(|name| name.parse().ok()),
    })
}

/// What [`server_and_user_language`] reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerAndUserLanguage {
    /// The language a moderator chose for the server.
    pub server_chosen: Option<Language>,
    /// The language the server's platform last said it prefers.
    pub server_platform: Option<Language>,
    /// The user's own language.
    pub user: Option<Language>,
    /// The user's time zone, an IANA name.
    pub zone: Option<String>,
    /// The board view the user chose, if any ([`view_setting`]).
    pub view: Option<View>,
}

/// Sets (or, with `None`, forgets) the language a moderator chose for a server.
///
/// # Errors
///
/// A database failure.
pub fn set_server_language(
    conn: &Tx<'_>,
    server: &ServerId,
    language: Option<Language>,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO server_settings (server_id, language) VALUES (?1, ?2) \
         ON CONFLICT (server_id) DO UPDATE SET language = excluded.language",
        params![server.0, language.map(Language::code)],
    )?;
    Ok(())
}

/// Records the language a server's platform says it prefers, for what the bot posts there
/// without a request to read it from (notices).
///
/// # Errors
///
/// A database failure.
pub fn set_server_platform_language(
    conn: &Tx<'_>,
    server: &ServerId,
    language: Language,
) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO server_settings (server_id, platform_language) VALUES (?1, ?2) \
         ON CONFLICT (server_id) DO UPDATE SET platform_language = excluded.platform_language",
        params![server.0, language.code()],
    )?;
    Ok(())
}

/// A user's own language and time zone (an IANA name), each if they chose one.
///
/// # Errors
///
/// A database failure.
pub fn user_language(
    conn: &Tx<'_>,
    user: &UserId,
) -> Result<(Option<Language>, Option<String>), DbError> {
    let stored: Option<(Option<String>, Option<String>)> = conn.query_opt(
        "SELECT language, timezone FROM user_settings WHERE user_id = ?1",
        params![&user.0],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(stored.map_or((None, None), |(language, zone)| {
        (language.and_then(|c| c.parse().ok()), zone)
    }))
}

/// Sets a user's own language.
///
/// # Errors
///
/// A database failure.
pub fn set_user_language(conn: &Tx<'_>, user: &UserId, language: Language) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO user_settings (user_id, language) VALUES (?1, ?2) \
         ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
        params![user.0, language.code()],
    )?;
    Ok(())
}

/// Sets a user's time zone (an IANA name the caller has checked).
///
/// # Errors
///
/// A database failure.
pub fn set_user_timezone(conn: &Tx<'_>, user: &UserId, zone: &str) -> Result<(), DbError> {
    conn.execute(
        "INSERT INTO user_settings (user_id, timezone) VALUES (?1, ?2) \
         ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone",
        params![user.0, zone],
    )?;
    Ok(())
}
