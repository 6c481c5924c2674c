//! The image memory budget: a turn to decode and scale an image holds one of the
//! instance's decoding slots and the memory the work was estimated to take; and byte
//! counts as people read them.

/// A turn to decode and scale an image: one of the instance's decoding slots and the
/// memory the work was estimated to take, both given back when the work ends.
pub(super) struct Turn {
    _cpu: tokio::sync::OwnedSemaphorePermit,
    _memory: tokio::sync::OwnedSemaphorePermit,
}

impl Turn {
    pub(super) fn new(
        cpu: tokio::sync::OwnedSemaphorePermit,
        memory: tokio::sync::OwnedSemaphorePermit,
    ) -> Self {
        Self {
            _cpu: cpu,
            _memory: memory,
        }
    }

    /// Ends the turn but for the memory `bytes` take (what the work made, which outlives
    /// it): that part of the budget stays held, by the bytes, until they are dropped (an
    /// image too large for the computed images' cache, while it is sent).
    pub(super) fn keeping(self, bytes: Vec<u8>) -> bytes::Bytes {
        let mut memory = self._memory;
        let kept = memory.split(mebibytes(bytes.capacity() as u64) as usize);
        bytes::Bytes::from_owner(Held {
            bytes,
            _memory: kept,
        })
    }
}

/// Bytes an image turn made, holding their share of the image memory budget.
struct Held {
    bytes: Vec<u8>,
    _memory: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

/// Why an image could not have its turn.
#[derive(Debug, thiserror::Error)]
pub enum TurnRefused {
    #[error(
        "this would take about {} of memory to compute, more than the {} this server allows for images",
        human(*needed),
        human(*budget)
    )]
    TooCostly { needed: u64, budget: u64 },
    #[error("the server is computing other images; please try again in a few seconds")]
    Busy,
}

/// Bytes in whole MiB, rounded up (at least 1).
pub(super) fn mebibytes(bytes: u64) -> u64 {
    bytes.div_ceil(1024 * 1024).max(1)
}

/// A byte count in the largest of KiB, MiB and GiB it reaches (0, 1 or 2), in tenths
/// of that unit; `None` under 1 KiB, which is counted in bytes.
pub fn in_units(bytes: u64) -> Option<(u64, usize)> {
    if bytes < 1024 {
        return None;
    }
    let (mut value, mut unit) = (bytes as f64 / 1024.0, 0);
    while value >= 1024.0 && unit < 2 {
        value /= 1024.0;
        unit += 1;
    }
    Some(((value * 10.0).round() as u64, unit))
}

/// A byte count for people, in English: 12.3 MiB (pages say it in their language).
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    match in_units(bytes) {
        None => format!("{bytes} bytes"),
        Some((tenths, unit)) if tenths.is_multiple_of(10) => {
            format!("{} {}", tenths / 10, UNITS[unit])
        }
        Some((tenths, unit)) => format!("{}.{} {}", tenths / 10, tenths % 10, UNITS[unit]),
    }
}
