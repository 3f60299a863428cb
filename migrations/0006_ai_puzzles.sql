-- Games against the engine, analysis fairness, and puzzles.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- A game against the AI: its level, and since when the AI is to move (NULL while it is the
-- person's turn or the game is over). The AI worker takes the oldest waiting first; the row
-- survives restarts, so a pending move is made after one.
CREATE TABLE ai_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    level         INTEGER NOT NULL CHECK (level BETWEEN 1 AND 8),
    waiting_since INTEGER
);
CREATE INDEX ai_games_waiting ON ai_games (waiting_since, game_id)
    WHERE waiting_since IS NOT NULL;

-- Analysis is refused for the current position of a running game: found by its code.
CREATE INDEX moves_by_code ON moves (code);
CREATE INDEX games_active_by_start ON games (start_code) WHERE status = 'active';

-- Puzzles: a position where the side to move wins by force in at most three own moves,
-- proven by the solver when it was posted.
CREATE TABLE puzzles (
    id          INTEGER PRIMARY KEY,
    channel     TEXT    NOT NULL,
    -- Who posted it; NULL for the daily puzzle from the bank.
    poster_id   TEXT,
    poster_name TEXT,
    code        TEXT    NOT NULL,
    win_rule    TEXT    NOT NULL CHECK (win_rule IN ('delayed', 'immediate')),
    title       TEXT    NOT NULL DEFAULT '',
    -- Own moves the win takes, and whether only one first move wins.
    moves       INTEGER NOT NULL CHECK (moves BETWEEN 1 AND 3),
    is_unique   INTEGER NOT NULL,
    -- One winning line (canonical notation, spaces between), the solver's.
    solution    TEXT    NOT NULL,
    -- Every winning first move, spaces between.
    first_moves TEXT    NOT NULL,
    -- The line of the shipped bank it came from (daily puzzles).
    bank_line   INTEGER,
    created_at  INTEGER NOT NULL,
    -- When the answer may be shown to anyone: a day after posting, or earlier if the
    -- poster allows it.
    reveal_at   INTEGER NOT NULL
);
CREATE INDEX puzzles_by_channel_bank ON puzzles (channel, bank_line);

-- Who solved which puzzle, and when.
CREATE TABLE puzzle_solvers (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    user_id   TEXT    NOT NULL,
    user_name TEXT    NOT NULL,
    solved_at INTEGER NOT NULL,
    PRIMARY KEY (puzzle_id, user_id)
) WITHOUT ROWID;

-- Channels that get a puzzle a day, and when the next one is due.
CREATE TABLE daily_puzzles (
    channel    TEXT PRIMARY KEY,
    started_by TEXT    NOT NULL,
    next_at    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX daily_puzzles_due ON daily_puzzles (next_at);
