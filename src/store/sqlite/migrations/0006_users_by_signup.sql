-- The admins' list of the newest accounts.
CREATE INDEX users_by_signup ON users (created DESC, id DESC);
