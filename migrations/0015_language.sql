-- The language each server and player reads the bot in, and each player's time zone
-- (issue 31). Plain ALTER TABLE ... ADD COLUMN, as portable to PostgreSQL as it is.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- The language a moderator chose for a server (`settings language:`): what everyone in its
-- channels reads. NULL: the platform's preference below, else English.
ALTER TABLE server_settings ADD COLUMN language TEXT CHECK (language IN ('en', 'es', 'de'));

-- The language the server's platform last said it prefers (Discord: the guild's preferred
-- locale), kept for what the bot posts there unasked (notices).
ALTER TABLE server_settings ADD COLUMN platform_language TEXT
    CHECK (platform_language IN ('en', 'es', 'de'));

-- A player's own language: their direct messages, and what only they see where the platform
-- does not say their client's language. NULL: the server's.
ALTER TABLE user_settings ADD COLUMN language TEXT CHECK (language IN ('en', 'es', 'de'));

-- A player's time zone, an IANA name (Europe/Madrid), for the times written in the Matrix and
-- console texts. NULL: UTC.
ALTER TABLE user_settings ADD COLUMN timezone TEXT;
