//! What the adapter's own statements may do, checked from their text and the schema:
//! which are idempotent (so the driver may retry them on another replica when a node
//! dies mid-request), and that no cell is written both by lightweight transactions and
//! by plain writes (Paxos and plain writes order a cell by different clocks, so a mix
//! can lose an applied LWT or bring back an overwritten value).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{LazyLock, Mutex};

/// A table of the schema: its columns with their types, and which are the key.
#[derive(Debug, Default)]
pub(super) struct Table {
    columns: BTreeMap<String, String>,
    key: BTreeSet<String>,
}

/// The tables of a schema text such as `schema.cql`, by name.
pub(super) fn tables(schema: &str) -> BTreeMap<String, Table> {
    let mut out = BTreeMap::new();
    let text: String = schema
        .lines()
        .map(|l| l.split("--").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    for statement in text.split(';') {
        let s = statement.trim();
        let Some(rest) = s.strip_prefix("CREATE TABLE IF NOT EXISTS ") else {
            continue;
        };
        let Some((name, body)) = rest.split_once('(') else {
            continue;
        };
        let body = body.rsplit_once(')').map_or(body, |(b, _)| b);
        let mut table = Table::default();
        let mut depth = 0;
        let mut part = String::new();
        let mut parts = Vec::new();
        for ch in body.chars() {
            match ch {
                '(' | '<' => depth += 1,
                ')' | '>' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(std::mem::take(&mut part));
                    continue;
                }
                _ => {}
            }
            part.push(ch);
        }
        parts.push(part);
        for part in parts {
            let part = part.trim();
            if let Some(key) = part.strip_prefix("PRIMARY KEY") {
                for column in key.split(|c: char| "(), ".contains(c)) {
                    if !column.trim().is_empty() {
                        table.key.insert(column.trim().to_owned());
                    }
                }
            } else if let Some((column, kind)) = part.split_once(char::is_whitespace) {
                let kind = kind.trim();
                let (kind, key) = match kind.strip_suffix("PRIMARY KEY") {
                    Some(k) => (k.trim(), true),
                    None => (kind, false),
                };
                if key {
                    table.key.insert(column.to_owned());
                }
                table.columns.insert(column.to_owned(), kind.to_owned());
            }
        }
        out.insert(name.trim().to_owned(), table);
    }
    out
}

static SCHEMA_TABLES: LazyLock<BTreeMap<String, Table>> = LazyLock::new(|| tables(super::SCHEMA));

/// What a statement writes: its table, the cells (non-key columns; `*` for a whole row
/// deleted), whether it is an LWT, and whether it is safe to run twice.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Write {
    pub table: String,
    pub cells: BTreeSet<String>,
    pub lwt: bool,
    pub idempotent: bool,
}

fn words(cql: &str) -> Vec<&str> {
    cql.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect()
}

fn table_name(qualified: &str) -> String {
    qualified
        .rsplit_once('.')
        .map_or(qualified, |(_, t)| t)
        .to_owned()
}

