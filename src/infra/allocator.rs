//! Giving the allocator's freed memory back to the system.
//!
//! The server allocates through mimalloc, which keeps what is freed for the thread that
//! freed it and returns it to the system only when later allocations on that heap get
//! round to it: after a burst of image work (hundreds of MiB decoded and freed on the
//! blocking pool's threads) the process would stay that large while idle. Image work
//! calls [`give_back`] when it ends.

/// Collects the calling thread's heap (image work calls it on the thread that did the
/// work) and returns the pages mimalloc holds freed, in all its arenas, to the system.
pub fn give_back() {
    // SAFETY: mi_collect only walks mimalloc's own heaps and arenas, and may be called
    // from any thread at any time.
    unsafe { libmimalloc_sys::mi_collect(true) }
}
