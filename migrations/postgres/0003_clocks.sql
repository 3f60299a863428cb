-- PostgreSQL twin of ../0003_clocks.sql. Landed migrations are never edited.
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN clock_first BIGINT;
ALTER TABLE games ADD COLUMN clock_second BIGINT;
ALTER TABLE games ADD COLUMN reminders_sent BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN wants_thread BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN server TEXT;

CREATE TABLE user_settings (
    user_id   TEXT PRIMARY KEY,
    reminders TEXT NOT NULL DEFAULT 'dm' CHECK (reminders IN ('dm', 'channel', 'off'))
);

CREATE TABLE server_settings (
    server_id    TEXT PRIMARY KEY,
    thread_games BIGINT NOT NULL DEFAULT 0
);
