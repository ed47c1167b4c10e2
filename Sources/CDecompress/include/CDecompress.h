// The C edge for undoing Content-Encoding (gzip, deflate, br) of answers that `envelope proxy`
// passes on compressed: the app gets the bytes as sent, the validator needs them plain.
//
// zlib and brotli's decoder are opened at run time (dlopen), as libcurl is, so no command that
// never decodes loads them, and the build needs no development package: the one zlib structure
// used is declared here with zlib's public, unchanging layout.
#ifndef ENVELOPE_CDECOMPRESS_H
#define ENVELOPE_CDECOMPRESS_H

#include <stddef.h>
#include <stdint.h>

/// The codings envelope_decompress undoes.
enum envelope_coding {
    ENVELOPE_CODING_GZIP = 1,
    ENVELOPE_CODING_DEFLATE = 2,
    ENVELOPE_CODING_BROTLI = 3,
};

/// What envelope_decompress came to.
enum envelope_decompress_status {
    ENVELOPE_DECOMPRESS_OK = 0,
    /// The library for the coding could not be opened.
    ENVELOPE_DECOMPRESS_UNAVAILABLE = 1,
    /// The bytes are not valid in that coding (or end early).
    ENVELOPE_DECOMPRESS_CORRUPT = 2,
    /// The plain bytes would pass the limit.
    ENVELOPE_DECOMPRESS_TOO_LARGE = 3,
    /// Out of memory.
    ENVELOPE_DECOMPRESS_NO_MEMORY = 4,
};

/// Undoes `coding` on `input[0..<length]` into a buffer from malloc (*output, *outputLength;
/// the caller frees it), stopping with ENVELOPE_DECOMPRESS_TOO_LARGE past `limit` bytes.
/// Safe from any thread.
int envelope_decompress(int coding, const uint8_t *input, size_t length, size_t limit, uint8_t **output, size_t *outputLength);

#endif
