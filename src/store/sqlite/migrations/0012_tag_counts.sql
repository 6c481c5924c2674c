-- How many published posts each tag of a site has, for the list of tags: kept in the
-- same transaction as the post's rows in post_tags; a tag without posts has no row.
CREATE TABLE tag_counts (
    site  TEXT NOT NULL,
    tag   TEXT NOT NULL,
    posts INTEGER NOT NULL,
    PRIMARY KEY (site, tag)
) WITHOUT ROWID;
INSERT INTO tag_counts (site, tag, posts)
    SELECT site, tag, COUNT(*) FROM post_tags GROUP BY site, tag;
