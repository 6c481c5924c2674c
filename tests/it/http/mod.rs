//! The application over HTTP, as a browser or a client drives it, on both stores: pages,
//! forms and their errors, routes and roles, attachments, the browser journey.

mod account_deletion;
mod accounts;
mod api;
pub mod binaries;
mod browser;
mod caching;
pub mod comments;
mod deletion;
mod desk;
mod email_change;
mod feeds;
mod fetch;
mod health;
mod html_checker;
mod iiif;
mod mail;
mod moving_in;
mod operations;
mod pages;
mod password_reset;
mod post_download;
mod publishing;
mod revisions;
mod routes;
mod scheduling;
mod search;
mod semantics;
mod seo;
mod site;
mod static_pages;
mod subscriptions;
mod suggestions;
mod tags;
mod translations;
mod upload_memory;
pub mod xss;
