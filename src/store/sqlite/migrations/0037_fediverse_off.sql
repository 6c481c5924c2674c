-- A site kept off the fediverse by its administrators.
ALTER TABLE site_identity ADD COLUMN fediverse_off INTEGER NOT NULL DEFAULT 0;
