CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    username_key  TEXT NOT NULL UNIQUE,
    shelf         TEXT NOT NULL,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL,
    role          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created       INTEGER NOT NULL,
    bio           TEXT NOT NULL DEFAULT '',
    homepage      TEXT NOT NULL DEFAULT '',
    banned        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX users_directory ON users (shelf, username_key);
CREATE TABLE rate_events (
    key     TEXT NOT NULL,
    at      INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX rate_events_by_key ON rate_events (key, at);
CREATE TABLE site_admins (
    site    TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id)
);
CREATE TABLE sessions (
    key     BLOB PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    created INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX sessions_expiry ON sessions (expires);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE TABLE posts (
    site        TEXT NOT NULL,
    id          TEXT NOT NULL,
    slug        TEXT NOT NULL,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    body_html   TEXT NOT NULL,
    excerpt     TEXT NOT NULL,
    tags        TEXT NOT NULL,
    author_id   TEXT NOT NULL REFERENCES users(id),
    author_name TEXT NOT NULL,
    status      TEXT NOT NULL,
    created     INTEGER NOT NULL,
    published   INTEGER,
    revision    INTEGER NOT NULL,
    short_id    INTEGER NOT NULL,
    PRIMARY KEY (site, id),
    UNIQUE (site, slug),
    UNIQUE (site, short_id)
);
CREATE TABLE suggestions (
    site           TEXT NOT NULL,
    post_id        TEXT NOT NULL,
    id             TEXT NOT NULL,
    base           INTEGER NOT NULL,
    title          TEXT NOT NULL,
    body           TEXT NOT NULL,
    tags           TEXT NOT NULL,
    note           TEXT NOT NULL,
    suggester_id   TEXT NOT NULL,
    suggester_name TEXT NOT NULL,
    created        INTEGER NOT NULL,
    state          TEXT NOT NULL,
    PRIMARY KEY (site, post_id, id)
);
CREATE TABLE drafts (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    base    INTEGER NOT NULL,
    title   TEXT NOT NULL,
    body    TEXT NOT NULL,
    tags    TEXT NOT NULL,
    saved   INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, user_id)
);
CREATE TABLE post_tags (
    site      TEXT NOT NULL,
    tag       TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    published INTEGER NOT NULL,
    PRIMARY KEY (site, tag, post_id)
);
CREATE INDEX post_tags_newest ON post_tags (site, tag, published DESC, post_id DESC);
CREATE TABLE host_counters (
    host TEXT PRIMARY KEY,
    last INTEGER NOT NULL
);
CREATE TABLE id_pool (
    site TEXT NOT NULL,
    slot INTEGER NOT NULL,
    next INTEGER NOT NULL,
    PRIMARY KEY (site, slot)
);
CREATE INDEX posts_front_page ON posts (site, published DESC, id DESC) WHERE published IS NOT NULL;
CREATE INDEX posts_by_author ON posts (site, author_id, published DESC, id DESC) WHERE published IS NOT NULL;
CREATE TABLE revisions (
    site      TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    locale    TEXT NOT NULL,
    branch    INTEGER NOT NULL,
    revision  INTEGER NOT NULL,
    title     TEXT NOT NULL,
    body      TEXT NOT NULL,
    body_html TEXT NOT NULL,
    tags      TEXT NOT NULL,
    author_id TEXT NOT NULL REFERENCES users(id),
    author_name TEXT NOT NULL,
    created   INTEGER NOT NULL,
    message   TEXT NOT NULL,
    PRIMARY KEY (site, post_id, locale, branch, revision),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
