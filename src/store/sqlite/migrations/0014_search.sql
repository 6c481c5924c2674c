-- Full-text search over published texts: a row per post's own text and per published
-- translation, holding the words of domain::search (accents and case folded by Sibyl,
-- so that both stores match the same words), indexed by FTS5 as an external-content
-- table kept in step by triggers.
CREATE TABLE search_docs (
    id             INTEGER PRIMARY KEY,
    site           TEXT NOT NULL,
    post_id        TEXT NOT NULL,
    locale         TEXT NOT NULL,
    slug           TEXT NOT NULL,
    title          TEXT NOT NULL,
    published      INTEGER NOT NULL,
    passage_source TEXT NOT NULL,
    title_words    TEXT NOT NULL,
    body_words     TEXT NOT NULL,
    UNIQUE (site, post_id, locale)
);
CREATE VIRTUAL TABLE search_index USING fts5(
    title_words, body_words,
    content = 'search_docs', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);
CREATE TRIGGER search_docs_insert AFTER INSERT ON search_docs BEGIN
    INSERT INTO search_index (rowid, title_words, body_words)
        VALUES (new.id, new.title_words, new.body_words);
END;
CREATE TRIGGER search_docs_delete AFTER DELETE ON search_docs BEGIN
    INSERT INTO search_index (search_index, rowid, title_words, body_words)
        VALUES ('delete', old.id, old.title_words, old.body_words);
END;
