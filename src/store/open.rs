//! Where the data lives (`--store`), and opening or migrating it.

use super::*;

/// Where the data lives, from `--store`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreUrl {
    Sqlite(PathBuf),
    Cassandra {
        nodes: Vec<String>,
        keyspace: String,
    },
}

impl StoreUrl {
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if let Some(path) = input.strip_prefix("sqlite:") {
            let path = path.strip_prefix("//").unwrap_or(path);
            if path.is_empty() {
                return Err(Invalid::new(
                    "sqlite: needs a file path, e.g. sqlite:./data/sibyl.db",
                ));
            }
            return Ok(StoreUrl::Sqlite(PathBuf::from(path)));
        }
        if let Some(rest) = input.strip_prefix("cassandra://") {
            let (hosts, keyspace) = rest.split_once('/').ok_or_else(|| {
                Invalid::new(
                    "a Cassandra store URL names a keyspace: cassandra://HOST:PORT/KEYSPACE",
                )
            })?;
            let mut nodes = Vec::new();
            for node in hosts.split(',') {
                let (host, port) = node.rsplit_once(':').ok_or_else(|| {
                    Invalid::new(format!(
                        "Cassandra node {node:?} needs a port, as in 127.0.0.1:9042"
                    ))
                })?;
                if host.is_empty() || port.parse::<u16>().is_err() {
                    return Err(Invalid::new(format!(
                        "Cassandra node {node:?} is not HOST:PORT"
                    )));
                }
                nodes.push(node.to_owned());
            }
            let keyspace_ok = !keyspace.is_empty()
                && keyspace.len() <= 48
                && keyspace.starts_with(|c: char| c.is_ascii_lowercase())
                && keyspace
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if !keyspace_ok {
                return Err(Invalid::new(format!(
                    "keyspace {keyspace:?} must be 1 to 48 lowercase letters, digits or '_', starting with a letter"
                )));
            }
            return Ok(StoreUrl::Cassandra {
                nodes,
                keyspace: keyspace.to_owned(),
            });
        }
        Err(Invalid::new(format!(
            "unknown store {input:?}: use sqlite:PATH or cassandra://HOST:PORT[,HOST:PORT]/KEYSPACE"
        )))
    }
}

impl std::str::FromStr for StoreUrl {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Replication of a Cassandra keyspace, from `--replication`:
/// `SimpleStrategy:N` or `NetworkTopologyStrategy:DC=N[,DC=N]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replication {
    Simple(u8),
    NetworkTopology(Vec<(String, u8)>),
}

impl Replication {
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let bad = || {
            Invalid::new(format!(
                "replication {input:?} must be SimpleStrategy:N or NetworkTopologyStrategy:DC=N[,DC=N]"
            ))
        };
        let factor = |s: &str| s.parse::<u8>().ok().filter(|n| (1..=9).contains(n));
        match input.split_once(':') {
            Some(("SimpleStrategy", n)) => factor(n).map(Replication::Simple).ok_or_else(bad),
            Some(("NetworkTopologyStrategy", dcs)) => {
                let mut out = Vec::new();
                for dc in dcs.split(',') {
                    let (name, n) = dc.split_once('=').ok_or_else(bad)?;
                    let name_ok = !name.is_empty()
                        && name
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
                    if !name_ok {
                        return Err(bad());
                    }
                    out.push((name.to_owned(), factor(n).ok_or_else(bad)?));
                }
                Ok(Replication::NetworkTopology(out))
            }
            _ => Err(bad()),
        }
    }

    /// The CQL map literal; every part was validated, so nothing can be injected.
    pub fn to_cql(&self) -> String {
        match self {
            Replication::Simple(n) => {
                format!("{{'class': 'SimpleStrategy', 'replication_factor': {n}}}")
            }
            Replication::NetworkTopology(dcs) => {
                let parts: Vec<String> = dcs.iter().map(|(dc, n)| format!("'{dc}': {n}")).collect();
                format!(
                    "{{'class': 'NetworkTopologyStrategy', {}}}",
                    parts.join(", ")
                )
            }
        }
    }
}

/// The replication of a new keyspace on a cluster with `nodes` nodes per datacentre:
/// the one asked for, if it is safe there, else a refusal that says why; by default
/// each datacentre keeps min(3, its nodes) copies, so that LOCAL_QUORUM survives a lost
/// node wherever there are three. One copy on a cluster of several nodes is refused
/// (losing any node would lose part of the site), and so is a factor above the nodes a
/// datacentre has (every quorum write would fail).
pub fn choose_replication(
    asked: Option<&Replication>,
    nodes: &std::collections::BTreeMap<String, usize>,
) -> Result<Replication, String> {
    let total: usize = nodes.values().sum();
    if total == 0 {
        return Err("the cluster reports no nodes".into());
    }
    let Some(asked) = asked else {
        let factors = nodes
            .iter()
            .map(|(dc, n)| (dc.clone(), (*n).min(3) as u8))
            .collect();
        return Ok(Replication::NetworkTopology(factors));
    };
    let check = |place: &str, factor: u8, have: usize| -> Result<(), String> {
        if factor == 1 && have > 1 {
            return Err(format!(
                "replication factor 1 in {place}, which has {have} nodes: losing any one of them would lose part of the site; ask for {} or leave --replication out",
                have.min(3)
            ));
        }
        if usize::from(factor) > have {
            return Err(format!(
                "replication factor {factor} in {place}, which has {have} node(s): every write at LOCAL_QUORUM would fail"
            ));
        }
        Ok(())
    };
    match asked {
        Replication::Simple(n) => check("the cluster", *n, total)?,
        Replication::NetworkTopology(dcs) => {
            for (dc, n) in dcs {
                let have = nodes.get(dc).copied().ok_or_else(|| {
                    format!(
                        "datacentre {dc} is not in the cluster (it has {})",
                        nodes.keys().cloned().collect::<Vec<_>>().join(", ")
                    )
                })?;
                check(&format!("datacentre {dc}"), *n, have)?;
            }
        }
    }
    Ok(asked.clone())
}

