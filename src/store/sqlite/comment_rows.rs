//! A comment's row as the comment and moderation files both read it, and a commenter
//! marked trusted.

use super::*;

pub(super) const COMMENT_COLUMNS: &str = "id, post_id, post_slug, post_title, thread, parent, author_id, author_name, author_email, body, body_html, state, reason, edited, author_actor";

pub(super) fn comment_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<CommentRow> {
    Ok(CommentRow {
        id: row.get(0)?,
        post_id: row.get(1)?,
        post_slug: row.get(2)?,
        post_title: row.get(3)?,
        thread: row.get(4)?,
        parent: row.get(5)?,
        author_id: row.get(6)?,
        author_name: row.get(7)?,
        author_email: row.get(8)?,
        body: row.get(9)?,
        body_html: row.get(10)?,
        state: row.get(11)?,
        reason: row.get(12)?,
        edited: row.get(13)?,
        author_actor: row.get(14)?,
    })
}

pub(super) struct CommentRow {
    pub(super) id: String,
    post_id: String,
    post_slug: String,
    post_title: String,
    thread: String,
    parent: Option<String>,
    author_id: Option<String>,
    author_name: String,
    author_email: String,
    body: String,
    body_html: String,
    state: String,
    reason: String,
    edited: Option<i64>,
    author_actor: Option<String>,
}

impl CommentRow {
    pub(super) fn into_comment(self) -> StoreResult<Comment> {
        let id = |text: &str| CommentId::parse(text).map_err(StoreError::from);
        let author = Commenter::from_columns(
            self.author_id.as_deref().map(uuid).transpose()?.map(UserId),
            self.author_name,
            Some(self.author_email),
            self.author_actor,
        );
        Ok(Comment {
            id: id(&self.id)?,
            post: CommentedPost {
                id: PostId(uuid(&self.post_id)?),
                slug: self.post_slug,
                title: self.post_title,
            },
            thread: id(&self.thread)?,
            parent: self.parent.as_deref().map(id).transpose()?,
            author,
            body: CommentBody::stored(&self.body),
            body_html: self.body_html,
            state: CommentState::parse(&self.state)?,
            reason: self.reason,
            edited: self.edited.map(millis_to_time),
        })
    }

    pub(super) fn into_thread_comment(self) -> StoreResult<ThreadComment> {
        Ok(ThreadComment::from(&self.into_comment()?))
    }
}

pub(super) fn comment_of(
    sql: &Sql<'_>,
    site: &str,
    post: &str,
    id: &str,
) -> StoreResult<Option<Comment>> {
    sql.prepare(&format!(
        "SELECT {COMMENT_COLUMNS} FROM comments WHERE site = ?1 AND post_id = ?2 AND id = ?3"
    ))
    .and_then(|mut s| s.query_row(params![site, post, id], comment_row).optional())
    .map_err(unavailable)?
    .map(CommentRow::into_comment)
    .transpose()
}

pub(super) fn trust(sql: &Sql<'_>, site: &str, user: UserId) -> StoreResult<()> {
    sql.prepare(
        "INSERT INTO commenters (site, user_id, trusted) VALUES (?1, ?2, 1)
         ON CONFLICT (site, user_id) DO UPDATE SET trusted = 1",
    )
    .and_then(|mut s| s.execute(params![site, user.0.to_string()]))
    .map_err(unavailable)?;
    Ok(())
}
