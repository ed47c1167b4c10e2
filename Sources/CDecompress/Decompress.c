// Opens zlib and brotli's decoder at run time (see CDecompress.h) and undoes a coding.
#include "CDecompress.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// zlib's z_stream, as zlib.h declares it (the layout is part of zlib's stable ABI).
typedef struct {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} envelope_z_stream;

#define Z_OK 0
#define Z_STREAM_END 1
#define Z_BUF_ERROR (-5)
#define Z_NO_FLUSH 0

static int (*z_inflateInit2)(envelope_z_stream *, int, const char *, int);
static int (*z_inflate)(envelope_z_stream *, int);
static int (*z_inflateEnd)(envelope_z_stream *);
static const char *(*z_zlibVersion)(void);

// brotli's decoder, by its public C API.
typedef void *(*brotli_create_fn)(void *, void *, void *);
typedef int (*brotli_stream_fn)(void *, size_t *, const uint8_t **, size_t *, uint8_t **, size_t *);
typedef void (*brotli_destroy_fn)(void *);
static brotli_create_fn brotli_create;
static brotli_stream_fn brotli_stream;
static brotli_destroy_fn brotli_destroy;
#define BROTLI_RESULT_ERROR 0
#define BROTLI_RESULT_SUCCESS 1
#define BROTLI_RESULT_NEEDS_MORE_INPUT 2
#define BROTLI_RESULT_NEEDS_MORE_OUTPUT 3

static pthread_once_t zlib_once = PTHREAD_ONCE_INIT;
static pthread_once_t brotli_once = PTHREAD_ONCE_INIT;

static void *open_first(const char *const *names, size_t count) {
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
        if (library != NULL) return library;
    }
    return NULL;
}

static void load_zlib(void) {
#if defined(__APPLE__)
    static const char *const names[] = {"libz.1.dylib", "/usr/lib/libz.1.dylib", "libz.dylib"};
#else
    static const char *const names[] = {"libz.so.1", "libz.so"};
#endif
    void *library = open_first(names, sizeof names / sizeof names[0]);
    if (library == NULL) return;
    *(void **)(&z_inflateInit2) = dlsym(library, "inflateInit2_");
    *(void **)(&z_inflate) = dlsym(library, "inflate");
    *(void **)(&z_inflateEnd) = dlsym(library, "inflateEnd");
    *(void **)(&z_zlibVersion) = dlsym(library, "zlibVersion");
}

static void load_brotli(void) {
#if defined(__APPLE__)
    static const char *const names[] = {"libbrotlidec.1.dylib", "libbrotlidec.dylib"};
#else
    static const char *const names[] = {"libbrotlidec.so.1", "libbrotlidec.so"};
#endif
    void *library = open_first(names, sizeof names / sizeof names[0]);
    if (library == NULL) return;
    *(void **)(&brotli_create) = dlsym(library, "BrotliDecoderCreateInstance");
    *(void **)(&brotli_stream) = dlsym(library, "BrotliDecoderDecompressStream");
    *(void **)(&brotli_destroy) = dlsym(library, "BrotliDecoderDestroyInstance");
}

/// Grows *buffer (of *capacity bytes) so at least `more` bytes fit after `used`, up to `limit`.
static int grow(uint8_t **buffer, size_t *capacity, size_t used, size_t limit) {
    if (used < *capacity) return ENVELOPE_DECOMPRESS_OK;
    if (*capacity >= limit) return ENVELOPE_DECOMPRESS_TOO_LARGE;
    size_t next = *capacity * 2;
    if (next > limit) next = limit;
    uint8_t *grown = realloc(*buffer, next);
    if (grown == NULL) return ENVELOPE_DECOMPRESS_NO_MEMORY;
    *buffer = grown;
    *capacity = next;
    return ENVELOPE_DECOMPRESS_OK;
}

