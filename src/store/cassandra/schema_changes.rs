//! The changes `sibyl migrate` makes to keyspaces of earlier versions, numbered.

/// A change to keyspaces made by earlier versions.
pub(super) enum Change {
    Cql(&'static str),
    /// Copies the admins' list of a site's files, by reference id, into the list newest
    /// first (`binary_files_by_site`), before the old list is dropped.
    CopySiteFiles,
    /// Counts every post's comments from their rows into the tallies
    /// (`post_comment_tallies` and `comment_state_tallies`), before the tables they
    /// replace are dropped: `comment_counts` and `comment_state_counts` first, then
    /// `comment_tallies`, which kept a bucket's posts oldest first.
    CountComments,
    /// Copies every author page row of the unbucketed list into the lists by author and
    /// half month (`author_month_posts`, with the buckets in `author_months`), before the
    /// unbucketed list is dropped. (Its first release wrote year buckets, which
    /// `CopyAuthorMonths` carries over.)
    CopyAuthorPosts,
    /// Copies every row of the author lists by year (`author_posts`) into the lists by
    /// half month, with the buckets in `author_months`, before the year buckets and their
    /// index (`author_years`) are dropped.
    CopyAuthorMonths,
    /// Copies the site's moderation lists into the lists by hour, with the hours in
    /// moderation_hours, before the list per site and state is dropped.
    CopyModerationLists,
    /// Copies the moderation log into the log by hour, with the hours of each month in
    /// moderation_log_hours, before the log per month is dropped.
    CopyModerationLog,
    /// Copies every revision into `post_revisions`, on the shelf of 50 that holds its
    /// number, before the table of whole histories is dropped.
    CopyRevisions,
    /// Copies every tag page row into the buckets by month, with the months in
    /// tag_months, before the buckets by year and their index are dropped.
    CopyTagPosts,
    /// Copies the list of a site's files into the buckets by month, with the months in
    /// binary_file_months, before the list in one partition is dropped.
    CopyFilesByMonth,
    /// Copies the user directory into the partitions by prefix, with the prefixes in
    /// user_directory_prefixes, before the directory by shelf is dropped.
    CopyDirectory,
    /// Lists every member's comment in `comments_by_user`.
    IndexCommentsByUser,
    /// Lists every published post in the site's archive (the month buckets of
    /// `tag_posts` under the reserved key `*`), and writes the author's id into every
    /// row of the front page and the tag and archive buckets, from the author pages'
    /// rows (whose key holds it).
    ListArchive,
    /// Counts every tag's posts into `tag_counts`, from the tag buckets.
    CountTags,
    /// Writes the words of every published text (posts' own and their published
    /// translations) into `search_texts`.
    IndexSearch,
    /// Lists every draft post in its author's drafts (`author_drafts`).
    ListDrafts,
    /// Moves every row of `search_texts` from its post's shard of eight into its shard of
    /// sixteen.
    ReshardSearch,
    /// Copies every tag's count from the list by name (`tag_counts`) into the list in the
    /// collation's order (`tag_list`), under each tag's sort key, before the list by name
    /// is dropped.
    OrderTags,
}

/// The change that has a table keep a removed row's tombstone a day, and compact a table
/// file on its own once a tenth of it is droppable tombstones (as schema.cql says).
macro_rules! tombstones_a_day {
    ($table:literal) => {
        concat!(
            "ALTER TABLE ",
            $table,
            " WITH gc_grace_seconds = 86400 AND compaction = {'class': 'SizeTieredCompactionStrategy', ",
            "'unchecked_tombstone_compaction': 'true', 'tombstone_threshold': '0.1'}"
        )
    };
}

/// The changes, numbered in order. A keyspace records the last one it has in
/// `schema_version`; `sibyl migrate` applies those after it, one at a time, recording
/// each. Each is idempotent, so a migration that dies midway is run again from the
/// first change not recorded. A new keyspace gets schema.cql's tables as they are now
/// and starts at the last number. A released change is never edited; a change to the
/// schema is a new number here and the table's new shape in schema.cql.
pub(super) const CHANGES: &[(u32, &str, Change)] = &[
    (
        1,
        "posts in several languages: the locale of the original",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS origin text"),
    ),
    (
        2,
        "posts in several languages: the published translations",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS translations set<text>"),
    ),
    (
        3,
        "drafts became per locale (user_drafts); the per-post drafts go",
        Change::Cql("DROP TABLE IF EXISTS drafts"),
    ),
    (
        4,
        "a post's editors can close its comments",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS comments_closed boolean"),
    ),
    (
        5,
        "files fetched from URLs: fetch attempts",
        Change::Cql("ALTER TABLE binary_originals ADD IF NOT EXISTS attempts int"),
    ),
    (
        6,
        "files fetched from URLs: the URL a reference came from",
        Change::Cql("ALTER TABLE binary_refs ADD IF NOT EXISTS url text"),
    ),
    (
        7,
        "files fetched from URLs: the URL, in the list by context",
        Change::Cql("ALTER TABLE binary_refs_by_context ADD IF NOT EXISTS url text"),
    ),
    (
        8,
        "the admins' list of a site's files is newest first",
        Change::CopySiteFiles,
    ),
    (
        9,
        "the list of a site's files by reference id goes",
        Change::Cql("DROP TABLE IF EXISTS binary_refs_by_site"),
    ),
    (
        10,
        "a suggestion's decision names the act that won it",
        Change::Cql("ALTER TABLE suggestions ADD IF NOT EXISTS decision uuid"),
    ),
    (
        11,
        "a comment's row moves by LWT: the stamp of its last move",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS stamp bigint"),
    ),
    (
        12,
        "a comment's row moves by LWT: the act that made its last move",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS mover uuid"),
    ),
    (
        13,
        "comment counts in bounded partitions: counted from the comments",
        Change::CountComments,
    ),
    (
        14,
        "comment counts in bounded partitions: the per-site table of counts goes",
        Change::Cql("DROP TABLE IF EXISTS comment_counts"),
    ),
    (
        15,
        "comment counts in bounded partitions: the per-site table of states goes",
        Change::Cql("DROP TABLE IF EXISTS comment_state_counts"),
    ),
    (
        16,
        "author pages in year buckets: the author lists copied",
        Change::CopyAuthorPosts,
    ),
    (
        17,
        "author pages in year buckets: the unbucketed list goes",
        Change::Cql("DROP TABLE IF EXISTS posts_by_author"),
    ),
    (
        18,
        "tag pages find the next older year in tag_years: the pointer in the buckets goes",
        Change::Cql("ALTER TABLE posts_by_tag DROP IF EXISTS older_year"),
    ),
    (
        19,
        "moderation lists by hour, found through moderation_hours",
        Change::CopyModerationLists,
    ),
    (
        20,
        "moderation lists by hour: the list per site and state goes",
        Change::Cql("DROP TABLE IF EXISTS moderation_queue"),
    ),
    (
        21,
        "moderation log by hour, found through moderation_log_hours",
        Change::CopyModerationLog,
    ),
    (
        22,
        "moderation log by hour: the log per month goes",
        Change::Cql("DROP TABLE IF EXISTS moderation_log"),
    ),
    (
        23,
        "a post's comments are capped by an LWT on the number it has taken",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS taken int static"),
    ),
    (
        24,
        "a post's suggestions are capped by an LWT on the number it has taken",
        Change::Cql("ALTER TABLE suggestions ADD IF NOT EXISTS taken int static"),
    ),
    (
        25,
        "a short number names its taker, so a timed-out take is settled by a serial read",
        Change::Cql("ALTER TABLE id_pool ADD IF NOT EXISTS taker uuid"),
    ),
    (
        26,
        "copy every revision onto its shelf of post_revisions (50 revisions a partition)",
        Change::CopyRevisions,
    ),
    (
        27,
        "drop revisions, whose partition held a post's whole history",
        Change::Cql("DROP TABLE IF EXISTS revisions"),
    ),
    (
        28,
        "a comment's HTML is made from its text when read, not kept in its row",
        Change::Cql("ALTER TABLE comments DROP IF EXISTS body_html"),
    ),
    (
        29,
        "nor in the post's moderation lists",
        Change::Cql("ALTER TABLE post_moderation DROP IF EXISTS body_html"),
    ),
    (
        30,
        "nor in the site's moderation lists",
        Change::Cql("ALTER TABLE moderation_lists DROP IF EXISTS body_html"),
    ),
    (
        31,
        "copy every tag page row into its month's bucket of tag_posts, with the months in tag_months",
        Change::CopyTagPosts,
    ),
    (
        32,
        "drop posts_by_tag, whose year buckets did not bound a popular tag",
        Change::Cql("DROP TABLE IF EXISTS posts_by_tag"),
    ),
    (
        33,
        "drop tag_years, the index of those buckets",
        Change::Cql("DROP TABLE IF EXISTS tag_years"),
    ),
    (
        34,
        "the list of fetched originals names them only (each URL is in its original's row)",
        Change::Cql("ALTER TABLE binary_fetched DROP IF EXISTS url"),
    ),
    (
        35,
        "copy the list of a site's files into month buckets (binary_files_by_month)",
        Change::CopyFilesByMonth,
    ),
    (
        36,
        "drop binary_files_by_site, one partition for every file of a site",
        Change::Cql("DROP TABLE IF EXISTS binary_files_by_site"),
    ),
    (
        37,
        "copy the user directory into partitions by the names' first three characters",
        Change::CopyDirectory,
    ),
    (
        38,
        "drop user_directory, one partition for every name of a letter",
        Change::Cql("DROP TABLE IF EXISTS user_directory"),
    ),
    (
        39,
        "posts record when their latest revision was saved, for feeds and sitemaps",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS updated timestamp"),
    ),
    (
        40,
        "the front page's rows name the author's account, for links to their page",
        Change::Cql("ALTER TABLE front_page ADD IF NOT EXISTS author_id uuid"),
    ),
    (
        41,
        "the tag and archive buckets' rows name the author's account",
        Change::Cql("ALTER TABLE tag_posts ADD IF NOT EXISTS author_id uuid"),
    ),
    (
        42,
        "tag and archive rows record when the post's latest revision was saved, for sitemaps",
        Change::Cql("ALTER TABLE tag_posts ADD IF NOT EXISTS updated timestamp"),
    ),
    (
        43,
        "list every published post in the site's archive by month, and name each list row's author",
        Change::ListArchive,
    ),
    (
        44,
        "count each tag's posts into tag_month_counts and tag_counts, for the list of tags",
        Change::CountTags,
    ),
    (
        45,
        "index the words of every published text in search_texts, for full-text search",
        Change::IndexSearch,
    ),
    (
        46,
        "static pages: posts of kind 'page', listed in site_pages and in no list of posts",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS kind text"),
    ),
    (
        47,
        "list every draft in its author's drafts, for the writers' desk",
        Change::ListDrafts,
    ),
    (
        48,
        "posts keep the date of their last publication while they are drafts again",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS first_published timestamp"),
    ),
    (
        49,
        "scheduled publishing: when a draft is to go live, listed in scheduled_posts",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS scheduled timestamp"),
    ),
    (
        50,
        "a deleted post's short number answers as gone",
        Change::Cql("ALTER TABLE short_links ADD IF NOT EXISTS gone boolean"),
    ),
    (
        51,
        "a password reset link records the account as it was, and dies when it changes",
        Change::Cql("ALTER TABLE password_resets ADD IF NOT EXISTS stamp text"),
    ),
    (
        52,
        "the same links confirm a new e-mail address before it counts",
        Change::Cql("ALTER TABLE password_resets ADD IF NOT EXISTS new_email text"),
    ),
    (
        53,
        "a site's policy for the comments of a deleted account",
        Change::Cql("ALTER TABLE comment_settings ADD IF NOT EXISTS remove_deleted boolean"),
    ),
    (
        54,
        "every member's comments are listed in comments_by_user",
        Change::IndexCommentsByUser,
    ),
    (
        55,
        "a post's thread keeps no copy of its comments' Markdown (the comments rows have it)",
        Change::Cql("ALTER TABLE comment_thread DROP IF EXISTS body"),
    ),
    (
        56,
        "an account's profile names a picture of them",
        Change::Cql("ALTER TABLE users ADD IF NOT EXISTS image text"),
    ),
    (
        57,
        "the front page is compacted by levels: one or two SSTables a read",
        Change::Cql(
            "ALTER TABLE front_page WITH compaction = {'class': 'LeveledCompactionStrategy'}",
        ),
    ),
    (
        58,
        "the comment tallies are compacted by levels: one or two SSTables a read",
        Change::Cql(
            "ALTER TABLE comment_tallies WITH compaction = {'class': 'LeveledCompactionStrategy'}",
        ),
    ),
    (
        59,
        "the comment tallies are kept newest first: every post's comments counted from their rows into post_comment_tallies",
        Change::CountComments,
    ),
    (
        60,
        "the comment tallies kept oldest first go",
        Change::Cql("DROP TABLE IF EXISTS comment_tallies"),
    ),
    (
        61,
        "a site may show images from its own files only",
        Change::Cql("ALTER TABLE site_identity ADD IF NOT EXISTS own_images_only boolean"),
    ),
    (
        62,
        "an intent counts the reconciler's passes that failed to finish it",
        Change::Cql("ALTER TABLE intents ADD IF NOT EXISTS attempts int"),
    ),
    (
        63,
        "an intent keeps why the last pass failed to finish it",
        Change::Cql("ALTER TABLE intents ADD IF NOT EXISTS error text"),
    ),
    (
        64,
        "an account's sessions all end in one write: those begun before its stamp",
        Change::Cql("ALTER TABLE users ADD IF NOT EXISTS sessions_after timestamp"),
    ),
    (
        65,
        "a newsletter delivery's claim names its claimer, to settle one whose answer was lost",
        Change::Cql("ALTER TABLE deliveries ADD IF NOT EXISTS claimer uuid"),
    ),
    (
        66,
        "the site's moderation lists keep a moderated comment's tombstone a day, and compaction drops them",
        Change::Cql(tombstones_a_day!("moderation_lists")),
    ),
    (
        67,
        "a post's moderation lists keep a moderated comment's tombstone a day, and compaction drops them",
        Change::Cql(tombstones_a_day!("post_moderation")),
    ),
    (
        68,
        "the index of the moderation lists' hours keeps an emptied hour's tombstone a day",
        Change::Cql(tombstones_a_day!("moderation_hours")),
    ),
    (
        69,
        "an author's drafts keep a published draft's tombstone a day, and compaction drops them",
        Change::Cql(tombstones_a_day!("author_drafts")),
    ),
    (
        70,
        "author pages in half-month buckets, as the archive: the year buckets copied",
        Change::CopyAuthorMonths,
    ),
    (
        71,
        "author pages in half-month buckets: the year buckets go",
        Change::Cql("DROP TABLE IF EXISTS author_posts"),
    ),
    (
        72,
        "author pages in half-month buckets: the index of years goes",
        Change::Cql("DROP TABLE IF EXISTS author_years"),
    ),
    (
        73,
        "the search index in sixteen shards a half month: every row moved to its shard",
        Change::ReshardSearch,
    ),
    (
        74,
        "a deployment serves many sites: the registry (sites, site_hosts, deployment_flags) and the members of each (site_members and its lists by month), made by schema.cql; its hosts, never deleted, keep the default grace",
        Change::Cql("ALTER TABLE site_hosts WITH gc_grace_seconds = 864000"),
    ),
    (
        75,
        "a site's deletion: when it began",
        Change::Cql("ALTER TABLE sites ADD IF NOT EXISTS deleting timestamp"),
    ),
    (
        76,
        "a site's deletion: how far its rows' erasing has got",
        Change::Cql("ALTER TABLE sites ADD IF NOT EXISTS erased text"),
    ),
    (
        77,
        "the fediverse: remote followers and their counts, the activities sent with their deliveries, and the ids received (made by schema.cql); the open list's tombstones live a day",
        Change::Cql("ALTER TABLE ap_open WITH gc_grace_seconds = 86400"),
    ),
    (
        78,
        "comments from the fediverse: their author's actor, in the comment's row",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS author_actor text"),
    ),
    (
        79,
        "comments from the fediverse: their author's actor, in the readers' thread",
        Change::Cql("ALTER TABLE comment_thread ADD IF NOT EXISTS author_actor text"),
    ),
    (
        80,
        "comments from the fediverse: their author's actor, in the site's moderation lists",
        Change::Cql("ALTER TABLE moderation_lists ADD IF NOT EXISTS author_actor text"),
    ),
    (
        81,
        "comments from the fediverse: their author's actor, in a post's moderation lists (and the notes they came as, made by schema.cql)",
        Change::Cql("ALTER TABLE post_moderation ADD IF NOT EXISTS author_actor text"),
    ),
    (
        82,
        "a site kept off the fediverse by its administrators",
        Change::Cql("ALTER TABLE site_identity ADD IF NOT EXISTS fediverse_off boolean"),
    ),
    (
        83,
        "the servers and accounts a site blocks, and the comments from the fediverse by domain (made by schema.cql); an unblock's tombstone, met by every inbox's lookup, lives a day",
        Change::Cql("ALTER TABLE ap_blocks WITH gc_grace_seconds = 86400"),
    ),
    (
        84,
        "where each comment from the fediverse came from, for the post's author's replies (made by schema.cql); its rows go only with their site, whose erase's tombstones live a day",
        Change::Cql("ALTER TABLE ap_comment_sources WITH gc_grace_seconds = 86400"),
    ),
    (
        85,
        "follows waiting for the followed actor's approval, and the setting that makes them wait (made by schema.cql); an approved or rejected request's tombstone lives a day",
        Change::Cql("ALTER TABLE ap_follow_requests WITH gc_grace_seconds = 86400"),
    ),
    (
        86,
        "the attempt at a delivery whose failure was noted last, so that an administrator can have it tried again at once when none is in flight",
        Change::Cql("ALTER TABLE ap_deliveries ADD IF NOT EXISTS failed int"),
    ),
    (
        87,
        "remote actors' pictures, as their comments show them (made by schema.cql), kept 30 days; a forgotten one's tombstone lives a day",
        Change::Cql(
            "ALTER TABLE ap_avatars WITH gc_grace_seconds = 86400 AND default_time_to_live = 2592000",
        ),
    ),
    (
        88,
        "static pages sent to the fediverse as posts are, when a site's administrators say so",
        Change::Cql("ALTER TABLE site_identity ADD IF NOT EXISTS fediverse_pages boolean"),
    ),
    (
        89,
        "what each session records of itself for its account's security page, and when it was last seen",
        Change::Cql(
            "ALTER TABLE sessions ADD IF NOT EXISTS (renewed timestamp, last_seen timestamp, kind text, agent text, address text, label text, site text)",
        ),
    ),
    (
        90,
        "an account's list of sessions keeps what each said of itself when it began, for its security page",
        Change::Cql(
            "ALTER TABLE sessions_by_user ADD IF NOT EXISTS (kind text, agent text, address text, label text, site text)",
        ),
    ),
    (
        91,
        "second factors: an account's authenticator and recovery codes, and the claims that make each code count once (made by schema.cql); a claimed step's tombstone lives an hour",
        Change::Cql("ALTER TABLE authenticator_steps WITH gc_grace_seconds = 3600"),
    ),
    (
        92,
        "whose accounts a site requires two-step sign-in of",
        Change::Cql("ALTER TABLE site_identity ADD IF NOT EXISTS second_factor_for text"),
    ),
    (
        93,
        "passkeys: an account's passkeys and the ceremonies in flight (made by schema.cql); an expired ceremony's tombstone lives an hour",
        Change::Cql("ALTER TABLE webauthn_ceremonies WITH gc_grace_seconds = 3600"),
    ),
    (
        94,
        "the page cache: how many changes each site's pages have had (made by schema.cql), read by every instance at most once a second",
        Change::Cql("ALTER TABLE page_changes WITH gc_grace_seconds = 864000"),
    ),
    (
        95,
        "the language an account's pages speak",
        Change::Cql("ALTER TABLE users ADD IF NOT EXISTS language text"),
    ),
    (
        96,
        "the list of tags in the Unicode collation's order: each tag's count under its sort key in tag_list (made by schema.cql)",
        Change::OrderTags,
    ),
    (
        97,
        "the list of tags by name, carried over into tag_list, is dropped",
        Change::Cql("DROP TABLE IF EXISTS tag_counts"),
    ),
];
