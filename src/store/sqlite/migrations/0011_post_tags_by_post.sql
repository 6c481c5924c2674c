-- A post's rows in post_tags, found by the post: every write that lists or unlists a
-- post removes them first, which without this index read the site's whole tag list.
CREATE INDEX post_tags_by_post ON post_tags (site, post_id);
