-- Whose accounts a site requires two-step sign-in of: '' (nobody), 'admins', 'staff'
-- (authors and administrators) or 'everyone'.
ALTER TABLE site_identity ADD COLUMN second_factor_for TEXT NOT NULL DEFAULT '';
