-- Links from originals to the references that need them, apart from the reference
-- rows (as binary_refs_by_original in Cassandra).
CREATE TABLE binary_ref_links (
    original_id  TEXT NOT NULL,
    reference_id TEXT NOT NULL,
    PRIMARY KEY (original_id, reference_id)
);
INSERT OR IGNORE INTO binary_ref_links (original_id, reference_id)
    SELECT original_id, reference_id FROM binary_refs;
