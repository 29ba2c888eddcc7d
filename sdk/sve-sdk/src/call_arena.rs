//! The allocator of a pack's instance: a bump arena in the instance's
//! zeroed static memory, in front of the system allocator.
//!
//! The host gives every call into a pack a fresh instance, so a call's
//! allocations never outlive it. With the system allocator (dlmalloc on
//! `wasm32-unknown-unknown`) the first allocation of every fresh instance
//! grows the linear memory, and the host's instance pool shrinks it back
//! when it reuses the slot: two `mprotect` calls per call into a pack,
//! each a TLB flush (docs/performance.md, tenth session). The arena lives
//! in `.bss`, inside the memory the instance starts with, so a call that
//! stays within it never grows memory, and handing out memory is a bump of
//! one offset.
//!
//! Freeing the newest allocation takes it back (vectors that grow and
//! strings built and dropped in turn reuse the same bytes); any other free
//! in the arena is a no-op. A request the arena can't hold goes to the
//! system allocator, so a pack may use as much memory as the host allows,
//! just as before; a long-lived instance (the manifest's) only fills the
//! arena sooner.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::{Cell, UnsafeCell};

/// The arena's size: what a call into a starter-deck pack allocates,
/// with room to spare.
pub const ARENA_BYTES: usize = 256 * 1024;

/// The arena's bytes, aligned for any ordinary type.
#[repr(C, align(16))]
struct Bytes([u8; ARENA_BYTES]);

/// A bump arena of [`ARENA_BYTES`] in front of [`System`] (see the module
/// docs). The SDK installs one as the pack's global allocator on
/// single-threaded `wasm32`, with the `call-arena` feature (on by default).
pub struct CallArena {
    bytes: UnsafeCell<Bytes>,
    /// Bytes handed out from the start of the arena.
    used: Cell<usize>,
}

// SAFETY: a pack runs on one thread: the SDK installs the arena only
// on `wasm32` without the atomics feature, where there are no
// threads. (Tests use their own arena on one thread.)
unsafe impl Sync for CallArena {}

impl CallArena {
    /// An empty arena (a `const fn`, for a `static`).
    pub const fn new() -> CallArena {
        CallArena {
            bytes: UnsafeCell::new(Bytes([0; ARENA_BYTES])),
            used: Cell::new(0),
        }
    }

    fn base(&self) -> *mut u8 {
        self.bytes.get().cast()
    }

    /// The offset of `ptr` in the arena, if it points into it.
    fn offset_of(&self, ptr: *mut u8) -> Option<usize> {
        let offset = (ptr as usize).checked_sub(self.base() as usize)?;
        (offset < ARENA_BYTES).then_some(offset)
    }

    /// Takes `layout` from the arena, or `None` when it doesn't fit.
    fn bump(&self, layout: Layout) -> Option<*mut u8> {
        let base = self.base() as usize;
        let start = (base + self.used.get()).checked_next_multiple_of(layout.align())? - base;
        let end = start.checked_add(layout.size())?;
        if end > ARENA_BYTES {
            return None;
        }
        self.used.set(end);
        // SAFETY: `start <= end <= ARENA_BYTES`: inside the arena.
        Some(unsafe { self.base().add(start) })
    }
}

impl Default for CallArena {
    fn default() -> CallArena {
        CallArena::new()
    }
}

