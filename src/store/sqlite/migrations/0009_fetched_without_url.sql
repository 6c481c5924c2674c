-- The list of fetched originals names them only: each original's URL is in its own row.
ALTER TABLE binary_fetched DROP COLUMN url;
