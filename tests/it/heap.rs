//! The browser build's allocator (`src/heap.rs`), natively, over memory the
//! test hands out page by page: every block aligned and apart from every
//! other live block, freed blocks reused (a second round of the same work
//! takes no new memory), `realloc` keeping the contents, and a refusal,
//! not a panic, when memory runs out.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use ratelimit_lab::heap::{class, Heap, PAGE};

const PAGES: usize = 1024;
static BASE: AtomicUsize = AtomicUsize::new(0);
static USED: AtomicUsize = AtomicUsize::new(0);

fn grow(pages: usize) -> Option<usize> {
    let used = USED.load(Ordering::SeqCst);
    if used + pages > PAGES {
        return None;
    }
    USED.store(used + pages, Ordering::SeqCst);
    Some(BASE.load(Ordering::SeqCst) + used * PAGE)
}

/// A small generator for the workload (the model's own is not for this).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

struct Live {
    ptr: *mut u8,
    layout: Layout,
    fill: u8,
}

fn check(b: &Live) {
    let bytes = unsafe { std::slice::from_raw_parts(b.ptr, b.layout.size()) };
    assert!(
        bytes.iter().all(|&x| x == b.fill),
        "a block was overwritten"
    );
}

/// Allocates, frees and grows blocks of many sizes and alignments.
fn work(heap: &Heap, seed: u64) {
    let mut rng = Lcg(seed);
    let mut live: Vec<Live> = Vec::new();
    for step in 0..20_000 {
        match rng.below(5) {
            0 | 1 => {
                let size = match rng.below(10) {
                    0 => 1 + rng.below(200_000),
                    1..=3 => 1 + rng.below(4096),
                    _ => 1 + rng.below(64),
                };
                let layout = Layout::from_size_align(size, 1 << rng.below(8)).unwrap();
                let ptr = unsafe { heap.alloc(layout) };
                assert!(!ptr.is_null());
                assert_eq!(ptr as usize % layout.align(), 0, "aligned");
                let fill = step as u8;
                unsafe { ptr.write_bytes(fill, size) };
                live.push(Live { ptr, layout, fill });
            }
            2 | 3 if !live.is_empty() => {
                let b = live.swap_remove(rng.below(live.len()));
                check(&b);
                unsafe { heap.dealloc(b.ptr, b.layout) };
            }
            _ if !live.is_empty() => {
                let i = rng.below(live.len());
                let b = &mut live[i];
                check(b);
                let size = 1 + rng.below(8192);
                let ptr = unsafe { heap.realloc(b.ptr, b.layout, size) };
                assert!(!ptr.is_null());
                let kept = b.layout.size().min(size);
                let bytes = unsafe { std::slice::from_raw_parts(ptr, kept) };
                assert!(
                    bytes.iter().all(|&x| x == b.fill),
                    "realloc kept the contents"
                );
                b.layout = Layout::from_size_align(size, b.layout.align()).unwrap();
                b.ptr = ptr;
                unsafe { ptr.write_bytes(b.fill, size) };
            }
            _ => {}
        }
    }
    for b in &live {
        check(b);
    }
    for b in live {
        unsafe { heap.dealloc(b.ptr, b.layout) };
    }
}

#[test]
fn blocks_are_aligned_apart_reused_and_refused_when_memory_runs_out() {
    let region = Layout::from_size_align(PAGES * PAGE, PAGE).unwrap();
    let base = unsafe { std::alloc::alloc_zeroed(region) };
    assert!(!base.is_null());
    BASE.store(base as usize, Ordering::SeqCst);
    let heap = Heap::new(grow);

    work(&heap, 1);
    let after_one = USED.load(Ordering::SeqCst);
    assert!(after_one > 0);
    // The same work again, every block freed before: no new memory.
    work(&heap, 1);
    assert_eq!(
        USED.load(Ordering::SeqCst),
        after_one,
        "freed blocks are reused"
    );

    // More than is left: refused.
    let huge = Layout::from_size_align(PAGES * PAGE, 8).unwrap();
    assert!(unsafe { heap.alloc(huge) }.is_null());
    // An alignment over a page is refused too.
    let odd = Layout::from_size_align(8, 2 * PAGE).unwrap();
    assert!(unsafe { heap.alloc(odd) }.is_null());

    unsafe { std::alloc::dealloc(base, region) };
}

#[test]
fn a_size_class_is_the_next_power_of_two_of_size_and_alignment_at_least_8() {
    let c = |size, align| class(Layout::from_size_align(size, align).unwrap());
    assert_eq!(c(0, 1), 3);
    assert_eq!(c(1, 1), 3);
    assert_eq!(c(8, 8), 3);
    assert_eq!(c(9, 1), 4);
    assert_eq!(c(4, 64), 6);
    assert_eq!(c(65_536, 1), 16);
    assert_eq!(c(65_537, 1), 17);
}
