-- Who follows whom on a site (both ways through the index), and the posts each account
-- keeps as favorites (a post's count is counted from its rows through the index).
CREATE TABLE follows (
    site     TEXT NOT NULL,
    follower TEXT NOT NULL,
    followee TEXT NOT NULL,
    since    INTEGER NOT NULL,
    PRIMARY KEY (site, follower, followee)
);
CREATE INDEX followers ON follows (site, followee, follower);
CREATE TABLE favorites (
    site    TEXT NOT NULL,
    user_id TEXT NOT NULL,
    post_id TEXT NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (site, user_id, post_id)
);
CREATE INDEX favorites_by_time ON favorites (site, user_id, at DESC, post_id DESC);
CREATE INDEX favoriters ON favorites (site, post_id);
