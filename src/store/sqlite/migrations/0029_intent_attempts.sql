-- The reconciler's passes that failed to finish an intent, why the last one failed, and
-- when it is tried again once parked (after five failures).
ALTER TABLE intents ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE intents ADD COLUMN error TEXT;
ALTER TABLE intents ADD COLUMN next_try INTEGER;
