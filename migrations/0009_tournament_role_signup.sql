-- A role a server names whose members may create and run tournaments besides its
-- moderators (Discord: the role's id, and its name as it was when set, for display).
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
ALTER TABLE server_settings ADD COLUMN tournament_role TEXT;
ALTER TABLE server_settings ADD COLUMN tournament_role_name TEXT;

-- Where a tournament's sign-up message was posted, as the front end that posted it refers to
-- it (Discord: `CHANNEL/MESSAGE`), so that `tournament join` typed as a command edits its
-- list of entrants as the Join button does.
ALTER TABLE tournaments ADD COLUMN signup_message TEXT;
