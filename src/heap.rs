//! The browser build's allocator: blocks of a power of two bytes (8 and
//! up), one free list for each size, new blocks cut from the end of the
//! memory, which grows by whole 64 KiB pages. It replaces Rust's default
//! for wasm32 (dlmalloc), which is 3 KB more of the gzipped download; the
//! widget is single-threaded and allocates little (docs/DECISIONS.md).
//!
//! A block is aligned to its own size (up to a page), so a freed block
//! serves any later request of its size, whatever that request's
//! alignment. Cutting a block at its alignment leaves a gap before it; the
//! gap is cut into the largest aligned blocks that fit and they go onto
//! their free lists, so no byte is lost. Memory is never given back (nor
//! did dlmalloc give it back in the browser).
//!
//! The logic is target-independent and tested natively (tests/it/heap.rs)
//! over memory the test provides; `src/main.rs` installs it for wasm32 over
//! `memory.grow`.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::null_mut;

/// A wasm page.
pub const PAGE: usize = 1 << 16;

/// More memory: `pages` pages added at the end, returning the address where
/// they start, or `None` if there is no more.
pub type Grow = fn(pages: usize) -> Option<usize>;

struct State {
    /// Free blocks of 2^k bytes, linked through their first word.
    free: [usize; usize::BITS as usize],
    /// The first address not yet handed out, and the end of the memory.
    next: usize,
    end: usize,
}

/// The allocator. Not thread-safe: for a single-threaded program only.
pub struct Heap {
    grow: Grow,
    state: UnsafeCell<State>,
}

// Sound for a single-threaded program (the browser build: wasm32 without
// threads), the only one that installs it.
unsafe impl Sync for Heap {}

impl Heap {
    /// An empty heap that asks `grow` for memory.
    pub const fn new(grow: Grow) -> Heap {
        Heap {
            grow,
            state: UnsafeCell::new(State {
                free: [0; usize::BITS as usize],
                next: 0,
                end: 0,
            }),
        }
    }
}

/// The size class of a layout: `k` for blocks of 2^k bytes.
pub fn class(layout: Layout) -> u32 {
    layout
        .size()
        .max(layout.align())
        .max(8)
        .next_power_of_two()
        .trailing_zeros()
}

unsafe impl GlobalAlloc for Heap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() > PAGE {
            return null_mut();
        }
        let k = class(layout) as usize;
        // SAFETY: one thread, and no reentrance (nothing here allocates).
        let s = unsafe { &mut *self.state.get() };
        let head = s.free[k];
        if head != 0 {
            // SAFETY: a free block's first word is the next free block.
            s.free[k] = unsafe { *(head as *const usize) };
            return head as *mut u8;
        }
        let size = 1usize << k;
        let align = size.min(PAGE);
        let mut at = (s.next + align - 1) & !(align - 1);
        if at.saturating_add(size) > s.end || s.end == 0 {
            let want = size + align;
            let Some(base) = (self.grow)(want.div_ceil(PAGE)) else {
                return null_mut();
            };
            if base != s.end {
                // The first growth, or memory grown by someone else: start
                // again at the new pages.
                s.next = base;
            }
            s.end = base + want.div_ceil(PAGE) * PAGE;
            at = (s.next + align - 1) & !(align - 1);
        }
        // The gap before the block, as free blocks.
        while s.next < at {
            let b = 1usize << (s.next.trailing_zeros().min((at - s.next).ilog2()));
            if b >= 8 {
                let j = b.trailing_zeros() as usize;
                // SAFETY: the gap is ours and not handed out.
                unsafe { *(s.next as *mut usize) = s.free[j] };
                s.free[j] = s.next;
            }
            s.next += b;
        }
        s.next = at + size;
        at as *mut u8
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let k = class(layout) as usize;
        // SAFETY: one thread; the block is at least a word and ours again.
        let s = unsafe { &mut *self.state.get() };
        unsafe { *(ptr as *mut usize) = s.free[k] };
        s.free[k] = ptr as usize;
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller keeps `GlobalAlloc::realloc`'s contract.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class(new) == class(layout) {
            return ptr;
        }
        let to = unsafe { self.alloc(new) };
        if !to.is_null() {
            unsafe {
                core::ptr::copy_nonoverlapping(ptr, to, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        to
    }
}
