-- Conditional moves and vacations for correspondence play, and each user's board view.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- A player's queued conditional moves in a game: "if the opponent plays X, answer Y", made
-- after the player's own move at ply `after_ply` - 1; used or dropped at the opponent's
-- next move. `pairs` is `X Y;X Y` in canonical notation.
CREATE TABLE premoves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    user_id   TEXT    NOT NULL,
    after_ply INTEGER NOT NULL,
    pairs     TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

-- Vacations: while `since` is set the user's correspondence clocks in casual games stand
-- still, up to 14 days a calendar year (`used` seconds in `year`).
CREATE TABLE vacations (
    user_id TEXT    PRIMARY KEY,
    year    INTEGER NOT NULL,
    used    INTEGER NOT NULL DEFAULT 0,
    since   INTEGER
) WITHOUT ROWID;

-- How a user's boards are drawn by default: 'perspective' (with per-level maps) or 'plan'.
ALTER TABLE user_settings ADD COLUMN view TEXT CHECK (view IN ('perspective', 'plan'));

-- Each player's last draw offer in a game, one line each: how many moves had been played, a
-- space, the user id. The same player may offer again only after the opponent moved twice.
ALTER TABLE games ADD COLUMN draw_offers TEXT;
