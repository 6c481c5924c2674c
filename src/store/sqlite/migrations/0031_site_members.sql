-- Roles per site: an account's role and ban on each registered site.
CREATE TABLE site_members (
    site    TEXT NOT NULL,
    user_id TEXT NOT NULL,
    role    TEXT NOT NULL,
    banned  INTEGER NOT NULL,
    joined  INTEGER NOT NULL,
    PRIMARY KEY (site, user_id)
);
CREATE INDEX site_members_by_joined ON site_members (site, joined DESC, user_id DESC);
