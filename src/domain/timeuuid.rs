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
        let mut node = [0u8; 6];
        getrandom::fill(&mut node).expect("operating system random source is unavailable");
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

/// The instant a version-1 time UUID was made at.
pub fn time_of(id: Uuid) -> Option<DateTime<Utc>> {
    let (secs, nanos) = id.get_timestamp()?.to_unix();
    DateTime::from_timestamp(secs as i64, nanos)
}

#[cfg(test)]
mod tests {
    use super::*;

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