// SAFETY: every block handed out is either a range of the arena no other
// live block overlaps (the offset only moves back past the newest block,
// when it is freed) or comes from `System`, and is freed where it came
// from.
unsafe impl GlobalAlloc for CallArena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match self.bump(layout) {
            Some(ptr) => ptr,
            // SAFETY: the caller's layout contract, passed on.
            None => unsafe { System.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match self.bump(layout) {
            Some(ptr) => {
                // The arena's bytes may hold what a freed block left.
                // SAFETY: `ptr` starts `layout.size()` bytes of the arena.
                unsafe { ptr.write_bytes(0, layout.size()) };
                ptr
            }
            // SAFETY: the caller's layout contract, passed on.
            None => unsafe { System.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match self.offset_of(ptr) {
            Some(offset) => {
                if offset + layout.size() == self.used.get() {
                    self.used.set(offset);
                }
            }
            // SAFETY: `ptr` came from `System` with this layout.
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if let Some(offset) = self.offset_of(ptr) {
            // The newest block grows or shrinks in place while it fits.
            if offset + layout.size() == self.used.get()
                && let Some(end) = offset.checked_add(new_size)
                && end <= ARENA_BYTES
            {
                self.used.set(end);
                return ptr;
            }
        } else {
            // SAFETY: `ptr` came from `System` with this layout.
            return unsafe { System.realloc(ptr, layout, new_size) };
        }
        // An older arena block: move it (to the arena's end or to
        // `System`).
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return std::ptr::null_mut();
        };
        // SAFETY: the caller's layout contract, passed on.
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks hold at least the smaller size and
            // don't overlap (the new one is past the old one's end, or
            // `System`'s).
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).expect("a valid layout")
    }

    #[test]
    fn blocks_come_from_the_arena_aligned_and_apart() {
        let arena = Box::new(CallArena::new());
        unsafe {
            let a = arena.alloc(layout(3, 1));
            let b = arena.alloc(layout(8, 8));
            assert!(arena.offset_of(a).is_some() && arena.offset_of(b).is_some());
            assert_eq!(b as usize % 8, 0);
            assert!(b as usize >= a as usize + 3);
            a.write_bytes(0xaa, 3);
            b.write_bytes(0xbb, 8);
            assert_eq!(*a.add(2), 0xaa);
        }
    }

    #[test]
    fn freeing_the_newest_block_takes_its_bytes_back_and_zeroed_means_zeroed() {
        let arena = Box::new(CallArena::new());
        unsafe {
            let a = arena.alloc(layout(64, 8));
            a.write_bytes(0xff, 64);
            arena.dealloc(a, layout(64, 8));
            assert_eq!(arena.used.get(), 0);
            let b = arena.alloc_zeroed(layout(64, 8));
            assert_eq!(a, b, "the same bytes again");
            assert!((0..64).all(|i| *b.add(i) == 0));
        }
    }

    #[test]
    fn the_newest_block_grows_in_place_and_an_older_one_moves_with_its_bytes() {
        let arena = Box::new(CallArena::new());
        unsafe {
            let a = arena.alloc(layout(4, 4));
            a.write_bytes(7, 4);
            let grown = arena.realloc(a, layout(4, 4), 16);
            assert_eq!(grown, a, "the newest block grows in place");
            let b = arena.alloc(layout(4, 4));
            let moved = arena.realloc(grown, layout(16, 4), 32);
            assert_ne!(moved, grown);
            assert!((0..4).all(|i| *moved.add(i) == 7), "the bytes move along");
            assert!(moved as usize > b as usize);
        }
    }

    #[test]
    fn what_the_arena_cannot_hold_goes_to_the_system_allocator() {
        let arena = Box::new(CallArena::new());
        unsafe {
            let big = arena.alloc(layout(ARENA_BYTES + 1, 8));
            assert!(!big.is_null());
            assert!(arena.offset_of(big).is_none());
            assert_eq!(arena.used.get(), 0, "the arena is untouched");
            let small = arena.alloc(layout(ARENA_BYTES - 8, 8));
            assert!(arena.offset_of(small).is_some());
            // Full: the next block, and a block that outgrows the arena,
            // come from the system.
            let next = arena.alloc(layout(16, 8));
            assert!(arena.offset_of(next).is_none());
            let outgrown = arena.realloc(small, layout(ARENA_BYTES - 8, 8), ARENA_BYTES * 2);
            assert!(arena.offset_of(outgrown).is_none());
            arena.dealloc(outgrown, layout(ARENA_BYTES * 2, 8));
            arena.dealloc(next, layout(16, 8));
            arena.dealloc(big, layout(ARENA_BYTES + 1, 8));
        }
    }
}
