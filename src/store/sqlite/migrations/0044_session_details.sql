-- What each session records of itself for its account's security page: how it began, the
-- browser and address it came from, a token's name, its site, and when it was last seen
-- (NULL: never since it began).
ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'browser';
ALTER TABLE sessions ADD COLUMN agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN label TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN site TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen INTEGER;
