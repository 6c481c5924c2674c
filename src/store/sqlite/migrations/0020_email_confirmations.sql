-- The links mailed to an account also confirm a new e-mail address before it counts:
-- such a link carries the address (NULL for a password reset).
ALTER TABLE password_resets ADD COLUMN new_email TEXT;
