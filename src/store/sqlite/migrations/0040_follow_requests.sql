-- Whether each of a site's actors approves its followers itself, and the follows
-- waiting for that approval.
CREATE TABLE ap_actor_settings (
    site              TEXT NOT NULL,
    actor             TEXT NOT NULL,
    approve_followers INTEGER NOT NULL,
    PRIMARY KEY (site, actor)
);

CREATE TABLE ap_follow_requests (
    site       TEXT NOT NULL,
    actor      TEXT NOT NULL,
    follower   TEXT NOT NULL,
    inbox      TEXT NOT NULL,
    deliver_to TEXT NOT NULL,
    follow     TEXT NOT NULL,
    since      INTEGER NOT NULL,
    PRIMARY KEY (site, actor, follower)
);
