-- The trigger after a move's insert leaves the game's row alone when its current_code is
-- already the move's code (issue 45: on PostgreSQL a move's own statement sets it, and the
-- second update of the row was the largest part of a move's work there; this is its SQLite
-- twin, where the move's update does not set it and the trigger still does).
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
DROP TRIGGER games_current_code_after_move;

CREATE TRIGGER games_current_code_after_move AFTER INSERT ON moves
WHEN NEW.code IS NOT (SELECT current_code FROM games WHERE id = NEW.game_id)
BEGIN
    UPDATE games SET current_code = (
        SELECT code FROM moves WHERE game_id = NEW.game_id ORDER BY ply DESC LIMIT 1)
    WHERE id = NEW.game_id;
END;
