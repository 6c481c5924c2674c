-- Static pages (About, Contact): posts of kind 'page', which no list of posts shows.
-- The lists' indexes cover posts only, and the site's pages have their own, in the
-- order they were made (the navigation's order).
ALTER TABLE posts ADD COLUMN kind TEXT NOT NULL DEFAULT 'post';
DROP INDEX posts_front_page;
DROP INDEX posts_by_author;
CREATE INDEX posts_front_page ON posts (site, published DESC, id DESC)
    WHERE published IS NOT NULL AND kind = 'post';
CREATE INDEX posts_by_author ON posts (site, author_id, published DESC, id DESC)
    WHERE published IS NOT NULL AND kind = 'post';
CREATE INDEX posts_pages ON posts (site, created, id) WHERE kind = 'page';
