//! Sibyl: a server-rendered blog stored in Apache Cassandra or an embedded SQLite file.
//!
//! Layers, from the inside out: [`domain`] holds pure rules and types, [`store`] the one
//! data contract and its two adapters, [`binaries`] the attachment service above it,
//! [`app`] the writes that span aggregates and the background jobs, [`web`] the routes
//! and pages, [`backup`] export, import and moving in; [`infra`] holds what every layer
//! above the domain uses (the clock, mail, metrics, logging, the job runner), [`i18n`]
//! the interface's languages (message catalogs, dates and numbers), [`urls`] the site's
//! URL scheme, and [`startup`] wires them into a running server.

pub mod app;
pub mod backup;
pub mod binaries;
pub mod config;
pub mod domain;
pub mod i18n;
pub mod infra;
pub mod startup;
pub mod store;
pub mod urls;
pub mod web;
