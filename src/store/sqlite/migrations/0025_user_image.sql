-- The address of a picture of an account's person, or empty.
ALTER TABLE users ADD COLUMN image TEXT NOT NULL DEFAULT '';
