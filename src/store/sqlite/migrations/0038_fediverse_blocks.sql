-- The servers and accounts a site blocks on the fediverse.
CREATE TABLE ap_blocks (
    site   TEXT NOT NULL,
    target TEXT NOT NULL,
    at     INTEGER NOT NULL,
    blocked_by TEXT NOT NULL,
    PRIMARY KEY (site, target)
);

-- The comments from the fediverse, by their author's actor: a blocked server's are
-- found without reading the others.
CREATE INDEX comments_from_fediverse ON comments (site, author_actor, post_id, id)
    WHERE author_actor IS NOT NULL AND author_actor <> '';
