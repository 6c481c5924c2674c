//! The members contract: an account's role and ban on one registered site (a deployment
//! with no registered site keeps them on the accounts, as a single blog always has). An
//! account becomes a member when it signs up or signs in on the site, is named its first
//! administrator, or was an account of the site before it was registered.

use super::*;

/// How many members a page of a site's member list shows at most.
pub const MEMBERS_PAGE_CAP: usize = 100;

/// How many administrators a site has at most: making one more is refused (the bound of
/// the list of a site's administrators).
pub const SITE_ADMINS_CAP: usize = 100;

/// An account's standing on one site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Membership {
    pub role: Role,
    pub banned: bool,
    /// When it became a member (first signed up or in there).
    pub joined: DateTime<Utc>,
}

#[async_trait]
pub trait Members: Send + Sync {
    /// The account's standing on the site, if it is a member.
    async fn membership(&self, site: &Site, user: UserId) -> StoreResult<Option<Membership>>;

    /// Makes the account a member of the site with `role`, unless it is one already:
    /// the membership kept either way. Running it again (after a crash, or twice at
    /// once) keeps one membership and lists it once.
    async fn join_site(
        &self,
        site: &Site,
        user: UserId,
        role: Role,
        at: DateTime<Utc>,
    ) -> StoreResult<Membership>;

    /// Sets a member's role, or ban, or both on the site (making it a member first, a
    /// reader from `at`, if need be); what is not given stays as it is, whatever another
    /// change made of it meanwhile.
    async fn set_membership(
        &self,
        site: &Site,
        user: UserId,
        role: Option<Role>,
        banned: Option<bool>,
        at: DateTime<Utc>,
    ) -> StoreResult<Membership>;

    /// The site's members, newest first, from the one who joined just before `before`
    /// (its time and account), at most `limit` (up to [`MEMBERS_PAGE_CAP`]).
    async fn members_page(
        &self,
        site: &Site,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<(UserId, Membership)>>;

    /// The sites the account is a member of, in URL order, from the one after `after`, at
    /// most `limit` (up to [`MEMBERS_PAGE_CAP`]): where its comments, posts and standing
    /// can be, for its deletion.
    async fn sites_of_member(
        &self,
        user: UserId,
        after: Option<&Site>,
        limit: usize,
    ) -> StoreResult<Vec<Site>>;

    /// The site's administrators, in account order, at most `limit` (up to
    /// [`SITE_ADMINS_CAP`]).
    async fn site_admins(&self, site: &Site, limit: usize) -> StoreResult<Vec<UserId>>;
}
