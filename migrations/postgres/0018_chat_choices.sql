-- PostgreSQL twin of ../0018_chat_choices.sql. Landed migrations are never edited.
ALTER TABLE matrix_reactions ADD COLUMN reaction_event TEXT;
ALTER TABLE matrix_reactions ADD COLUMN game BIGINT;
ALTER TABLE matrix_reactions ADD COLUMN board BIGINT NOT NULL DEFAULT 0;
CREATE INDEX matrix_reactions_by_game ON matrix_reactions (game);

CREATE TABLE platform_commands (
    platform   TEXT NOT NULL,
    name       TEXT NOT NULL,
    command_id TEXT NOT NULL,
    PRIMARY KEY (platform, name)
);
