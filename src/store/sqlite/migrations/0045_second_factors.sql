-- An account's second factors: its authenticator (the TOTP secret sealed under the
-- secret of the site where it was added), the recovery codes of its current generation
-- (digests; a regeneration replaces them all), and the authenticator steps already used,
-- each remembered a few minutes so that a code counts once.
CREATE TABLE account_authenticators (
    user_id   TEXT PRIMARY KEY REFERENCES users(id),
    sealed    BLOB NOT NULL,
    sealed_by TEXT NOT NULL,
    added     INTEGER NOT NULL
);
CREATE TABLE recovery_codes (
    user_id    TEXT NOT NULL REFERENCES users(id),
    digest     TEXT NOT NULL,
    generation TEXT NOT NULL,
    made       INTEGER NOT NULL,
    used       INTEGER,
    PRIMARY KEY (user_id, digest)
);
CREATE TABLE authenticator_steps (
    user_id TEXT NOT NULL,
    step    INTEGER NOT NULL,
    expires INTEGER NOT NULL,
    PRIMARY KEY (user_id, step)
);
CREATE INDEX authenticator_steps_expiry ON authenticator_steps (expires);
