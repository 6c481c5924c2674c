-- How many changes a site's pages have had: an instance that finds the count moved drops
-- the pages it keeps of the site.
CREATE TABLE page_changes (
    site    TEXT PRIMARY KEY,
    changes INTEGER NOT NULL
);
