-- The attempt at each delivery whose failure was noted last: when it is the attempts
-- claimed, no attempt is in flight and an administrator may have it tried again at once.
ALTER TABLE ap_deliveries ADD COLUMN failed INTEGER NOT NULL DEFAULT 0;
