//! Sibyl's integration tests, one binary: the store conformance suite, the HTTP tests
//! and the browser journey, each run against the embedded SQLite store and a real
//! Cassandra node (`SIBYL_TEST_CASSANDRA`, default 127.0.0.1:9042). A Cassandra test
//! never skips: without a node it fails and says how to start one.

mod helpers;

mod accounts_contract;
mod accounts_http;
mod binaries;
mod binaries_http;
mod browser;
mod cli;
mod comments;
mod comments_http;
mod fetch;
mod host_ids;
mod html_checker;
mod http;
mod http_semantics;
mod iiif;
mod locales;
mod revisions;
mod routes;
mod store_contract;
mod suggestions;
mod tags;
mod upload_memory;
mod xss;
