-- The web companion: who may see a server's pages, and the secret its page links are signed
-- with. Plain portable SQL (a PostgreSQL port runs it as is).
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

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
