//! How many rows one call of the contract returns at most, whatever its caller asks for:
//! both adapters bring a caller's `limit` within these with [`page_size`], so that a
//! page costs the same bounded read on either store.

/// A page of posts: the home page, a tag, an author, a month, search results, drafts.
pub const POSTS: usize = super::posts::FRONT_PAGE_CAP;
/// A page of the comments under a post.
pub const COMMENTS: usize = 200;
/// A page of a moderation list or of the moderation log.
pub const MODERATION: usize = 500;
/// A page of a long list read by administrators, exports and repair: tag counts,
/// subscribers, one member's comments.
pub const ROSTER: usize = 1000;

/// `limit` brought within `1..=cap`.
pub fn page_size(limit: usize, cap: usize) -> usize {
    limit.clamp(1, cap)
}
