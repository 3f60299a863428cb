-- Correspondence and live clocks, reminders, games in threads, and settings.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- 'none', 'move:SECONDS' (correspondence: that long for every move) or
-- 'fischer:BASE+INCREMENT' (live: seconds on the clock, seconds added per move).
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
-- Fischer clocks: seconds left for the player who moves at even plies (first) and at odd
-- plies (second), as of the last move (or the start).
ALTER TABLE games ADD COLUMN clock_first INTEGER;
ALTER TABLE games ADD COLUMN clock_second INTEGER;
-- Reminders sent for the current move (0, 1 at half time, 2 at about an hour left).
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
-- Whether the game asked to be played in a thread of its own.
ALTER TABLE games ADD COLUMN wants_thread INTEGER NOT NULL DEFAULT 0;
-- The server (Discord guild, Matrix space or room, 'console') the game belongs to.
ALTER TABLE games ADD COLUMN server TEXT;

-- Per-user settings. A missing row means the defaults.
CREATE TABLE user_settings (
    user_id   TEXT PRIMARY KEY,
    -- Where reminders go: a direct message (falling back to the game's channel), the game's
    -- channel, or nowhere.
    reminders TEXT NOT NULL DEFAULT 'dm' CHECK (reminders IN ('dm', 'channel', 'off'))
) WITHOUT ROWID;

-- Per-server settings. A missing row means the defaults.
CREATE TABLE server_settings (
    server_id    TEXT PRIMARY KEY,
    -- Whether accepted challenges open a thread of their own by default.
    thread_games INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
