-- The list of tags in the Unicode collation's order: each tag's sort key (the domain's
-- tag_order_key), written with its count and paged by. The keys of the rows a file
-- already has are written by the code once this file is applied: SQL cannot make them.
ALTER TABLE tag_counts ADD COLUMN sort_key BLOB NOT NULL DEFAULT X'';
CREATE INDEX tag_counts_in_order ON tag_counts (site, sort_key, tag);
