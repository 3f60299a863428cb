-- PostgreSQL twin of ../0008_thread_challenges.sql. Landed migrations are never edited.
DROP INDEX games_one_per_channel;
CREATE UNIQUE INDEX games_one_per_channel ON games (channel)
    WHERE status IN ('open', 'active') AND wants_thread = 0;

ALTER TABLE games ADD COLUMN board_link TEXT;
