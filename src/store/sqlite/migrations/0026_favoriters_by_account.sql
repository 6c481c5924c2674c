-- A post's favorites in the order of their accounts, so that a deleted post's favorites
-- are walked a page at a time without sorting them all for each page; still what a
-- post's count is counted through.
DROP INDEX favoriters;
CREATE INDEX favoriters ON favorites (site, post_id, user_id);
