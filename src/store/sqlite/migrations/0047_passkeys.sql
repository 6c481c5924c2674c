-- An account's passkeys (at most ten: the WebAuthn credential's id, the name its owner
-- gave it, the site it was made on, the passkey as the WebAuthn library serializes it, when it was added and last
-- used), and the ceremonies in flight: the state a registration or sign-in began with,
-- kept five minutes and taken once.
CREATE TABLE account_passkeys (
    user_id    TEXT NOT NULL REFERENCES users(id),
    credential BLOB NOT NULL,
    name       TEXT NOT NULL,
    site       TEXT NOT NULL,
    passkey    TEXT NOT NULL,
    added      INTEGER NOT NULL,
    used       INTEGER,
    PRIMARY KEY (user_id, credential)
);
CREATE TABLE webauthn_ceremonies (
    id      TEXT PRIMARY KEY,
    state   TEXT NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX webauthn_ceremonies_expiry ON webauthn_ceremonies (expires);
