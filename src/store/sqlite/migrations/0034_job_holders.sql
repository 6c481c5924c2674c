-- The instances running each background job, each until its announcement lapses: the
-- job's shards are shared among them.
CREATE TABLE job_holders (
    job    TEXT NOT NULL,
    holder TEXT NOT NULL,
    until  INTEGER NOT NULL,
    PRIMARY KEY (job, holder)
);
