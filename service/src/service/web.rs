//! Who may see what on the web companion, and the links to its pages.
//!
//! A server's pages are off until a moderator says `settings web:link` or `settings
//! web:public`. Its pages are then reachable only at paths carrying a token: the first 128
//! bits of an HMAC-SHA256, keyed with a random secret kept with the server's settings, of
//! what the page shows (`game:42`). Nobody can guess one, the web process (which only reads)
//! checks one without storing anything per game, and the bot and the web agree on them
//! because both call this module. The paths are made here too, so that the links the bot
//! posts and the routes the web serves cannot drift apart.

use super::types::{Reply, WebLink};
use super::{Service, ServiceError};
use crate::catalogue::Language;
use crate::db::{self, GLOBAL_SCOPE};
use crate::model::{
    ChannelId, GameId, PuzzleId, ServerId, TournamentFormat, TournamentId, TournamentStatus,
    UserId, WebAccess,
};
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use std::collections::HashSet;

/// What a link to a game's page says (a message id).
const GAME_LINK: &str = "web-link-game";
/// What a link to a tournament's page says (a message id).
const TOURNAMENT_LINK: &str = "web-link-tournament";
/// What a link to a puzzle's page says (a message id).
const PUZZLE_LINK: &str = "web-link-puzzle";

/// How many hex digits of the HMAC a token keeps (128 bits).
const TOKEN_DIGITS: usize = 32;

/// A page of the web companion, as what its token signs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebPage<'a> {
    /// A game's page.
    Game(GameId),
    /// A tournament's page.
    Tournament(TournamentId),
    /// A puzzle's page.
    Puzzle(PuzzleId),
    /// The server's own page (public servers only).
    Server,
    /// A player's page on the server (public servers only).
    Player(&'a UserId),
}

/// A server whose pages are on: who may see them and the key of its links.
#[derive(Clone, PartialEq, Eq)]
pub struct WebSite {
    /// The server.
    pub server: ServerId,
    /// `Link` or `Public` (never `Off`: an off server has no site).
    pub access: WebAccess,
    secret: String,
}

impl std::fmt::Debug for WebSite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret is never printed.
        f.debug_struct("WebSite")
            .field("server", &self.server)
            .field("access", &self.access)
            .finish_non_exhaustive()
    }
}

impl WebSite {
    /// The token of `page` on this server: 32 lowercase hex digits.
    #[must_use]
    pub fn token(&self, page: WebPage<'_>) -> String {
        self.keyed()
            .map_or_else(String::new, |mac| signed(mac, page))
    }

    /// The HMAC keyed with the site's secret, before any message: cloned for each token
    /// when many are made at once (the key's two hashed blocks are then done once).
    fn keyed(&self) -> Option<Hmac<Sha256>> {
        // HMAC takes keys of any length: this is never `None`.
        Hmac::<Sha256>::new_from_slice(self.secret.as_bytes()).ok()
    }

    /// Whether `token` is the token of `page`, compared in constant time.
    #[must_use]
    pub fn checks(&self, page: WebPage<'_>, token: &str) -> bool {
        constant_time_eq(&self.token(page), token)
    }

    /// The path of `page` on this server, from the site's root (`/game/42/TOKEN`).
    #[must_use]
    pub fn path(&self, page: WebPage<'_>) -> String {
        let token = self.token(page);
        match page {
            WebPage::Game(id) => format!("/game/{}/{token}", id.0),
            WebPage::Tournament(id) => format!("/tournament/{}/{token}", id.0),
            WebPage::Puzzle(id) => format!("/puzzle/{}/{token}", id.0),
            WebPage::Server => format!("/server/{token}"),
            WebPage::Player(_) => format!("{}/player/{token}", self.path(WebPage::Server)),
        }
    }
}

/// The token of `page` under `mac`, a keyed HMAC ([`WebSite::keyed`]).
fn signed(mut mac: Hmac<Sha256>, page: WebPage<'_>) -> String {
    let message = match page {
        WebPage::Game(id) => format!("game:{}", id.0),
        WebPage::Tournament(id) => format!("tournament:{}", id.0),
        WebPage::Puzzle(id) => format!("puzzle:{}", id.0),
        WebPage::Server => "server".to_string(),
        WebPage::Player(user) => format!("player:{}", user.0),
    };
    mac.update(message.as_bytes());
    let digest = mac.finalize().into_bytes();
    let mut hex = String::with_capacity(TOKEN_DIGITS);
    for byte in digest.iter().take(TOKEN_DIGITS / 2) {
        hex.push(char::from(HEX[usize::from(byte >> 4)]));
        hex.push(char::from(HEX[usize::from(byte & 15)]));
    }
    hex
}

