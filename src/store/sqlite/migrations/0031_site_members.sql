-- Roles per site: a registered site keeps roles of its own unless it was the site the
-- deployment served before it registered sites (adopted with the accounts' roles).
ALTER TABLE sites ADD COLUMN own_roles INTEGER NOT NULL DEFAULT 1;
CREATE TABLE site_members (
    site    TEXT NOT NULL,
    user_id TEXT NOT NULL,
    role    TEXT NOT NULL,
    banned  INTEGER NOT NULL,
    joined  INTEGER NOT NULL,
    PRIMARY KEY (site, user_id)
);
CREATE INDEX site_members_by_joined ON site_members (site, joined DESC, user_id DESC);
