-- A site may show images from its own files only (no remote images in its pages).
ALTER TABLE site_identity ADD COLUMN own_images_only INTEGER NOT NULL DEFAULT 0;
