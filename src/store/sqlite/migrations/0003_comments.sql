ALTER TABLE posts ADD COLUMN comments_closed INTEGER NOT NULL DEFAULT 0;
CREATE TABLE comments (
    site         TEXT NOT NULL,
    post_id      TEXT NOT NULL,
    id           TEXT NOT NULL,
    created      INTEGER NOT NULL,
    thread       TEXT NOT NULL,
    parent       TEXT,
    sort_key     TEXT NOT NULL,
    author_id    TEXT,
    author_name  TEXT NOT NULL,
    author_email TEXT NOT NULL,
    body         TEXT NOT NULL,
    body_html    TEXT NOT NULL,
    state        TEXT NOT NULL,
    reason       TEXT NOT NULL,
    edited       INTEGER,
    post_slug    TEXT NOT NULL,
    post_title   TEXT NOT NULL,
    PRIMARY KEY (site, post_id, id),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
CREATE INDEX comments_thread ON comments (site, post_id, state, sort_key);
CREATE INDEX comments_by_author ON comments (site, post_id, author_id, state);
CREATE TABLE moderation_queue (
    site    TEXT NOT NULL,
    state   TEXT NOT NULL,
    id      TEXT NOT NULL,
    post_id TEXT NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (site, id),
    FOREIGN KEY (site, post_id, id) REFERENCES comments(site, post_id, id)
);
CREATE INDEX moderation_queue_newest ON moderation_queue (site, state, created DESC, id DESC);
CREATE INDEX moderation_queue_post ON moderation_queue (site, post_id, state, created DESC, id DESC);
CREATE TABLE moderation_log (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    site       TEXT NOT NULL,
    month      TEXT NOT NULL,
    at         INTEGER NOT NULL,
    comment_id TEXT NOT NULL,
    post_id    TEXT NOT NULL,
    post_slug  TEXT NOT NULL,
    post_title TEXT NOT NULL,
    by_name    TEXT NOT NULL,
    from_state TEXT NOT NULL,
    to_state   TEXT NOT NULL,
    reason     TEXT NOT NULL
);
CREATE INDEX moderation_log_month ON moderation_log (site, month, seq DESC);
CREATE TABLE commenters (
    site    TEXT NOT NULL,
    user_id TEXT NOT NULL,
    banned  INTEGER NOT NULL DEFAULT 0,
    trusted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (site, user_id)
);
CREATE TABLE comment_settings (
    site             TEXT PRIMARY KEY,
    guests           INTEGER NOT NULL,
    trust_approved   INTEGER NOT NULL,
    close_after_days INTEGER NOT NULL
);
