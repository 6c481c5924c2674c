-- The language an account's pages speak, or empty for what the browser asks for.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
