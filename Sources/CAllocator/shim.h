// The C library's allocator settings, which Swift's Glibc module does not export (it leaves
// out <malloc.h>).
#ifndef ENVELOPE_CALLOCATOR_SHIM_H
#define ENVELOPE_CALLOCATOR_SHIM_H

#include <stddef.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
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

#endif
