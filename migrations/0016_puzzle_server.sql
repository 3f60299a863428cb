-- The server a puzzle belongs to, recorded when it is posted (issue 30): its page on the web
-- companion follows that server's `settings web:`. NULL for puzzles posted before this
-- migration (their server is still inferred from the games of their channel) and for
-- puzzles posted outside any server.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
ALTER TABLE puzzles ADD COLUMN server TEXT;

-- The server of a channel that gets a puzzle a day, recorded when `puzzle daily on` is given,
-- so that each daily puzzle records it too.
ALTER TABLE daily_puzzles ADD COLUMN server TEXT;
