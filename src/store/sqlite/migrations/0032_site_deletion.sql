-- The deployment's network administrators: they manage every site at /network.
CREATE TABLE network_admins (
    user_id TEXT PRIMARY KEY,
    granted INTEGER NOT NULL
);
-- Deleting a site: when it began, and the table its rows are being erased from (the
-- next erase goes on from there). The flag that the registry is in use outlives the
-- sites: once one was registered, only registered sites are served, even when the last
-- is deleted.
ALTER TABLE sites ADD COLUMN deleting INTEGER;
ALTER TABLE sites ADD COLUMN erased TEXT;
CREATE TABLE deployment_flags (
    name   TEXT PRIMARY KEY,
    set_at INTEGER NOT NULL
);
INSERT INTO deployment_flags (name, set_at)
    SELECT 'sites', MIN(created) FROM sites HAVING COUNT(*) > 0;
-- The sites an account is a member of, for its deletion.
CREATE INDEX site_members_by_user ON site_members (user_id, site);
-- The leases of background jobs' shards: the instance that holds one does its sites.
CREATE TABLE job_leases (
    job    TEXT NOT NULL,
    shard  INTEGER NOT NULL,
    holder TEXT NOT NULL,
    until  INTEGER NOT NULL,
    PRIMARY KEY (job, shard)
);
