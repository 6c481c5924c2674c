//! Computed images, kept by key within a byte budget.

use bytes::Bytes;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// A scaled image ready to send.
#[derive(Debug, Clone)]
pub struct Scaled {
    pub bytes: Bytes,
    pub mime: &'static str,
    /// Strong: the original's checksum and what was made of it.
    pub etag: String,
}

/// Computed images by key, dropped oldest-used first past a byte budget.
pub struct ScaledCache {
    inner: Mutex<CacheInner>,
    budget: usize,
}

struct CacheInner {
    entries: HashMap<String, (Scaled, u64)>,
    /// The keys by when they were last used: the least recently used comes first.
    order: BTreeMap<u64, String>,
    bytes: usize,
    tick: u64,
}

impl ScaledCache {
    pub fn new(budget: usize) -> Self {
        Self {
            inner: Mutex::new(CacheInner {
                entries: HashMap::new(),
                order: BTreeMap::new(),
                bytes: 0,
                tick: 0,
            }),
            budget,
        }
    }

    pub fn get(&self, key: &str) -> Option<Scaled> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.tick += 1;
        let tick = inner.tick;
        let (scaled, before) = inner.entries.get_mut(key).map(|(scaled, used)| {
            let before = std::mem::replace(used, tick);
            (scaled.clone(), before)
        })?;
        inner.order.remove(&before);
        inner.order.insert(tick, key.to_owned());
        Some(scaled)
    }

    /// Whether an image of `size` bytes is kept (none larger than a quarter of the
    /// cache is).
    pub fn admits(&self, size: usize) -> bool {
        size <= self.budget / 4
    }

    pub fn put(&self, key: String, scaled: Scaled) {
        let size = scaled.bytes.len();
        if !self.admits(size) {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.tick += 1;
        let tick = inner.tick;
        if let Some((old, used)) = inner.entries.insert(key.clone(), (scaled, tick)) {
            inner.bytes -= old.bytes.len();
            inner.order.remove(&used);
        }
        inner.order.insert(tick, key);
        inner.bytes += size;
        while inner.bytes > self.budget {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some((gone, _)) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.bytes.len();
            }
        }
    }

    /// Bytes held now.
    pub fn held(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scaled(n: usize) -> Scaled {
        Scaled {
            bytes: Bytes::from(vec![0u8; n]),
            mime: "image/png",
            etag: String::new(),
        }
    }

    #[test]
    fn the_cache_keeps_to_its_budget_dropping_the_least_recently_used() {
        let cache = ScaledCache::new(1000);
        cache.put("a".into(), scaled(200));
        cache.put("b".into(), scaled(200));
        cache.put("c".into(), scaled(200));
        assert!(cache.get("a").is_some());
        cache.put("d".into(), scaled(200));
        cache.put("e".into(), scaled(200));
        assert_eq!(cache.held(), 1000);
        cache.put("f".into(), scaled(200));
        assert!(cache.held() <= 1000);
        assert!(cache.get("b").is_none(), "b was the least recently used");
        assert!(cache.get("a").is_some());
        // Too large for the cache at all: not kept.
        cache.put("huge".into(), scaled(600));
        assert!(cache.get("huge").is_none());
    }
}
