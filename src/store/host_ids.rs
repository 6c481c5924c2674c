//! Ids for things with no natural unique name (per-host counters): `<hostname>/<n>`, from
//! one counter row per host. Processes on one host take turns through a file lock, so
//! the read-then-write of the host's row needs no coordination between hosts. Each turn
//! reserves a block of numbers, handed out from memory until it runs out.

use super::{Store, StoreError, StoreResult};
use std::fs::File;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::Mutex;

/// One id: the host that made it and its number there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HostId {
    pub host: String,
    pub n: u64,
}

impl std::fmt::Display for HostId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.host, self.n)
    }
}

pub struct HostIds {
    store: Arc<dyn Store>,
    host: String,
    lock_path: PathBuf,
    block: u64,
    reserved: Mutex<Range<u64>>,
}

impl HostIds {
    /// Numbers reserved per turn at the host's counter.
    pub const BLOCK: u64 = 32;

    /// Ids for this machine (its host name), with the lock file in `lock_dir`.
    pub fn for_this_host(store: Arc<dyn Store>, lock_dir: &Path) -> std::io::Result<Self> {
        let host = gethostname::gethostname().to_string_lossy().into_owned();
        Self::new(store, &host, lock_dir, Self::BLOCK)
    }

    pub fn new(
        store: Arc<dyn Store>,
        host: &str,
        lock_dir: &Path,
        block: u64,
    ) -> std::io::Result<Self> {
        let host_ok = !host.is_empty()
            && host.len() <= 253
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        if !host_ok {
            return Err(std::io::Error::other(format!(
                "{host:?} is not a host name"
            )));
        }
        std::fs::create_dir_all(lock_dir)?;
        Ok(Self {
            store,
            host: host.to_owned(),
            lock_path: lock_dir.join(format!("{host}.counter.lock")),
            block: block.max(1),
            reserved: Mutex::new(0..0),
        })
    }

    pub async fn next(&self) -> StoreResult<HostId> {
        let mut reserved = self.reserved.lock().await;
        if reserved.is_empty() {
            *reserved = self.reserve().await?;
        }
        let n = reserved.start;
        reserved.start += 1;
        Ok(HostId {
            host: self.host.clone(),
            n,
        })
    }

    /// Takes the next block at the host's counter while holding the host's file lock.
    async fn reserve(&self) -> StoreResult<Range<u64>> {
        let path = self.lock_path.clone();
        let lock = tokio::task::spawn_blocking(move || -> std::io::Result<File> {
            let file = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)?;
            file.lock()?;
            Ok(file)
        })
        .await
        .map_err(|e| StoreError::Unavailable(format!("counter lock task: {e}")))?
        .map_err(|e| StoreError::Unavailable(format!("cannot lock the host counter: {e}")))?;
        let outcome = async {
            let start = self.store.host_counter(&self.host).await?;
            let end = start + self.block;
            self.store.set_host_counter(&self.host, end).await?;
            Ok(start + 1..end + 1)
        }
        .await;
        // Closing the file releases the lock, after the write has been acknowledged.
        drop(lock);
        outcome
    }
}