/// Reads what an INSERT, UPDATE or DELETE writes; `None` for any other statement.
pub(super) fn write_of(cql: &str, schema: &BTreeMap<String, Table>) -> Option<Write> {
    let cql = &cql.split_whitespace().collect::<Vec<_>>().join(" ");
    let w = words(cql);
    let lwt = w.contains(&"IF");
    let (table, mut written, appends) = match w.first().copied()? {
        "INSERT" => {
            let table = table_name(w.get(2)?);
            let values = w.iter().position(|x| *x == "VALUES")?;
            let columns: Vec<String> = w[3..values].iter().map(|c| (*c).to_owned()).collect();
            (table, columns, false)
        }
        "UPDATE" => {
            let table = table_name(w.get(1)?);
            let set = cql.find(" SET ")? + 5;
            let end = cql.find(" WHERE ")?;
            let mut columns = Vec::new();
            let mut appends = false;
            for assignment in cql[set..end].split(',') {
                let Some((column, value)) = assignment.split_once('=') else {
                    continue;
                };
                let column = column.trim().to_owned();
                // `c = c + ?` on a counter or a list is not idempotent; on a set it is.
                if value.contains(column.as_str()) {
                    let kind = schema
                        .get(&table)
                        .and_then(|t| t.columns.get(&column))
                        .map_or("", String::as_str);
                    appends |= kind == "counter" || kind.starts_with("list");
                }
                columns.push(column);
            }
            (table, columns, appends)
        }
        "DELETE" => {
            let from = w.iter().position(|x| *x == "FROM")?;
            let table = table_name(w.get(from + 1)?);
            let mut columns: Vec<String> = w[1..from].iter().map(|c| (*c).to_owned()).collect();
            if columns.is_empty() {
                columns.push("*".to_owned());
            }
            (table, columns, false)
        }
        _ => return None,
    };
    let key = schema.get(&table).map(|t| &t.key);
    written.retain(|c| key.is_none_or(|k| !k.contains(c)));
    Some(Write {
        table,
        cells: written.into_iter().collect(),
        lwt,
        idempotent: !lwt && !appends,
    })
}

/// Whether the driver may run a statement again on another replica.
/// Whether a statement only reads (a `SELECT`).
pub(super) fn is_read(cql: &str) -> bool {
    cql.trim_start()
        .get(..7)
        .is_some_and(|verb| verb.eq_ignore_ascii_case("SELECT "))
}

pub(super) fn is_idempotent(cql: &str) -> bool {
    write_of(cql, &SCHEMA_TABLES).is_none_or(|w| w.idempotent)
}

/// Every cell written both by an LWT and by a plain write among `statements`, as
/// `table.cell`. A whole-row delete counts as writing every cell of its table.
pub(super) fn mixed_cells(statements: &[String], schema: &BTreeMap<String, Table>) -> Vec<String> {
    let mut by_lwt: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut by_plain: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for write in statements.iter().filter_map(|s| write_of(s, schema)) {
        let side = if write.lwt {
            &mut by_lwt
        } else {
            &mut by_plain
        };
        side.entry(write.table).or_default().extend(write.cells);
    }
    let mut mixed = Vec::new();
    for (table, lwt_cells) in &by_lwt {
        let Some(plain_cells) = by_plain.get(table) else {
            continue;
        };
        for cell in lwt_cells {
            let clash = plain_cells.contains(cell)
                || plain_cells.contains("*")
                || (cell == "*" && !plain_cells.is_empty());
            if clash {
                mixed.push(format!("{table}.{cell}"));
            }
        }
        if !lwt_cells.contains("*") && plain_cells.contains("*") {
            mixed.push(format!("{table}.* (a plain delete of rows with LWT cells)"));
        }
    }
    mixed.sort();
    mixed.dedup();
    mixed
}

static PREPARED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Remembers a statement this process prepared.
pub(super) fn record(cql: &str) {
    let normal = cql.split_whitespace().collect::<Vec<_>>().join(" ");
    PREPARED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(normal);
}

/// The text of every statement this process has prepared against Cassandra.
pub fn prepared_statements() -> Vec<String> {
    PREPARED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .cloned()
        .collect()
}

/// The tables some statement this process prepared writes by an LWT (every statement is
/// prepared when the store opens).
pub(super) fn lwt_tables() -> BTreeSet<String> {
    prepared_statements()
        .iter()
        .filter_map(|s| write_of(s, &SCHEMA_TABLES))
        .filter(|w| w.lwt)
        .map(|w| w.table)
        .collect()
}

