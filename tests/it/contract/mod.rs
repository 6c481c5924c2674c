//! The store contract, one file per aggregate: every test runs against the embedded
//! SQLite store and a real Cassandra node, through `dyn Store` only.

mod account_deletion;
mod account_links;
mod accounts;
pub mod archive;
mod backup;
mod binaries;
mod collector;
pub mod comments;
mod deletion;
mod drafts;
mod fediverse;
mod fediverse_blocks;
mod fediverse_requests;
mod host_ids;
mod moderation;
pub mod moving_in;
mod parking;
mod races;
mod reconciler;
mod repair;
mod revisions;
mod scheduling;
pub mod search;
mod secrets;
mod sessions;
pub mod site_accounts;
pub mod site_deletion;
pub mod site_work;
pub mod sites;
pub mod social;
mod static_pages;
mod store;
mod subscriptions;
mod suggestions;
mod tags;
mod translations;
