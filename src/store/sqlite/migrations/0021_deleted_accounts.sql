-- Deleting an account: the site's policy for the comments it leaves (removed, or kept
-- signed "deleted user"), and the comments of one account found without a scan.
ALTER TABLE comment_settings ADD COLUMN remove_deleted INTEGER NOT NULL DEFAULT 0;
CREATE INDEX comments_by_user ON comments (site, author_id, post_id, id) WHERE author_id IS NOT NULL;
