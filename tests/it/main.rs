//! Sibyl's integration tests, one binary: the store conformance suite, the HTTP tests
//! and the browser journey, each run against the embedded SQLite store and a real
//! Cassandra node (`SIBYL_TEST_CASSANDRA`, default 127.0.0.1:9042). A Cassandra test
//! never skips: without a node it fails and says how to start one.

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fixtures;
mod helpers;
mod traces;

mod architecture;
mod cli;
mod contract;
mod deploy;
mod http;
mod lifecycle;
mod usecases;
