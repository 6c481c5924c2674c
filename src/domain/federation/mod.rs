//! ActivityPub's rules that need nothing but their inputs: each actor's key pair, the
//! HTTP signatures requests between servers carry, and the documents Sibyl shows the
//! fediverse (actors, articles, collections, WebFinger, NodeInfo).

pub mod documents;
pub mod keys;
pub mod message_signature;
pub mod note_text;
pub mod reply;
pub mod signature;

pub use keys::{ActorKey, RemoteKey};
