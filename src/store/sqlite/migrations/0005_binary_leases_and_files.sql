CREATE TABLE binary_refreshing (
    original_id TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,
    until       INTEGER NOT NULL
);
DROP INDEX binary_refs_by_site;
CREATE INDEX binary_files_by_site ON binary_refs (site, created DESC, reference_id DESC);
