-- PostgreSQL twin of ../0012_versions.sql. Landed migrations are never edited.
ALTER TABLE tournaments ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
