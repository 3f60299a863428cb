-- What a chat front end needs to take back what it offered, and the platform's own ids of
-- the bot's commands. Landed migrations are never edited.

-- The bot's own reaction event for each choice it offered (to redact it once the choice is
-- gone), the game the choice is about, and whether the message is a board of that game.
ALTER TABLE matrix_reactions ADD COLUMN reaction_event TEXT;
ALTER TABLE matrix_reactions ADD COLUMN game INTEGER;
ALTER TABLE matrix_reactions ADD COLUMN board INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matrix_reactions_by_game ON matrix_reactions (game);

-- The id each platform gave each of the bot's commands at registration (Discord's
-- application command ids, for command mentions `</akron draw:ID>`), so every process of
-- the bot writes mentions without asking the platform again.
CREATE TABLE platform_commands (
    platform   TEXT NOT NULL,
    name       TEXT NOT NULL,
    command_id TEXT NOT NULL,
    PRIMARY KEY (platform, name)
);
