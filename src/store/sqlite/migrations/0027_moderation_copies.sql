-- The moderation lists carry a copy of what a page of them shows of each comment, as
-- Cassandra's do, so that a page is one range of one index and the rows it names,
-- inserted in time order side by side, however many comments the site has (a join into
-- `comments` searched its million-row key twice a comment). `list_for_moderation` copies a
-- comment's row as it lists it; this trigger keeps the copy in step with every later change
-- to the row.
ALTER TABLE moderation_queue ADD COLUMN post_slug TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN post_title TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN thread TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN parent TEXT;
ALTER TABLE moderation_queue ADD COLUMN author_id TEXT;
ALTER TABLE moderation_queue ADD COLUMN author_name TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN author_email TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN body TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN body_html TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation_queue ADD COLUMN edited INTEGER;
UPDATE moderation_queue SET (post_slug, post_title, thread, parent, author_id, author_name,
    author_email, body, body_html, reason, edited) = (
    SELECT c.post_slug, c.post_title, c.thread, c.parent, c.author_id, c.author_name,
           c.author_email, c.body, c.body_html, c.reason, c.edited
    FROM comments c
    WHERE c.site = moderation_queue.site AND c.post_id = moderation_queue.post_id
      AND c.id = moderation_queue.id);
CREATE TRIGGER comments_copied_to_moderation AFTER UPDATE OF post_slug, post_title, thread,
    parent, author_id, author_name, author_email, body, body_html, reason, edited ON comments
BEGIN
    UPDATE moderation_queue SET post_slug = NEW.post_slug, post_title = NEW.post_title,
        thread = NEW.thread, parent = NEW.parent, author_id = NEW.author_id,
        author_name = NEW.author_name, author_email = NEW.author_email, body = NEW.body,
        body_html = NEW.body_html, reason = NEW.reason, edited = NEW.edited
    WHERE site = NEW.site AND id = NEW.id;
END;
