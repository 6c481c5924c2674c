//! What the node did for statements a store traced (`StoreOptions::traces`): read from
//! `system_traces` once the node has finished writing each trace.

use scylla::statement::Consistency;
use scylla::statement::unprepared::Statement;
use std::collections::HashMap;

/// One traced statement: the consistency it ran at, and the live rows and tombstones its
/// reads met (`Read N live rows and M tombstone cells`).
#[derive(Debug, Default)]
pub struct Trace {
    pub consistency: String,
    pub live: u64,
    pub tombstones: u64,
}

/// The traces under `ids`, in order.
pub async fn traces(ids: &[uuid::Uuid]) -> Vec<Trace> {
    let session = crate::helpers::cql_session().await;
    // The traces' keyspace is replicated twice: one replica answers on a single node.
    let at_one = |cql: &str| {
        let mut statement = Statement::new(cql);
        statement.set_consistency(Consistency::One);
        statement
    };
    let mut out = Vec::new();
    for id in ids {
        let mut parameters = None;
        for _ in 0..100 {
            let rows = session
                .query_unpaged(
                    at_one("SELECT duration, parameters FROM system_traces.sessions WHERE session_id = ?"),
                    (id,),
                )
                .await
                .unwrap()
                .into_rows_result()
                .unwrap();
            type Row = (Option<i32>, Option<HashMap<String, String>>);
            if let Some((Some(_), found)) = rows.maybe_first_row::<Row>().unwrap() {
                parameters = Some(found.unwrap_or_default());
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let parameters =
            parameters.unwrap_or_else(|| panic!("the trace {id} was not finished in ten seconds"));
        let mut trace = Trace {
            consistency: parameters
                .get("consistency_level")
                .cloned()
                .unwrap_or_default(),
            ..Trace::default()
        };
        let events = session
            .query_unpaged(
                at_one("SELECT activity FROM system_traces.events WHERE session_id = ?"),
                (id,),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap();
        for event in events.rows::<(Option<String>,)>().unwrap() {
            let Some(activity) = event.unwrap().0 else {
                continue;
            };
            let Some(read) = activity.strip_prefix("Read ") else {
                continue;
            };
            let words: Vec<&str> = read.split_whitespace().collect();
            if let [rows, "live", "rows", "and", dead, "tombstone", ..] = words[..] {
                trace.live += rows.parse::<u64>().unwrap();
                trace.tombstones += dead.parse::<u64>().unwrap();
            }
        }
        out.push(trace);
    }
    out
}

/// What the node read for the statements traced under `ids`: (live rows, tombstones).
pub async fn reads(ids: &[uuid::Uuid]) -> (u64, u64) {
    let traces = traces(ids).await;
    (
        traces.iter().map(|t| t.live).sum(),
        traces.iter().map(|t| t.tombstones).sum(),
    )
}
