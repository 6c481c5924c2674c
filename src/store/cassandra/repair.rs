//! Repair on Cassandra: every derived row of a site checked against the row it copies
//! (see `store::repair`). Reads are full scans, paged by the driver: the posts table
//! (kept to the site's), then each list partition the site's posts could have rows in;
//! the moderation lists against the comments' rows (in queue.rs); follows' and
//! favorites' copies and counts against their rows (in social_repair.rs); the accounts'
//! claims and directory against the users table (in accounts_repair.rs).

use super::comments::tallies::Tally;
use super::lwt::Claim;
use super::lwt::slug_scope;
use super::posts::listings::{ARCHIVE, Bucket, LIST_COLUMNS};
use super::{CassandraStore, prepare, unavailable};
use crate::domain::{CommentState, Post, PostId, PostStatus, Site, timeuuid};
use crate::store::repair::{Finding, Repair, RepairReport};
use crate::store::{FRONT_PAGE_CAP, StoreError, StoreResult};
use async_trait::async_trait;
use scylla::DeserializeRow;
use scylla::serialize::row::SerializeRow;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlTimeuuid, CqlValue};
use std::collections::{BTreeSet, HashMap, HashSet};
use uuid::Uuid;

/// A row of the front page, an author's page or a tag's bucket.
#[derive(DeserializeRow)]
struct ListRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
    author_id: Option<Uuid>,
}

impl ListRow {
    /// Whether the row shows `post` as it is.
    fn shows(&self, post: &Post) -> bool {
        self.post_id == post.id.0
            && self.slug == post.slug.as_str()
            && self.title == post.title.as_str()
            && self.excerpt == post.excerpt
            && self.author_name == post.author_name
            && self.tags.clone().unwrap_or_default() == post.tags.to_strings()
            && self.author_id == Some(post.author_id.0)
    }
}

/// A published post and the time UUID its rows are keyed by.
struct Listing {
    post: Post,
    published_id: Uuid,
}

/// A list kept in year buckets: its table, its index of years, and its key.
struct Bucketed {
    rows: &'static str,
    years: &'static str,
    column: &'static str,
    key: CqlValue,
    bucket: Bucket,
}

/// What one pass over the lists found: rows to delete, posts whose rows to rewrite.
#[derive(Default)]
struct ListFixes {
    stale: Vec<(&'static str, Vec<CqlValue>)>,
    rewrite: BTreeSet<Uuid>,
}

fn text(s: &str) -> CqlValue {
    CqlValue::Text(s.to_owned())
}

/// A row read by a whole-table scan whose first column is its site.
pub(super) trait SiteRow {
    fn site(&self) -> &str;
}

macro_rules! site_rows {
    ($(($($t:ident),+)),+ $(,)?) => {$(
        impl<$($t),+> SiteRow for (String, $($t),+) {
            fn site(&self) -> &str {
                &self.0
            }
        }
    )+};
}
site_rows!((A), (A, B), (A, B, C), (A, B, C, D));

impl CassandraStore {
    /// Every row of a query, the driver paging through (prepared for the call: for
    /// repair's one-off reads).
    pub(super) async fn scan<T>(
        &self,
        cql: String,
        values: impl SerializeRow,
    ) -> StoreResult<Vec<T>>
    where
        T: 'static + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        let statement = prepare(&self.session, cql).await.map_err(unavailable)?;
        self.scan_prepared(&statement, values).await
    }

