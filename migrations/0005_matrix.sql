-- The Matrix front end's own memory. Landed migrations are never edited.

-- Which choices a message the bot posted offers as reactions: the reaction's key (an emoji)
-- stands for the service button id (`akron:accept:12`). `channel` is the channel the
-- message answers for, where a public answer to the reaction goes.
CREATE TABLE matrix_reactions (
    event_id  TEXT NOT NULL,
    key       TEXT NOT NULL,
    button_id TEXT NOT NULL,
    channel   TEXT NOT NULL,
    PRIMARY KEY (event_id, key)
);

-- The direct message room the bot made with each Matrix user, made once and reused.
CREATE TABLE matrix_dm_rooms (
    user_id TEXT PRIMARY KEY,
    room_id TEXT NOT NULL
);

-- Events the bot has acted on, so that nothing is handled twice after a restart.
CREATE TABLE matrix_handled (
    event_id   TEXT PRIMARY KEY,
    handled_at INTEGER NOT NULL
);
