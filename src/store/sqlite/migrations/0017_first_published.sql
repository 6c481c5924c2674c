-- The date of a post's last publication, kept while it is a draft again, so that
-- publishing it again keeps its date and its place in the lists.
ALTER TABLE posts ADD COLUMN first_published INTEGER;
UPDATE posts SET first_published = published WHERE published IS NOT NULL;
