-- Static pages sent to the fediverse as posts are, when a site's administrators say so.
ALTER TABLE site_identity ADD COLUMN fediverse_pages INTEGER NOT NULL DEFAULT 0;
