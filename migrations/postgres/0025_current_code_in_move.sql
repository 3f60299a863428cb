-- PostgreSQL twin of ../0025_current_code_in_move.sql. Landed migrations are never edited.
-- A move's own statement now sets games.current_code (issue 45): the trigger after a move's
-- insert updated the game's row a second time in every move, one more row version with an
-- entry in each of the games' indexes, the largest part of a move's work on the server. It
-- now changes the row only when the code is not already the one of the game's last move;
-- what it keeps is unchanged: current_code is the code after the game's highest ply.
CREATE OR REPLACE FUNCTION games_current_code_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET current_code = NEW.code
    WHERE id = NEW.game_id
      AND current_code IS DISTINCT FROM NEW.code
      AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = NEW.game_id AND ply > NEW.ply);
    RETURN NULL;
END;
$$;
