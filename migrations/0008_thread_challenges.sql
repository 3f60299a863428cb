-- A challenge made in a busy channel becomes a game for a thread of its own, so it may wait
-- beside the channel's game; only games that live in the channel itself are one per channel.
-- A game that moved into its thread lives there (wants_thread is cleared when it moves).
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
DROP INDEX games_one_per_channel;
CREATE UNIQUE INDEX games_one_per_channel ON games (channel)
    WHERE status IN ('open', 'active') AND wants_thread = 0;

-- Where the latest board of a game was posted, as the front end that posted it links to it
-- (Discord: a message link). Reminders point there.
ALTER TABLE games ADD COLUMN board_link TEXT;
