-- PostgreSQL twin of ../0005_matrix.sql. Landed migrations are never edited.
CREATE TABLE matrix_reactions (
    event_id  TEXT NOT NULL,
    key       TEXT NOT NULL,
    button_id TEXT NOT NULL,
    channel   TEXT NOT NULL,
    PRIMARY KEY (event_id, key)
);

CREATE TABLE matrix_dm_rooms (
    user_id TEXT PRIMARY KEY,
    room_id TEXT NOT NULL
);

CREATE TABLE matrix_handled (
    event_id   TEXT PRIMARY KEY,
    handled_at BIGINT NOT NULL
);
