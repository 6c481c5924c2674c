-- Comments from the fediverse: the actor who wrote one, in its row and in the copies of
-- the moderation lists (kept in step by the trigger, made again with the new column).
ALTER TABLE comments ADD COLUMN author_actor TEXT;
ALTER TABLE moderation_queue ADD COLUMN author_actor TEXT;
DROP TRIGGER comments_copied_to_moderation;
CREATE TRIGGER comments_copied_to_moderation AFTER UPDATE OF post_slug, post_title, thread,
    parent, author_id, author_name, author_email, body, body_html, reason, edited,
    author_actor ON comments
BEGIN
    UPDATE moderation_queue SET post_slug = NEW.post_slug, post_title = NEW.post_title,
        thread = NEW.thread, parent = NEW.parent, author_id = NEW.author_id,
        author_name = NEW.author_name, author_email = NEW.author_email, body = NEW.body,
        body_html = NEW.body_html, reason = NEW.reason, edited = NEW.edited,
        author_actor = NEW.author_actor
    WHERE site = NEW.site AND id = NEW.id;
END;

-- The notes from the fediverse that became comments (by the note's id's SHA-256), with
-- the comment each became and the actor who wrote it.
CREATE TABLE ap_notes (
    site       TEXT NOT NULL,
    note       BLOB NOT NULL,
    post_id    TEXT NOT NULL,
    comment_id TEXT NOT NULL,
    actor      TEXT NOT NULL,
    PRIMARY KEY (site, note)
);
