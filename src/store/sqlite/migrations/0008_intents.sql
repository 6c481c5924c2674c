-- Writes that span several calls to the store (accepting a suggestion), from their
-- first step until they are done; a row is deleted when its write ends.
CREATE TABLE intents (
    id    TEXT PRIMARY KEY,
    begun INTEGER NOT NULL,
    body  TEXT NOT NULL
);
CREATE INDEX intents_by_begun ON intents (begun);
