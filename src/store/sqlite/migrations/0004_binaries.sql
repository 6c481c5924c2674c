CREATE TABLE binary_originals (
    original_id   TEXT PRIMARY KEY,
    mime          TEXT NOT NULL,
    size          INTEGER NOT NULL,
    created       INTEGER NOT NULL,
    last_checked  INTEGER,
    checksum      TEXT NOT NULL,
    e_tag         TEXT,
    last_modified TEXT,
    status        TEXT NOT NULL,
    width         INTEGER,
    height        INTEGER,
    url           TEXT,
    error         TEXT,
    attempts      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE binary_lives (
    original_id TEXT PRIMARY KEY,
    life        TEXT NOT NULL
);
CREATE TABLE binary_checksums (
    checksum    TEXT PRIMARY KEY,
    original_id TEXT NOT NULL
);
CREATE TABLE binary_urls (
    url         TEXT PRIMARY KEY,
    original_id TEXT NOT NULL
);
CREATE TABLE binary_data (
    original_id TEXT NOT NULL,
    part        INTEGER NOT NULL,
    data        BLOB NOT NULL,
    PRIMARY KEY (original_id, part)
) WITHOUT ROWID;
CREATE TABLE binary_refs (
    reference_id TEXT PRIMARY KEY,
    original_id  TEXT NOT NULL,
    site         TEXT NOT NULL,
    context      TEXT NOT NULL,
    name         TEXT NOT NULL,
    owner        TEXT NOT NULL,
    created      INTEGER NOT NULL,
    size         INTEGER NOT NULL,
    url          TEXT
);
CREATE INDEX binary_refs_by_context ON binary_refs (site, context, reference_id);
CREATE INDEX binary_refs_by_original ON binary_refs (original_id, reference_id);
CREATE INDEX binary_refs_by_site ON binary_refs (site, reference_id);
CREATE TABLE binary_log (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    site         TEXT NOT NULL,
    context      TEXT NOT NULL,
    reference_id TEXT NOT NULL,
    at           TEXT NOT NULL,
    message      TEXT NOT NULL
);
CREATE INDEX binary_log_by_context ON binary_log (site, context, seq);
CREATE INDEX binary_log_by_reference ON binary_log (reference_id, seq);
CREATE TABLE binary_renditions (
    original_id TEXT NOT NULL,
    name        TEXT NOT NULL,
    mime        TEXT NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    data        BLOB NOT NULL,
    PRIMARY KEY (original_id, name)
);
CREATE TABLE binary_gc (
    original_id TEXT PRIMARY KEY,
    shard       INTEGER NOT NULL,
    since       INTEGER NOT NULL
);
CREATE INDEX binary_gc_by_shard ON binary_gc (shard);
CREATE TABLE binary_fetched (
    original_id TEXT PRIMARY KEY,
    shard       INTEGER NOT NULL,
    url         TEXT NOT NULL
);
CREATE INDEX binary_fetched_by_shard ON binary_fetched (shard);
CREATE TABLE binary_usage (
    owner TEXT PRIMARY KEY,
    bytes INTEGER NOT NULL
);
