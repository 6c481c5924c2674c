-- The remote actors following the site's actors (`actor`: 'site' or an author's id), in
-- the shards of the Cassandra adapter (by a hash of the follower), read a shard at a time.
CREATE TABLE ap_followers (
    site     TEXT NOT NULL,
    actor    TEXT NOT NULL,
    shard    INTEGER NOT NULL,
    follower TEXT NOT NULL,
    inbox    TEXT NOT NULL,
    follow   TEXT NOT NULL,
    since    INTEGER NOT NULL,
    PRIMARY KEY (site, actor, follower)
);
CREATE INDEX ap_followers_shard ON ap_followers (site, actor, shard, follower);

-- The activities the site sends, until every delivery has ended (`open`) and then
-- until they expire.
CREATE TABLE ap_outbox (
    site         TEXT NOT NULL,
    id           TEXT NOT NULL,
    actor        TEXT NOT NULL,
    body         TEXT NOT NULL,
    -- the actors whose followers it goes to, by name, separated by commas
    followers_of TEXT NOT NULL,
    fanned_out   INTEGER NOT NULL DEFAULT 0,
    open         INTEGER NOT NULL DEFAULT 1,
    made         INTEGER NOT NULL,
    PRIMARY KEY (site, id)
);
CREATE INDEX ap_outbox_open ON ap_outbox (site, open, id);

-- Each activity's delivery to each inbox: the attempts claimed, when the next is due,
-- and whether it has ended (arrived or given up).
CREATE TABLE ap_deliveries (
    site     TEXT NOT NULL,
    activity TEXT NOT NULL,
    inbox    TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    due      INTEGER NOT NULL,
    ended    INTEGER NOT NULL DEFAULT 0,
    failure  TEXT,
    PRIMARY KEY (site, activity, inbox)
);

-- The ids of activities received lately (by their SHA-256), until `until`.
CREATE TABLE ap_received (
    site  TEXT NOT NULL,
    key   BLOB NOT NULL,
    until INTEGER NOT NULL,
    PRIMARY KEY (site, key)
);
CREATE INDEX ap_received_until ON ap_received (until);

-- Posts noted as changed (before the change is written), until the fediverse job has
-- told the followers what changed.
CREATE TABLE ap_post_changes (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, at)
);

-- What the fediverse was last told of each post: its `updated` as sent, and whether a
-- Delete followed.
CREATE TABLE ap_posts (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    sent    INTEGER NOT NULL,
    author  TEXT NOT NULL,
    round   INTEGER NOT NULL,
    deleted INTEGER NOT NULL,
    PRIMARY KEY (site, post_id)
);

-- The servers every delivery to which has failed since `since` (a server answering is
-- removed; one noted last 30 days ago, `until`, is tried again).
CREATE TABLE ap_failing (
    site   TEXT NOT NULL,
    server TEXT NOT NULL,
    since  INTEGER NOT NULL,
    last   TEXT NOT NULL,
    until  INTEGER NOT NULL,
    PRIMARY KEY (site, server)
);
