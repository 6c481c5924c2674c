-- Scheduled publishing: when a draft is to go live (none: it is not scheduled).
ALTER TABLE posts ADD COLUMN scheduled INTEGER;
CREATE INDEX posts_scheduled ON posts (site, scheduled, id)
    WHERE scheduled IS NOT NULL AND status = 'draft';
-- A scheduled draft is on its author's desk under Scheduled, not Drafts.
DROP INDEX posts_drafts;
CREATE INDEX posts_drafts ON posts (site, author_id, created DESC, id DESC)
    WHERE status = 'draft' AND kind = 'post' AND scheduled IS NULL;
