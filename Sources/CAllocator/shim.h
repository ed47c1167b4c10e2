// The C library's allocator settings, which Swift's Glibc module does not export (it leaves
// out <malloc.h>), and huge-page advice for its heaps.
#ifndef ENVELOPE_CALLOCATOR_SHIM_H
#define ENVELOPE_CALLOCATOR_SHIM_H

#include <stddef.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

/// Makes every malloc arena grow by at least `bytes` of address space at a time; returns 1
/// when the setting was taken, 0 where the C library has no such setting.
static inline int envelope_malloc_set_top_pad(size_t bytes) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}

/// Asks for transparent huge pages under the malloc heap that the calling thread allocates
/// from, as glibc's own `glibc.malloc.hugetlb=1` tunable would (a tunable is read from the
/// environment before `main`, too late to set from inside). Loading a thousand contracts
/// touches some 10 MB of fresh heap; at 4 KB a page that was 2,300 page faults, each about
/// 2 µs on a virtual machine, where one fault per 2 MB costs little more than zeroing it.
///
/// Once per thread (later calls return at once); the flag is per module that compiles this
/// inline function, so Swift code calls it through one place, EnvelopeCore's MemoryAdvice.
/// The main thread's heap is glibc's break area: it is first grown by the top pad
/// (`envelope_malloc_set_top_pad`) so the advice covers room for what comes next, since
/// later growth of the break is a new region the advice does not reach. Another thread's
/// arena lives in a 64 MB region aligned to its size (glibc's HEAP_MAX_SIZE on 64-bit),
/// advised whole, so its growth is covered too. The advice is a hint: a range that is not
/// what this expects only gets the hint where it is mapped, never a change in what memory
/// holds. Nothing happens without glibc.
///
/// Returns where the advised range starts, or NULL when nothing was advised (a later call on
/// the same thread, no glibc, or the kernel refused).
static inline void *envelope_malloc_advise_huge_pages(void) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE) && UINTPTR_MAX > 0xFFFFFFFFu
    static __thread int advised;
    if (advised) return NULL;
    advised = 1;
    const uintptr_t hugePage = (uintptr_t)2 << 20, arenaHeap = (uintptr_t)64 << 20;
    // Larger than glibc's per-thread cache holds (1,032 bytes), so the block comes from the
    // thread's own arena rather than from a block another arena's thread freed here.
    char *probe = malloc(2048);
    if (!probe) return NULL;
    void *advisedStart = NULL;
    uintptr_t address = (uintptr_t)probe;
    uintptr_t brk = (uintptr_t)sbrk(0);
    if (address < brk && brk - address < ((uintptr_t)256 << 20)) {
        // Two blocks under the mmap threshold (128 KB) outgrow what is left at the top, so
        // glibc grows the break by them plus the top pad; freed, they stay as the top.
        void *first = malloc(120 << 10), *second = malloc(120 << 10);
        free(second);
        free(first);
        brk = (uintptr_t)sbrk(0);
        uintptr_t start = (address + hugePage - 1) & ~(hugePage - 1);
        if (start < brk && madvise((void *)start, brk - start, MADV_HUGEPAGE) == 0) advisedStart = (void *)start;
    } else {
        void *heap = (void *)(address & ~(arenaHeap - 1));
        if (madvise(heap, arenaHeap, MADV_HUGEPAGE) == 0) advisedStart = heap;
    }
    free(probe);
    return advisedStart;
#else
    return NULL;
#endif
}

#endif