/// Cells written both ways by the statements this process has prepared (see
/// [`mixed_cells`]): empty when the rule holds.
pub fn mixed_writes() -> Vec<String> {
    mixed_cells(&prepared_statements(), &SCHEMA_TABLES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_the_selects_alone() {
        assert!(is_read("SELECT a FROM t WHERE k = ?"));
        assert!(is_read("  select a from t"));
        for cql in [
            "INSERT INTO t (k) VALUES (?)",
            "UPDATE t SET a = ? WHERE k = ? IF a = ?",
            "DELETE FROM t WHERE k = ?",
            "SELECTED",
            "",
        ] {
            assert!(!is_read(cql), "{cql}");
        }
    }

    const SCHEMA: &str = "
        -- a comment, with (parentheses), and a ; inside
        CREATE TABLE IF NOT EXISTS t (
            site text, id uuid, title text, n counter, tags list<text>, locales set<text>,
            PRIMARY KEY ((site, id))
        );
        CREATE TABLE IF NOT EXISTS u (id uuid PRIMARY KEY, name text, state text);";

    fn all(statements: &[&str]) -> Vec<String> {
        mixed_cells(
            &statements
                .iter()
                .map(|s| (*s).to_owned())
                .collect::<Vec<_>>(),
            &tables(SCHEMA),
        )
    }

    #[test]
    fn the_schema_is_read_with_its_keys_and_types() {
        let t = tables(SCHEMA);
        assert_eq!(
            t["t"].key,
            ["site", "id"].map(str::to_owned).into_iter().collect()
        );
        assert_eq!(t["t"].columns["tags"], "list<text>");
        assert_eq!(t["u"].key, ["id".to_owned()].into_iter().collect());
        let real = tables(super::super::SCHEMA);
        assert_eq!(real.len(), 110);
        assert!(real["posts"].key.contains("post_id"));
        assert_eq!(real["post_comment_tallies"].columns["approved"], "counter");
    }

    #[test]
    fn a_cell_written_by_an_lwt_and_a_plain_write_is_found() {
        assert_eq!(
            all(&[
                "INSERT INTO ks.u (id, name, state) VALUES (?, ?, ?)",
                "UPDATE ks.u SET state = ? WHERE id = ? IF state = 'open'",
            ]),
            vec!["u.state"]
        );
        // Different cells of one row, each written one way: allowed.
        assert!(
            all(&[
                "INSERT INTO ks.u (id, name) VALUES (?, ?)",
                "UPDATE ks.u SET state = ? WHERE id = ? IF state = 'open'",
            ])
            .is_empty()
        );
        // A plain delete of a whole row with LWT cells is a mix too.
        assert!(
            !all(&[
                "INSERT INTO ks.u (id, state) VALUES (?, ?) IF NOT EXISTS",
                "DELETE FROM ks.u WHERE id = ?",
            ])
            .is_empty()
        );
        assert!(
            all(&[
                "INSERT INTO ks.u (id, state) VALUES (?, ?) IF NOT EXISTS",
                "DELETE FROM ks.u WHERE id = ? IF state = ?",
            ])
            .is_empty()
        );
    }

    #[test]
    fn idempotence_follows_the_statement() {
        let s = tables(SCHEMA);
        let idem = |cql: &str| write_of(cql, &s).is_none_or(|w| w.idempotent);
        assert!(idem("SELECT title FROM ks.t WHERE site = ? AND id = ?"));
        assert!(idem("INSERT INTO ks.t (site, id, title) VALUES (?, ?, ?)"));
        assert!(idem(
            "UPDATE ks.t SET locales = locales + ? WHERE site = ? AND id = ?"
        ));
        assert!(idem("DELETE FROM ks.t WHERE site = ? AND id = ?"));
        assert!(!idem(
            "INSERT INTO ks.t (site, id, title) VALUES (?, ?, ?) IF NOT EXISTS"
        ));
        assert!(!idem("UPDATE ks.t SET n = n + ? WHERE site = ? AND id = ?"));
        assert!(!idem(
            "UPDATE ks.t SET tags = tags + ? WHERE site = ? AND id = ?"
        ));
        assert!(!idem("UPDATE ks.u SET name = ? WHERE id = ? IF name = ?"));
    }
}
