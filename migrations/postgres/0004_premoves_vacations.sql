-- PostgreSQL twin of ../0004_premoves_vacations.sql. Landed migrations are never edited.
CREATE TABLE premoves (
    game_id   BIGINT  NOT NULL REFERENCES games (id),
    user_id   TEXT    NOT NULL,
    after_ply BIGINT  NOT NULL,
    pairs     TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE vacations (
    user_id TEXT    PRIMARY KEY,
    year    BIGINT  NOT NULL,
    used    BIGINT  NOT NULL DEFAULT 0,
    since   BIGINT
);

ALTER TABLE user_settings ADD COLUMN view TEXT CHECK (view IN ('perspective', 'plan'));

ALTER TABLE games ADD COLUMN draw_offers TEXT;
