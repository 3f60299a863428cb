-- PostgreSQL twin of ../0014_web.sql: who may see a server's pages on the web companion, and
-- the secret its page links are signed with. Landed migrations are never edited.

-- 'off' (no page of the server is served), 'link' (only through the unguessable links the
-- bot posts) or 'public' (the server's page lists its tournaments and leaderboard too).
ALTER TABLE server_settings ADD COLUMN web TEXT NOT NULL DEFAULT 'off'
    CHECK (web IN ('off', 'link', 'public'));
-- The key of the HMAC that makes the links' tokens (hex); made the first time the pages are
-- switched on, kept when they are switched off so that old links work again when back on.
ALTER TABLE server_settings ADD COLUMN web_secret TEXT;

-- A server's page lists its latest games and tournaments.
CREATE INDEX games_by_server ON games (server, id);
CREATE INDEX tournaments_by_server ON tournaments (server, id);
