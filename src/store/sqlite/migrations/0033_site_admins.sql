-- A site's administrators, for the network page and the cap on their number.
CREATE INDEX site_members_by_role ON site_members (site, role, user_id);
