-- A site's secrets, by name; "api" signs the JSON API's tokens. The first one made is
-- kept for good.
CREATE TABLE site_secrets (
    site   TEXT NOT NULL,
    name   TEXT NOT NULL,
    secret BLOB NOT NULL,
    PRIMARY KEY (site, name)
);
