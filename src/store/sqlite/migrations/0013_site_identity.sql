-- What a site calls itself: one row per site, written whole by its administrator.
CREATE TABLE site_identity (
    site        TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    tagline     TEXT NOT NULL,
    description TEXT NOT NULL,
    language    TEXT NOT NULL,
    footer      TEXT NOT NULL
) WITHOUT ROWID;
