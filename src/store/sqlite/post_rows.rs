//! A post's rows as every aggregate reads and writes them: the posts row read whole
//! (with its published translations and when its text was last saved), and a revision
//! appended.

use super::*;

/// When the latest revision of post `p`'s own text was saved: a subquery of a statement
/// that reads `posts p`.
macro_rules! latest_save {
    () => {
        "(SELECT r.created FROM revisions r WHERE r.site = p.site AND r.post_id = p.id \
          AND r.locale = p.locale AND r.branch = 1 AND r.revision = p.revision)"
    };
}
pub(super) use latest_save;

pub(super) const POST_COLUMNS: &str = "id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision, short_id, locale, comments_closed, kind, first_published";

/// POST_COLUMNS of `posts p` and, in the same statement, the locales of the published
/// translations and when the latest revision was saved.
pub(super) const POST_SELECT: &str = concat!(
    "id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision, short_id, locale, comments_closed, kind, first_published,
    (SELECT group_concat(t.locale) FROM translations t WHERE t.site = p.site AND t.post_id = p.id AND t.status = 'published'), ",
    latest_save!(),
    ", scheduled"
);

pub(super) struct PostRow {
    id: String,
    slug: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    tags: String,
    author_id: String,
    author_name: String,
    status: String,
    created: i64,
    published: Option<i64>,
    revision: u32,
    short_id: u64,
    locale: String,
    comments_closed: bool,
    kind: String,
    first_published: Option<i64>,
    translations: Option<String>,
    /// When the latest revision was saved.
    updated: Option<i64>,
    scheduled: Option<i64>,
}

impl PostRow {
    pub(super) fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            slug: row.get(1)?,
            title: row.get(2)?,
            body: row.get(3)?,
            body_html: row.get(4)?,
            excerpt: row.get(5)?,
            tags: row.get(6)?,
            author_id: row.get(7)?,
            author_name: row.get(8)?,
            status: row.get(9)?,
            created: row.get(10)?,
            published: row.get(11)?,
            revision: row.get(12)?,
            short_id: row.get(13)?,
            locale: row.get(14)?,
            comments_closed: row.get(15)?,
            kind: row.get(16)?,
            first_published: row.get(17)?,
            translations: row.get(18)?,
            updated: row.get(19)?,
            scheduled: row.get(20)?,
        })
    }

    pub(super) fn into_post(self) -> StoreResult<Post> {
        Ok(Post {
            id: PostId(uuid(&self.id)?),
            slug: Slug::parse(&self.slug)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            tags: split_tags(&self.tags),
            author_id: UserId(uuid(&self.author_id)?),
            author_name: self.author_name,
            status: PostStatus::parse(&self.status)?,
            created: millis_to_time(self.created),
            published: self.published.map(millis_to_time),
            revision: self.revision,
            updated: millis_to_time(self.updated.unwrap_or(self.created)),
            short_id: self.short_id,
            locale: Locale::parse(&self.locale)?,
            translations: locales(self.translations.as_deref())?,
            comments_closed: self.comments_closed,
            kind: PostKind::parse(&self.kind)?,
            first_published: self.first_published.or(self.published).map(millis_to_time),
            scheduled: self.scheduled.map(millis_to_time),
        })
    }
}

/// The published translations' locales, as group_concat lists them, in order.
pub(super) fn locales(list: Option<&str>) -> StoreResult<Vec<Locale>> {
    let mut locales = list
        .unwrap_or_default()
        .split(',')
        .filter(|code| !code.is_empty())
        .map(Locale::parse)
        .collect::<Result<Vec<_>, _>>()?;
    locales.sort();
    Ok(locales)
}

pub(super) fn post_by_id(sql: &Sql<'_>, site: &str, id: &str) -> StoreResult<Option<Post>> {
    let row = sql
        .prepare(&format!(
            "SELECT {POST_SELECT} FROM posts p WHERE site = ?1 AND id = ?2 AND status != 'deleted'"
        ))
        .and_then(|mut s| s.query_row(params![site, id], PostRow::read).optional())
        .map_err(unavailable)?;
    row.map(PostRow::into_post).transpose()
}

/// Appends revision `number` of a post's text in `locale`.
pub(super) fn insert_revision(
    sql: &Sql<'_>,
    site: &str,
    id: &str,
    locale: &str,
    number: u32,
    edit: &PostEdit,
) -> StoreResult<()> {
    sql.prepare(
        "INSERT INTO revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, created, message, author_name)
         VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )
    .and_then(|mut s| {
        s.execute(params![
            site,
            id,
            locale,
            number,
            edit.title.as_str(),
            edit.body.as_str(),
            edit.body_html,
            join_tags(&edit.tags),
            edit.author_id.0.to_string(),
            edit.at.timestamp_millis(),
            edit.message,
            edit.author_name,
        ])
    })
    .map_err(unavailable)?;
    Ok(())
}
