-- Subscribers by e-mail (to the site, scope '', or to one author, scope = the author's
-- id), each in one of SHARDS shards by address; pending until confirmed, removed when
-- unsubscribed. Their links by the SHA-256 of the token; the mailings of new posts and
-- the deliveries that make each reach an address once.
CREATE TABLE subscribers (
    site        TEXT NOT NULL,
    email_key   TEXT NOT NULL,
    scope       TEXT NOT NULL,
    shard       INTEGER NOT NULL,
    email       TEXT NOT NULL,
    unsubscribe TEXT NOT NULL,
    created     INTEGER NOT NULL,
    confirm_by  INTEGER NOT NULL,
    confirmed   INTEGER,
    PRIMARY KEY (site, email_key, scope)
);
CREATE INDEX subscribers_by_shard ON subscribers (site, shard, email_key, scope) WHERE confirmed IS NOT NULL;
CREATE TABLE subscription_links (
    key       BLOB PRIMARY KEY,
    purpose   TEXT NOT NULL,
    site      TEXT NOT NULL,
    email_key TEXT NOT NULL,
    scope     TEXT NOT NULL
);
CREATE TABLE mailings (
    site        TEXT NOT NULL,
    post_id     TEXT NOT NULL,
    slug        TEXT NOT NULL,
    title       TEXT NOT NULL,
    excerpt     TEXT NOT NULL,
    author_id   TEXT,
    author_name TEXT NOT NULL,
    published   INTEGER NOT NULL,
    done        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (site, post_id)
);
CREATE INDEX mailings_open ON mailings (site, published) WHERE done = 0;
CREATE TABLE deliveries (
    site      TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    email_key TEXT NOT NULL,
    at        INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, email_key)
);