impl std::str::FromStr for Replication {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Opens the store a URL names. SQLite files are created and migrated on open; a
/// Cassandra keyspace must have been made by `sibyl migrate`.
pub async fn open(url: &StoreUrl, options: StoreOptions) -> Result<Arc<dyn Store>, OpenError> {
    match url {
        StoreUrl::Sqlite(path) => Ok(Arc::new(sqlite::SqliteStore::open(path, options).await?)),
        StoreUrl::Cassandra { nodes, keyspace } => Ok(Arc::new(
            // Boxed: the future of connecting and preparing every statement is large.
            Box::pin(cassandra::CassandraStore::connect(nodes, keyspace, options)).await?,
        )),
    }
}

/// Creates or upgrades the schema of the store a URL names.
pub async fn migrate(url: &StoreUrl, replication: Option<&Replication>) -> Result<(), OpenError> {
    match url {
        StoreUrl::Sqlite(path) => {
            sqlite::SqliteStore::open(path, StoreOptions::default()).await?;
        }
        StoreUrl::Cassandra { nodes, keyspace } => {
            cassandra::migrate(nodes, keyspace, replication).await?;
        }
    }
    Ok(())
}

/// Why a store could not be opened or migrated: a message for the operator.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OpenError(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_urls_parse() {
        assert_eq!(
            StoreUrl::parse("sqlite:./data/x.db").unwrap(),
            StoreUrl::Sqlite("./data/x.db".into())
        );
        assert_eq!(
            StoreUrl::parse("cassandra://a:9042,b:9043/blog").unwrap(),
            StoreUrl::Cassandra {
                nodes: vec!["a:9042".into(), "b:9043".into()],
                keyspace: "blog".into()
            }
        );
        for bad in [
            "postgres://x",
            "sqlite:",
            "cassandra://a:9042",
            "cassandra://a/blog",
            "cassandra://a:x/blog",
            "cassandra://a:9042/Blog",
            "cassandra://a:9042/b;drop",
        ] {
            assert!(StoreUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn replication_renders_only_validated_cql() {
        assert_eq!(
            Replication::parse("SimpleStrategy:3").unwrap().to_cql(),
            "{'class': 'SimpleStrategy', 'replication_factor': 3}"
        );
        assert_eq!(
            Replication::parse("NetworkTopologyStrategy:dc1=3,dc2=2")
                .unwrap()
                .to_cql(),
            "{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 2}"
        );
        for bad in [
            "SimpleStrategy:0",
            "Simple:1",
            "NetworkTopologyStrategy:dc'=1",
            "NetworkTopologyStrategy:dc1",
        ] {
            assert!(Replication::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn replication_defaults_to_three_copies_where_there_are_nodes_for_them() {
        let cluster = |dcs: &[(&str, usize)]| -> std::collections::BTreeMap<String, usize> {
            dcs.iter().map(|(d, n)| ((*d).to_owned(), *n)).collect()
        };
        let nts = |dcs: &[(&str, u8)]| {
            Replication::NetworkTopology(dcs.iter().map(|(d, n)| ((*d).to_owned(), *n)).collect())
        };
        let one = cluster(&[("dc1", 1)]);
        let three = cluster(&[("dc1", 3)]);
        let two_dcs = cluster(&[("dc1", 5), ("dc2", 2)]);
        assert_eq!(choose_replication(None, &one), Ok(nts(&[("dc1", 1)])));
        assert_eq!(choose_replication(None, &three), Ok(nts(&[("dc1", 3)])));
        assert_eq!(
            choose_replication(None, &two_dcs),
            Ok(nts(&[("dc1", 3), ("dc2", 2)]))
        );
        // What is asked for is kept when it is safe.
        let simple1 = Replication::Simple(1);
        assert_eq!(
            choose_replication(Some(&simple1), &one),
            Ok(simple1.clone())
        );
        let asked = nts(&[("dc1", 2)]);
        assert_eq!(choose_replication(Some(&asked), &three), Ok(asked));
        // One copy on several nodes, more copies than nodes, an unknown datacentre: no.
        for (asked, on) in [
            (simple1, &three),
            (nts(&[("dc1", 1)]), &three),
            (Replication::Simple(3), &one),
            (nts(&[("dc1", 3), ("dc2", 3)]), &two_dcs),
            (nts(&[("elsewhere", 1)]), &one),
        ] {
            let refused = choose_replication(Some(&asked), on);
            assert!(refused.is_err(), "{asked:?} on {on:?}: {refused:?}");
        }
        assert!(choose_replication(None, &cluster(&[])).is_err());
    }
}
