-- PostgreSQL twin of ../0009_tournament_role_signup.sql. Landed migrations are never edited.
ALTER TABLE server_settings ADD COLUMN tournament_role TEXT;
ALTER TABLE server_settings ADD COLUMN tournament_role_name TEXT;

ALTER TABLE tournaments ADD COLUMN signup_message TEXT;
