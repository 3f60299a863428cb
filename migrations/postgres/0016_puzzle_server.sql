-- PostgreSQL twin of ../0016_puzzle_server.sql: the server a puzzle belongs to, recorded when
-- it is posted, and the server of a channel that gets a puzzle a day. Landed migrations are
-- never edited.
ALTER TABLE puzzles ADD COLUMN server TEXT;

ALTER TABLE daily_puzzles ADD COLUMN server TEXT;
