-- Where each comment from the fediverse came from: the note's id, its author's actor,
-- handle and inbox (what a reply written here answers, mentions and is delivered to).
CREATE TABLE ap_comment_sources (
    site   TEXT NOT NULL,
    id     TEXT NOT NULL,
    note   TEXT NOT NULL,
    actor  TEXT NOT NULL,
    handle TEXT NOT NULL,
    inbox  TEXT NOT NULL,
    PRIMARY KEY (site, id)
);