static int inflate_all(int coding, const uint8_t *input, size_t length, size_t limit, uint8_t **output, size_t *outputLength) {
    pthread_once(&zlib_once, load_zlib);
    if (!z_inflateInit2 || !z_inflate || !z_inflateEnd || !z_zlibVersion) return ENVELOPE_DECOMPRESS_UNAVAILABLE;
    envelope_z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 15 + 16: a gzip wrapper; 15 + 32 for deflate: the zlib wrapper HTTP's deflate means (or gzip), detected.
    int bits = coding == ENVELOPE_CODING_GZIP ? 15 + 16 : 15 + 32;
    if (z_inflateInit2(&stream, bits, z_zlibVersion(), (int)sizeof stream) != Z_OK) return ENVELOPE_DECOMPRESS_NO_MEMORY;
    size_t capacity = length * 4 + 1024;
    if (capacity > limit) capacity = limit;
    uint8_t *buffer = malloc(capacity > 0 ? capacity : 1);
    if (buffer == NULL) {
        z_inflateEnd(&stream);
        return ENVELOPE_DECOMPRESS_NO_MEMORY;
    }
    size_t used = 0;
    stream.next_in = input;
    stream.avail_in = (unsigned int)length;
    int status = ENVELOPE_DECOMPRESS_OK;
    for (;;) {
        status = grow(&buffer, &capacity, used, limit);
        if (status != ENVELOPE_DECOMPRESS_OK) break;
        size_t room = capacity - used;
        if (room > 0x40000000) room = 0x40000000;
        stream.next_out = buffer + used;
        stream.avail_out = (unsigned int)room;
        int result = z_inflate(&stream, Z_NO_FLUSH);
        used += room - stream.avail_out;
        if (result == Z_STREAM_END) break;
        if (result == Z_OK || (result == Z_BUF_ERROR && stream.avail_out == 0)) continue;
        status = ENVELOPE_DECOMPRESS_CORRUPT;
        break;
    }
    z_inflateEnd(&stream);
    if (status != ENVELOPE_DECOMPRESS_OK) {
        free(buffer);
        return status;
    }
    *output = buffer;
    *outputLength = used;
    return ENVELOPE_DECOMPRESS_OK;
}

static int unbrotli_all(const uint8_t *input, size_t length, size_t limit, uint8_t **output, size_t *outputLength) {
    pthread_once(&brotli_once, load_brotli);
    if (!brotli_create || !brotli_stream || !brotli_destroy) return ENVELOPE_DECOMPRESS_UNAVAILABLE;
    void *state = brotli_create(NULL, NULL, NULL);
    if (state == NULL) return ENVELOPE_DECOMPRESS_NO_MEMORY;
    size_t capacity = length * 4 + 1024;
    if (capacity > limit) capacity = limit;
    uint8_t *buffer = malloc(capacity > 0 ? capacity : 1);
    if (buffer == NULL) {
        brotli_destroy(state);
        return ENVELOPE_DECOMPRESS_NO_MEMORY;
    }
    size_t used = 0;
    size_t availableIn = length;
    const uint8_t *nextIn = input;
    int status = ENVELOPE_DECOMPRESS_OK;
    for (;;) {
        status = grow(&buffer, &capacity, used, limit);
        if (status != ENVELOPE_DECOMPRESS_OK) break;
        size_t availableOut = capacity - used;
        uint8_t *nextOut = buffer + used;
        int result = brotli_stream(state, &availableIn, &nextIn, &availableOut, &nextOut, NULL);
        used = (size_t)(nextOut - buffer);
        if (result == BROTLI_RESULT_SUCCESS) break;
        if (result == BROTLI_RESULT_NEEDS_MORE_OUTPUT) continue;
        status = ENVELOPE_DECOMPRESS_CORRUPT;  // an error, or the input ended early
        break;
    }
    brotli_destroy(state);
    if (status != ENVELOPE_DECOMPRESS_OK) {
        free(buffer);
        return status;
    }
    *output = buffer;
    *outputLength = used;
    return ENVELOPE_DECOMPRESS_OK;
}

int envelope_decompress(int coding, const uint8_t *input, size_t length, size_t limit, uint8_t **output, size_t *outputLength) {
    *output = NULL;
    *outputLength = 0;
    switch (coding) {
    case ENVELOPE_CODING_GZIP:
    case ENVELOPE_CODING_DEFLATE:
        return inflate_all(coding, input, length, limit, output, outputLength);
    case ENVELOPE_CODING_BROTLI:
        return unbrotli_all(input, length, limit, output, outputLength);
    default:
        return ENVELOPE_DECOMPRESS_UNAVAILABLE;
    }
}