/// Whether `token` is `expected` (not empty), compared in constant time.
fn constant_time_eq(expected: &str, token: &str) -> bool {
    expected.len() == token.len()
        && !expected.is_empty()
        && expected
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// A tournament as a server's page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSummary {
    /// Its number.
    pub id: TournamentId,
    /// Its name, as the organiser wrote it.
    pub name: String,
    /// Swiss or round robin.
    pub format: TournamentFormat,
    /// Signing up, running, paused, finished, cancelled.
    pub status: TournamentStatus,
    /// The round being played (0 before the start).
    pub current_round: u32,
    /// When it was made, Unix seconds.
    pub created_at: i64,
}

impl Service {
    /// The web site of `server`, or `None` while its pages are off.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn web_site(&self, server: &ServerId) -> Result<Option<WebSite>, ServiceError> {
        let (access, secret) = self.db.read(|c| db::web_setting(c, server))?;
        Ok(match (access, secret) {
            (WebAccess::Off, _) | (_, None) => None,
            (access, Some(secret)) => Some(WebSite {
                server: server.clone(),
                access,
                secret,
            }),
        })
    }

    /// The language everyone on `server` reads: a moderator's `settings language:`, else
    /// the one its platform says it prefers, else English. The web pages use it for a
    /// visitor whose browser asks for none the bot speaks.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn server_language(&self, server: &ServerId) -> Result<Language, ServiceError> {
        let (chosen, platform) = self.db.read(|c| db::server_language(c, server))?;
        Ok(chosen.or(platform).unwrap_or_default())
    }

    /// Who may see `server`'s pages.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn web_access(&self, server: &ServerId) -> Result<WebAccess, ServiceError> {
        Ok(self
            .web_site(server)?
            .map_or(WebAccess::Off, |site| site.access))
    }

    /// Every public server's site.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn public_web_sites(&self) -> Result<Vec<WebSite>, ServiceError> {
        Ok(self
            .db
            .read(db::public_web_servers)?
            .into_iter()
            .map(|(server, secret)| WebSite {
                server,
                access: WebAccess::Public,
                secret,
            })
            .collect())
    }

    /// The public site whose server page has this token.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn public_web_site(&self, token: &str) -> Result<Option<WebSite>, ServiceError> {
        Ok(self
            .public_web_sites()?
            .into_iter()
            .find(|site| site.checks(WebPage::Server, token)))
    }

    /// Switches a server's pages off, to links only or to public, making its link key the
    /// first time.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub(super) fn set_web_access(
        &self,
        server: &ServerId,
        access: WebAccess,
    ) -> Result<(), ServiceError> {
        let bytes: [u8; 32] = rand::rng().random();
        let secret: String = bytes
            .iter()
            .flat_map(|b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
            .map(char::from)
            .collect();
        self.db
            .write(|c| db::set_web_setting(c, server, access, &secret))?;
        Ok(())
    }

    /// The site path of a game's page (`/game/42/TOKEN`), or `None` when its server's pages
    /// are off (or it has no server).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn game_web_path(&self, game: GameId) -> Result<Option<String>, ServiceError> {
        let Some(server) = self.db.read(|c| db::game(c, game))?.and_then(|g| g.server) else {
            return Ok(None);
        };
        Ok(self
            .web_site(&server)?
            .map(|site| site.path(WebPage::Game(game))))
    }

    /// The site path of a tournament's page, or `None` when its server's pages are off.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn tournament_web_path(&self, id: TournamentId) -> Result<Option<String>, ServiceError> {
        let Some(server) = self
            .db
            .read(|c| db::tournament(c, id))?
            .and_then(|t| t.server)
        else {
            return Ok(None);
        };
        Ok(self
            .web_site(&server)?
            .map(|site| site.path(WebPage::Tournament(id))))
    }

    /// The site path of a puzzle's page, or `None` when its server's pages are off (or it
    /// has no server).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn puzzle_web_path(&self, id: PuzzleId) -> Result<Option<String>, ServiceError> {
        let Some(server) = self.puzzle_detail(id)?.and_then(|p| p.server) else {
            return Ok(None);
        };
        Ok(self
            .web_site(&server)?
            .map(|site| site.path(WebPage::Puzzle(id))))
    }

    /// The server of a channel, as its games say; `None` when no game there knows one (a
    /// puzzle posted there then has no page).
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn channel_server(&self, channel: &ChannelId) -> Result<Option<ServerId>, ServiceError> {
        Ok(self.db.read(|c| db::channel_server(c, channel))?)
    }

    /// Adds to a public reply showing a game's board, or a tournament's sign-up, standings or
    /// pairings, the link to
    /// its page, when [`Config::web_url`](super::Config::web_url) is set and the server's
    /// pages are on.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub(super) fn add_web_link(&self, reply: &mut Reply) -> Result<(), ServiceError> {
        let Some(base) = self.config.web_url.as_deref() else {
            return Ok(());
        };
        if reply.ephemeral || reply.web_link.is_some() {
            return Ok(());
        }
        let link = if let Some(game) = reply.board_of {
            self.game_web_path(game)?.map(|path| (GAME_LINK, path))
        } else if let Some(tournament) = reply.signup_of.or(reply.tournament_of) {
            self.tournament_web_path(tournament)?
                .map(|path| (TOURNAMENT_LINK, path))
        } else if let Some(puzzle) = reply.puzzle_of {
            self.puzzle_web_path(puzzle)?
                .map(|path| (PUZZLE_LINK, path))
        } else {
            None
        };
        let language = reply.reader.language;
        reply.web_link = link.map(|(label, path)| WebLink {
            label: crate::catalogue::say(language, label, &[]),
            url: format!("{base}{path}"),
        });
        Ok(())
    }

    /// A game's version, which every change bumps; `None` when there is no such game. One
    /// indexed read of one column: what a live page's watcher polls.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn game_version(&self, id: GameId) -> Result<Option<i64>, ServiceError> {
        Ok(self.db.read(|c| db::game_version(c, id))?)
    }

    /// A tournament's version, which every result and round bumps; `None` when there is no
    /// such tournament.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn tournament_version(&self, id: TournamentId) -> Result<Option<i64>, ServiceError> {
        Ok(self.db.read(|c| db::tournament_version(c, id))?)
    }

    /// The latest games started on a server, newest first.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn server_games(
        &self,
        server: &ServerId,
        limit: usize,
    ) -> Result<Vec<GameId>, ServiceError> {
        Ok(self.db.read(|c| db::server_games(c, server, limit))?)
    }

    /// The latest tournaments of a server, newest first.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn server_tournaments(
        &self,
        server: &ServerId,
        limit: usize,
    ) -> Result<Vec<TournamentSummary>, ServiceError> {
        Ok(self
            .db
            .read(|c| db::server_tournaments(c, server, limit))?
            .into_iter()
            .map(|t| TournamentSummary {
                id: t.id,
                name: t.name,
                format: t.format,
                status: t.status,
                current_round: t.current_round,
                created_at: t.created_at,
            })
            .collect())
    }

    /// Which of `users` have a page on `site`: those rated on its server, when its pages are
    /// public (a player's page exists only then). A page links their names to it.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn with_pages<'u>(
        &self,
        site: &WebSite,
        users: impl IntoIterator<Item = &'u UserId>,
    ) -> Result<HashSet<UserId>, ServiceError> {
        if site.access != WebAccess::Public {
            return Ok(HashSet::new());
        }
        let users: Vec<&UserId> = users.into_iter().collect();
        let scope = site.server.0.as_str();
        self.db.read(|c| {
            let mut rated = HashSet::new();
            for user in &users {
                if db::rating(c, user, scope)?.is_some() {
                    rated.insert((*user).clone());
                }
            }
            Ok::<_, ServiceError>(rated)
        })
    }

    /// The rated player of `site`'s server whose player page has this token.
    ///
    /// # Errors
    ///
    /// Storage failures.
    pub fn web_player(&self, site: &WebSite, token: &str) -> Result<Option<UserId>, ServiceError> {
        let scope = site.server.0.as_str();
        debug_assert_ne!(scope, GLOBAL_SCOPE);
        // A token cannot be turned back into its player: each rated player's is made until
        // one matches. Every rated player is looked at (a page linked from a game must not
        // be missing because the player is not among the best rated), with the key hashed
        // once: about a microsecond a player.
        let Some(keyed) = site.keyed() else {
            return Ok(None);
        };
        let players = self.db.read(|c| db::scope_rated_users(c, scope))?;
        Ok(players.into_iter().find(|user| {
            let expected = signed(keyed.clone(), WebPage::Player(user));
            constant_time_eq(&expected, token)
        }))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn site(secret: &str) -> WebSite {
        WebSite {
            server: ServerId("discord:1".to_string()),
            access: WebAccess::Link,
            secret: secret.to_string(),
        }
    }

    #[test]
    fn a_token_is_the_pages_own_and_the_secrets_own() {
        let one = site("a");
        let token = one.token(WebPage::Game(GameId(7)));
        assert_eq!(token.len(), TOKEN_DIGITS);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(one.checks(WebPage::Game(GameId(7)), &token));
        assert!(!one.checks(WebPage::Game(GameId(8)), &token));
        assert!(!one.checks(WebPage::Tournament(TournamentId(7)), &token));
        assert!(!site("b").checks(WebPage::Game(GameId(7)), &token));
        assert!(!one.checks(WebPage::Game(GameId(7)), &token[1..]));
        assert!(!one.checks(WebPage::Game(GameId(7)), ""));
        assert_eq!(
            one.path(WebPage::Game(GameId(7))),
            format!("/game/7/{token}")
        );
        assert!(!format!("{one:?}").contains("secret"));
    }
}
