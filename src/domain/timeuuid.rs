//! Version-1 time UUIDs (Cassandra's `timeuuid`): ordered by time, unique per call.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// A version-1 time UUID for an instant, unique within this process even for many at
/// the same millisecond (the clock sequence counts them), with a random node id per process.
pub fn at(instant: DateTime<Utc>) -> Uuid {
    use std::sync::OnceLock;
    use uuid::timestamp::{Timestamp, context::ContextV1};
    static CONTEXT: OnceLock<(ContextV1, [u8; 6])> = OnceLock::new();
    let (context, node) = CONTEXT.get_or_init(|| {
        let mut node = super::token::random_bytes::<6>();
        node[0] |= 0x01; // multicast bit: marks a random node id, per RFC 9562
        (ContextV1::new_random(), node)
    });
    let ts = Timestamp::from_unix(
        context,
        instant.timestamp() as u64,
        instant.timestamp_subsec_nanos(),
    );
    Uuid::new_v1(ts, node)
}

/// The version-1 time UUID a record brought in from elsewhere always gets for its
/// source's `name`: the instant it was written, with a clock sequence and node id taken
/// from the name (the node marked as not a real one).
pub fn named(instant: DateTime<Utc>, name: &str) -> Uuid {
    let bytes = super::token::name_bytes(name);
    let mut node = [0u8; 6];
    node.copy_from_slice(&bytes[..6]);
    node[0] |= 0x01;
    let counter = u16::from_be_bytes([bytes[6], bytes[7]]) & 0x3fff;
    // 100-nanosecond ticks since the Gregorian calendar began (1582-10-15).
    const GREGORIAN_TO_UNIX_SECS: i64 = 12_219_292_800;
    let ticks = (instant.timestamp() + GREGORIAN_TO_UNIX_SECS).max(0) as u64 * 10_000_000
        + u64::from(instant.timestamp_subsec_nanos() / 100);
    uuid::Builder::from_gregorian_timestamp(ticks, counter, &node).into_uuid()
}

/// The instant a version-1 time UUID was made at.
pub fn time_of(id: Uuid) -> Option<DateTime<Utc>> {
    let (secs, nanos) = id.get_timestamp()?.to_unix();
    DateTime::from_timestamp(secs as i64, nanos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_id_is_the_same_each_time_and_keeps_its_time() {
        let when = DateTime::parse_from_rfc3339("2019-03-04T05:06:07.123456700Z")
            .unwrap()
            .with_timezone(&Utc);
        let id = named(when, "wordpress:comment:7");
        assert_eq!(id, named(when, "wordpress:comment:7"));
        assert_ne!(id, named(when, "wordpress:comment:8"));
        assert_eq!(id.get_version_num(), 1);
        assert_eq!(time_of(id), Some(when));
    }

    #[test]
    fn many_at_one_millisecond_are_distinct_and_keep_their_time() {
        let when = crate::domain::now();
        let ids: std::collections::HashSet<Uuid> = (0..1000).map(|_| at(when)).collect();
        assert_eq!(ids.len(), 1000);
        assert!(
            ids.iter()
                .all(|id| id.get_version_num() == 1 && time_of(*id) == Some(when))
        );
    }
}