    /// Every row of a statement prepared once, the driver paging through.
    pub(super) async fn scan_prepared<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Vec<T>>
    where
        T: 'static + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        self.scan_kept(statement, values, |_| true).await
    }

    /// The rows of one site in a scan of a whole table whose rows start with their site
    /// (a table keyed by more than the site, which CQL cannot restrict to it), kept as the
    /// driver pages through: the other sites' rows are never held.
    pub(super) async fn scan_site<T>(&self, cql: String, site: &Site) -> StoreResult<Vec<T>>
    where
        T: 'static + SiteRow + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        let statement = prepare(&self.session, cql).await.map_err(unavailable)?;
        self.scan_kept(&statement, (), |row: &T| row.site() == site.as_str())
            .await
    }

    /// The rows of a scan that `keep` keeps, the driver paging through.
    async fn scan_kept<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
        keep: impl Fn(&T) -> bool,
    ) -> StoreResult<Vec<T>>
    where
        T: 'static + for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        use futures_util::StreamExt;
        let mut rows = self
            .session
            .execute_iter(statement.clone(), values)
            .await
            .map_err(unavailable)?
            .rows_stream::<T>()
            .map_err(unavailable)?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().await {
            let row = row.map_err(|e| StoreError::Corrupt(e.to_string()))?;
            if keep(&row) {
                out.push(row);
            }
        }
        Ok(out)
    }

    /// Compares one list partition's rows with the posts it should show (by time UUID).
    fn compare_list(
        table: &'static str,
        key: &[CqlValue],
        present: Vec<ListRow>,
        expected: &HashMap<Uuid, &Listing>,
        findings: &mut Vec<Finding>,
        fixes: &mut ListFixes,
    ) {
        let mut seen = HashSet::new();
        for row in present {
            let published = Uuid::from(row.published);
            seen.insert(published);
            match expected.get(&published) {
                Some(listing) if row.shows(&listing.post) => {}
                Some(listing) => {
                    findings.push(Finding {
                        table,
                        what: format!(
                            "the row of post {} shows an old copy of it; rewritten",
                            listing.post.id.0
                        ),
                    });
                    fixes.rewrite.insert(listing.post.id.0);
                }
                None => {
                    findings.push(Finding {
                        table,
                        what: format!(
                            "a row for post {} which is not published there; removed",
                            row.post_id
                        ),
                    });
                    let mut values = key.to_vec();
                    values.push(CqlValue::Timeuuid(row.published));
                    fixes.stale.push((table, values));
                }
            }
        }
        for (published, listing) in expected {
            if !seen.contains(published) {
                findings.push(Finding {
                    table,
                    what: format!("post {} is missing; written", listing.post.id.0),
                });
                fixes.rewrite.insert(listing.post.id.0);
            }
        }
    }

    /// The checks of one post's own derived rows: its slug claim, short link, tallies.
    async fn repair_post(
        &self,
        site: &Site,
        post: &Post,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<Tally> {
        let claims = self.claims();
        let scope = slug_scope(site);
        let (id, slug) = (post.id, post.slug.as_str());
        match claims.owner(&scope, slug).await? {
            Some((owner, state)) if owner == id.0 => {
                if state != "committed" {
                    findings.push(Finding {
                        table: "claims",
                        what: format!("the slug {slug} of post {} was pending; committed", id.0),
                    });
                    if fix {
                        claims.commit(&scope, slug, id.0).await?;
                    }
                }
            }
            Some((owner, _)) => findings.push(Finding {
                table: "claims",
                what: format!(
                    "the slug {slug} of post {} is held by post {owner}; left for an editor",
                    id.0
                ),
            }),
            None => {
                findings.push(Finding {
                    table: "claims",
                    what: format!("the slug {slug} of post {} was not claimed; claimed", id.0),
                });
                if fix && claims.claim(&scope, slug, id.0).await? == Claim::Won {
                    claims.commit(&scope, slug, id.0).await?;
                }
            }
        }
        let short = post.short_id as i64;
        let link: Option<(Option<Uuid>, Option<String>)> = self
            .row(&self.posts.short_link_full, (site.as_str(), short))
            .await?;
        if link != Some((Some(id.0), Some(slug.to_owned()))) {
            findings.push(Finding {
                table: "short_links",
                what: format!("/p/{short} did not lead to post {}; written", id.0),
            });
            if fix {
                self.exec(
                    &self.posts.short_link_insert,
                    (site.as_str(), short, id.0, slug),
                )
                .await?;
            }
        }
        let counted = self.counted(site, id).await?;
        let tally = self.tally(site, id).await?;
        if counted != tally {
            findings.push(Finding {
                table: "post_comment_tallies",
                what: format!(
                    "post {} counted {:?} for comments that are {:?}; recounted",
                    id.0, tally, counted
                ),
            });
            // The post's counters only: the site's are checked against every post's
            // rows after.
            if fix {
                self.add_tally(site, id, counted.minus(tally), false)
                    .await?;
            }
        }
        Ok(counted)
    }

    /// The front page, author pages, tag and archive buckets and their months of a site's
    /// posts.
    async fn repair_lists(
        &self,
        site: &Site,
        listings: &[Listing],
        authors: &HashSet<Uuid>,
        tags: &HashSet<String>,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let ks = &self.keyspace;
        let mut fixes = ListFixes::default();
        let site_key = [text(site.as_str())];
        // The front page holds the newest FRONT_PAGE_CAP.
        let mut newest: Vec<&Listing> = listings.iter().collect();
        newest.sort_by_key(|l| std::cmp::Reverse(timeuuid::time_of(l.published_id)));
        let front: HashMap<Uuid, &Listing> = newest
            .iter()
            .take(FRONT_PAGE_CAP)
            .map(|l| (l.published_id, *l))
            .collect();
        let rows = self
            .scan(
                format!("SELECT {LIST_COLUMNS} FROM {ks}.front_page WHERE site = ?"),
                (site.as_str(),),
            )
            .await?;
        Self::compare_list("front_page", &site_key, rows, &front, findings, &mut fixes);
        for author in authors {
            let theirs: Vec<&Listing> = listings
                .iter()
                .filter(|l| l.post.author_id.0 == *author)
                .collect();
            let bucketed = Bucketed {
                rows: "author_posts",
                years: "author_years",
                column: "author_id",
                key: CqlValue::Uuid(*author),
                bucket: Bucket::Year,
            };
            self.repair_buckets(site, &bucketed, &theirs, fix, findings, &mut fixes)
                .await?;
        }
        // Every tag's buckets, and the archive's, which list every post.
        let archive = ARCHIVE.to_owned();
        for tag in tags.iter().chain([&archive]) {
            let theirs: Vec<&Listing> = listings
                .iter()
                .filter(|l| *tag == archive || l.post.tags.to_strings().contains(tag))
                .collect();
            let bucketed = Bucketed {
                rows: "tag_posts",
                years: "tag_months",
                column: "tag",
                key: text(tag),
                bucket: if *tag == archive {
                    Bucket::HalfMonth
                } else {
                    Bucket::Month
                },
            };
            self.repair_buckets(site, &bucketed, &theirs, fix, findings, &mut fixes)
                .await?;
        }
        if fix {
            self.fix_lists(site, fixes).await?;
        }
        // Counted after any rewrite, which counts what it lists.
        self.repair_tag_counts(site, listings, fix, findings).await
    }

    /// Deletes the stale rows found and rewrites the posts whose rows were wrong.
    async fn fix_lists(&self, site: &Site, fixes: ListFixes) -> StoreResult<()> {
        let ks = &self.keyspace;
        for (table, values) in fixes.stale {
            let where_ = match table {
                "front_page" => "site = ? AND published = ?",
                "author_posts" => "site = ? AND author_id = ? AND year = ? AND published = ?",
                _ => "site = ? AND tag = ? AND month = ? AND published = ?",
            };
            let delete = prepare(
                &self.session,
                format!("DELETE FROM {ks}.{table} WHERE {where_}"),
            )
            .await
            .map_err(unavailable)?;
            let values: Vec<Option<CqlValue>> = values.into_iter().map(Some).collect();
            self.exec(&delete, values).await?;
        }
        for id in fixes.rewrite {
            self.settle_lists(site, PostId(id), None).await?;
        }
        Ok(())
    }

    /// Each tag's count against the posts listed under it.
    async fn repair_tag_counts(
        &self,
        site: &Site,
        listings: &[Listing],
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let ks = &self.keyspace;
        let mut expected: HashMap<String, i64> = HashMap::new();
        for listing in listings {
            for tag in listing.post.tags.to_strings() {
                *expected.entry(tag).or_default() += 1;
            }
        }
        let counted: Vec<(String, Option<i64>)> = self
            .scan(
                format!("SELECT tag, posts FROM {ks}.tag_counts WHERE site = ?"),
                (site.as_str(),),
            )
            .await?;
        let mut counted: HashMap<String, i64> = counted
            .into_iter()
            .map(|(t, n)| (t, n.unwrap_or_default()))
            .collect();
        for tag in expected.keys() {
            counted.entry(tag.clone()).or_default();
        }
        let mut wrong: Vec<(String, i64, i64)> = counted
            .into_iter()
            .filter_map(|(tag, n)| {
                let should = expected.get(&tag).copied().unwrap_or_default();
                (n != should).then_some((tag, n, should))
            })
            .collect();
        wrong.sort();
        for (tag, n, should) in wrong {
            findings.push(Finding {
                table: "tag_counts",
                what: format!("tag {tag} counted {n} posts for {should}; recounted"),
            });
            if fix {
                // Every month of the tag counted again, then its total.
                let months: Vec<(i32,)> = self
                    .scan(
                        format!("SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ?"),
                        (site.as_str(), tag.as_str()),
                    )
                    .await?;
                for (month,) in months {
                    self.recount_bucket(site, &tag, month).await?;
                }
                self.recount_tag(site, &tag).await?;
            }
        }
        Ok(())
    }

    /// One bucketed list (an author's by year, a tag's by month): its index has every
    /// bucket with rows, and each bucket has exactly the posts published then.
    async fn repair_buckets(
        &self,
        site: &Site,
        list: &Bucketed,
        listings: &[&Listing],
        fix: bool,
        findings: &mut Vec<Finding>,
        fixes: &mut ListFixes,
    ) -> StoreResult<()> {
        let ks = &self.keyspace;
        let Bucketed {
            rows: table,
            years: years_table,
            column,
            key,
            bucket,
        } = list;
        let by = bucket.column();
        let mut by_year: HashMap<i32, HashMap<Uuid, &Listing>> = HashMap::new();
        for l in listings {
            let year = bucket.of(CqlTimeuuid::from(l.published_id))?;
            by_year.entry(year).or_default().insert(l.published_id, l);
        }
        let values = vec![Some(text(site.as_str())), Some(key.clone())];
        let recorded: Vec<(i32,)> = self
            .scan(
                format!("SELECT {by} FROM {ks}.{years_table} WHERE site = ? AND {column} = ?"),
                values.clone(),
            )
            .await?;
        let recorded: HashSet<i32> = recorded.into_iter().map(|(y,)| y).collect();
        let mut years: BTreeSet<i32> = recorded.iter().copied().collect();
        years.extend(by_year.keys());
        for year in years {
            let expected = by_year.remove(&year).unwrap_or_default();
            if !expected.is_empty() && !recorded.contains(&year) {
                findings.push(Finding {
                    table: years_table,
                    what: format!(
                        "{column} {key:?} has posts in {by} {year}, which was not recorded; recorded"
                    ),
                });
                if fix {
                    let insert = prepare(
                        &self.session,
                        format!(
                            "INSERT INTO {ks}.{years_table} (site, {column}, {by}) VALUES (?, ?, ?)"
                        ),
                    )
                    .await
                    .map_err(unavailable)?;
                    let mut row = values.clone();
                    row.push(Some(CqlValue::Int(year)));
                    self.exec(&insert, row).await?;
                }
            }
            let mut row = values.clone();
            row.push(Some(CqlValue::Int(year)));
            let rows = self
                .scan(
                    format!(
                        "SELECT {LIST_COLUMNS} FROM {ks}.{table} WHERE site = ? AND {column} = ? AND {by} = ?"
                    ),
                    row,
                )
                .await?;
            let bucket = [text(site.as_str()), key.clone(), CqlValue::Int(year)];
            Self::compare_list(table, &bucket, rows, &expected, findings, fixes);
        }
        Ok(())
    }
}

