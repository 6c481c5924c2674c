-- Comment counts kept by the database itself: per post and state, and per site and state,
-- moved by triggers in the transaction of every comment write, so that the home page and
-- the desk read a few rows instead of counting a popular post's comments on every view.
CREATE TABLE comment_tallies (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    state   TEXT NOT NULL,
    n       INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, state)
);
CREATE TABLE comment_state_tallies (
    site  TEXT NOT NULL,
    state TEXT NOT NULL,
    n     INTEGER NOT NULL,
    PRIMARY KEY (site, state)
);
INSERT INTO comment_tallies (site, post_id, state, n)
    SELECT site, post_id, state, COUNT(*) FROM comments GROUP BY site, post_id, state;
INSERT INTO comment_state_tallies (site, state, n)
    SELECT site, state, COUNT(*) FROM comments GROUP BY site, state;
CREATE TRIGGER comments_counted_in AFTER INSERT ON comments BEGIN
    INSERT INTO comment_tallies (site, post_id, state, n) VALUES (NEW.site, NEW.post_id, NEW.state, 1)
        ON CONFLICT (site, post_id, state) DO UPDATE SET n = n + 1;
    INSERT INTO comment_state_tallies (site, state, n) VALUES (NEW.site, NEW.state, 1)
        ON CONFLICT (site, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER comments_counted_out AFTER DELETE ON comments BEGIN
    UPDATE comment_tallies SET n = n - 1
        WHERE site = OLD.site AND post_id = OLD.post_id AND state = OLD.state;
    UPDATE comment_state_tallies SET n = n - 1 WHERE site = OLD.site AND state = OLD.state;
END;
CREATE TRIGGER comments_counted_moved AFTER UPDATE OF state ON comments
    WHEN OLD.state != NEW.state BEGIN
    UPDATE comment_tallies SET n = n - 1
        WHERE site = OLD.site AND post_id = OLD.post_id AND state = OLD.state;
    UPDATE comment_state_tallies SET n = n - 1 WHERE site = OLD.site AND state = OLD.state;
    INSERT INTO comment_tallies (site, post_id, state, n) VALUES (NEW.site, NEW.post_id, NEW.state, 1)
        ON CONFLICT (site, post_id, state) DO UPDATE SET n = n + 1;
    INSERT INTO comment_state_tallies (site, state, n) VALUES (NEW.site, NEW.state, 1)
        ON CONFLICT (site, state) DO UPDATE SET n = n + 1;
END;
