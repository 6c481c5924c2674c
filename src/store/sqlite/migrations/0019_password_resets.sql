-- Password resets by e-mail: the SHA-256 of each link's token (never the token), the
-- account it is for and its stamp (a digest of its password hash and address then),
-- until when it works, and whether it was used (once only).
CREATE TABLE password_resets (
    key     BLOB PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    stamp   TEXT NOT NULL,
    expires INTEGER NOT NULL,
    used    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX password_resets_expiry ON password_resets (expires);
