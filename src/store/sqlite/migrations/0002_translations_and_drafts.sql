ALTER TABLE posts ADD COLUMN locale TEXT NOT NULL DEFAULT '';
CREATE TABLE translations (
    site      TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    locale    TEXT NOT NULL,
    title     TEXT NOT NULL,
    body      TEXT NOT NULL,
    body_html TEXT NOT NULL,
    excerpt   TEXT NOT NULL,
    status    TEXT NOT NULL,
    published INTEGER,
    revision  INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, locale),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
CREATE TABLE user_drafts (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    locale  TEXT NOT NULL,
    base    INTEGER NOT NULL,
    title   TEXT NOT NULL,
    body    TEXT NOT NULL,
    tags    TEXT NOT NULL,
    saved   INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, user_id, locale)
);
INSERT INTO user_drafts (site, post_id, user_id, locale, base, title, body, tags, saved)
    SELECT site, post_id, user_id, '', base, title, body, tags, saved FROM drafts;
DROP TABLE drafts;