#[async_trait]
impl Repair for CassandraStore {
    async fn repair(&self, site: &Site, fix: bool) -> StoreResult<RepairReport> {
        let ks = &self.keyspace;
        let mut report = RepairReport {
            fixed: fix,
            ..RepairReport::default()
        };
        let mut findings = Vec::new();
        let ids: Vec<(String, Uuid)> = self
            .scan_site(format!("SELECT site, post_id FROM {ks}.posts"), site)
            .await?;
        let mut listings = Vec::new();
        let mut posts = Vec::new();
        let mut pages = Vec::new();
        let mut drafts = Vec::new();
        let mut scheduled = Vec::new();
        let (mut authors, mut tags) = (HashSet::new(), HashSet::new());
        // What each bucket's state counts should be: the sums of its posts' rows.
        let mut buckets = vec![[0i64; 5]; usize::from(super::comments::tallies::BUCKETS)];
        for (_, id) in ids {
            let Some((post, listed)) = self.post_listing(site, PostId(id), false).await? else {
                continue;
            };
            report.posts += 1;
            posts.push(post.id);
            let tally = self.repair_post(site, &post, fix, &mut findings).await?;
            report.comments += tally.total as usize;
            let sums = &mut buckets[super::comments::tallies::bucket_of(id) as usize];
            for (sum, n) in sums.iter_mut().zip(tally.by_state) {
                *sum += n;
            }
            authors.insert(post.author_id.0);
            tags.extend(post.tags.to_strings());
            if let Some(listed) = &listed {
                self.repair_search(site, &post, listed.published_id, fix, &mut findings)
                    .await?;
            }
            if post.status == PostStatus::Draft && post.scheduled.is_some() {
                scheduled.push(post.clone());
            }
            if let Some(listed) = listed {
                listings.push(Listing {
                    post,
                    published_id: listed.published_id,
                });
            } else if post.is_page() {
                pages.push(post);
            } else if post.status == PostStatus::Draft && post.scheduled.is_none() {
                drafts.push(post);
            }
        }
        self.repair_pages(site, &pages, fix, &mut findings).await?;
        self.repair_scheduled(site, &scheduled, fix, &mut findings)
            .await?;
        self.repair_drafts(site, &authors, &drafts, fix, &mut findings)
            .await?;
        self.repair_lists(site, &listings, &authors, &tags, fix, &mut findings)
            .await?;
        self.repair_moderation_lists(site, &posts, fix, &mut findings)
            .await?;
        // Each bucket's state counts against its posts' rows.
        for (bucket, sums) in buckets.into_iter().enumerate() {
            let bucket = bucket as i32;
            let change = self.settle_bucket(site, bucket, Some(sums), fix).await?;
            for (state, n) in CommentState::ALL.iter().zip(change) {
                if n != 0 {
                    findings.push(Finding {
                        table: "comment_state_tallies",
                        what: format!(
                            "bucket {bucket} counted {} comments {} too many; recounted",
                            -n,
                            state.as_str()
                        ),
                    });
                }
            }
        }
        self.repair_social(site, fix, &mut findings).await?;
        report.accounts = self.repair_accounts(fix, &mut findings).await?;
        report.findings = findings;
        Ok(report)
    }
}
