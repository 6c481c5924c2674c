//! What Sibyl does above the store, whichever front end asks: the writes that span
//! aggregates ([`deletion`]), the shell's account commands ([`shell_admin`]) and the
//! background jobs every instance runs ([`jobs`]).

pub mod deletion;
pub mod jobs;
pub mod shell_admin;
