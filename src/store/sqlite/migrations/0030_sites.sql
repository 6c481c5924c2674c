-- The deployment's registry of sites (sites are found by the host a request names), and
-- the hosts each answers to: its own and its aliases, one site per host.
CREATE TABLE sites (
    site        TEXT PRIMARY KEY,
    status      TEXT NOT NULL,
    created     INTEGER NOT NULL,
    first_admin TEXT NOT NULL
);
CREATE TABLE site_hosts (
    host  TEXT PRIMARY KEY,
    site  TEXT NOT NULL,
    alias INTEGER NOT NULL
);
CREATE INDEX site_hosts_by_site ON site_hosts (site, host);
