-- Remote actors' pictures, as their comments show them: fetched from the actor's icon and
-- made a small square JPEG, by a key made of the actor's id.
CREATE TABLE ap_avatars (
    site    TEXT NOT NULL,
    key     TEXT NOT NULL,
    source  TEXT NOT NULL,
    jpeg    BLOB NOT NULL,
    fetched INTEGER NOT NULL,
    PRIMARY KEY (site, key)
);
