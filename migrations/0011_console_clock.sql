-- The console's clock: how far `wait` has moved it past the system clock, in seconds, so
-- that a restarted console keeps the time its games, puzzles and notices were settled at.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
CREATE TABLE console_clock (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    seconds_ahead INTEGER NOT NULL
);
