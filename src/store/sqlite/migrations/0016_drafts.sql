-- An author's drafts, for their desk: the most recently made first.
CREATE INDEX posts_drafts ON posts (site, author_id, created DESC, id DESC)
    WHERE status = 'draft' AND kind = 'post';
