//! Sibyl: a server-rendered blog stored in Apache Cassandra or an embedded SQLite file.
//!
//! Layers, from the inside out: [`domain`] holds pure rules and types, [`store`] the one
//! data contract and its two adapters, [`web`] the routes and pages, and [`startup`]
//! wires them into a running server.

pub mod allocator;
pub mod backup;
pub mod binaries;
pub mod clock;
pub mod config;
pub mod deletion;
pub mod domain;
pub mod jobs;
pub mod mail;
pub mod metrics;
pub mod newsletter;
pub mod reconciler;
pub mod scheduler;
pub mod shell_admin;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod web;
