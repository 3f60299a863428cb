-- Learn from your mistakes (issue 44): a player's blunders in their finished, analysed games
-- become private puzzles for them (`puzzle mine`), and a tournament's games can be analysed
-- automatically. Landed migrations are never edited: add a new NNNN_name.sql instead.

-- One puzzle per blunder of a player: the position before it, that player to move. `kind`:
-- 'forced' where the solver proves a forced win in `moves` own moves (`first_moves` are every
-- winning first move), 'best' where it proves none ("find the best move": `first_moves` is the
-- analysis's better move, `best_chance` its winning chance in tenths of a percent).
CREATE TABLE mine_puzzles (
    id          INTEGER PRIMARY KEY,
    player_id   TEXT    NOT NULL,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    ply         INTEGER NOT NULL,
    code        TEXT    NOT NULL,
    win_rule    TEXT    NOT NULL CHECK (win_rule IN ('delayed', 'immediate')),
    kind        TEXT    NOT NULL CHECK (kind IN ('forced', 'best')),
    moves       INTEGER NOT NULL DEFAULT 0,
    first_moves TEXT    NOT NULL,
    played      TEXT    NOT NULL,
    best_chance INTEGER,
    created_at  INTEGER NOT NULL,
    solved_at   INTEGER,
    UNIQUE (player_id, game_id, ply)
);
CREATE INDEX mine_puzzles_by_player ON mine_puzzles (player_id, solved_at, id);

-- `tournament settings analysis:on`: each finished game of the tournament is analysed.
ALTER TABLE tournaments ADD COLUMN analysis INTEGER NOT NULL DEFAULT 0;

-- The analysis queue's lanes: 0 asked for by a player (bounded), 1 a tournament's automatic
-- analyses, claimed only when no player's request waits, never dropped.
ALTER TABLE analyses ADD COLUMN lane INTEGER NOT NULL DEFAULT 0;
DROP INDEX analyses_queue;
CREATE INDEX analyses_queue ON analyses (done_at, lane, requested_at, game_id);
