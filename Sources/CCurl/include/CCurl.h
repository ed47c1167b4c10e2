// The C edge: libcurl, loaded when a command first needs it, with typed shims for its
// variadic API.
//
// Swift cannot call C variadic functions such as curl_easy_setopt and curl_easy_getinfo,
// so every argument type Envelope needs gets one small, typed, static inline wrapper here.
// Keep this list short: add a shim only when EnvelopeHTTP needs a new argument type.
//
// libcurl is opened with dlopen on first use rather than linked: linking it made every
// process load its thirty-odd libraries (TLS, HTTP/2, IDN, LDAP, ...) at start, 8 of the 12 ms
// that `envelope validate` took to start, though only check and record talk to the network.
// The functions are called through the pointers that envelope_curl_load fills in.
#ifndef ENVELOPE_CCURL_H
#define ENVELOPE_CCURL_H

#include <stddef.h>
#include <curl/curl.h>

/// The signature libcurl uses for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*envelope_curl_data_callback)(char *data, size_t size, size_t count, void *userdata);

/// The signature libcurl uses for CURLOPT_DEBUGFUNCTION (for --verbose: the headers sent and
/// received, as they went over the wire).
typedef int (*envelope_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *userdata);

/// The libcurl functions Envelope calls, filled in by envelope_curl_load.
struct envelope_curl_functions {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLcode (*easy_pause)(CURL *handle, int bitmask);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeoutMilliseconds, int *ready);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *queued);
};

/// The loaded functions; every pointer is set once envelope_curl_load has returned NULL.
extern struct envelope_curl_functions envelope_curl;

/// Opens libcurl and looks up its functions, once per process (later calls return the first
/// call's answer; safe from any thread). NULL on success, else why it failed (the loader's
/// message), in static storage.
const char *envelope_curl_load(void);

/// Loads libcurl and runs curl_global_init with libcurl's default flags (a function because
/// the flags are a macro); CURLE_FAILED_INIT when libcurl could not be loaded.
static inline CURLcode envelope_curl_global_init_default(void) {
    if (envelope_curl_load() != NULL) return CURLE_FAILED_INIT;
    return envelope_curl.global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURL *envelope_curl_easy_init(void) { return envelope_curl.easy_init(); }
static inline void envelope_curl_easy_cleanup(CURL *handle) { envelope_curl.easy_cleanup(handle); }
static inline void envelope_curl_easy_reset(CURL *handle) { envelope_curl.easy_reset(handle); }
static inline CURLcode envelope_curl_easy_perform(CURL *handle) { return envelope_curl.easy_perform(handle); }

/// curl_easy_pause(handle, CURLPAUSE_CONT): a transfer paused by its write callback goes on
/// (CURLPAUSE_CONT is a macro expression Swift does not import).
static inline CURLcode envelope_curl_easy_unpause(CURL *handle) { return envelope_curl.easy_pause(handle, CURLPAUSE_CONT); }

/// What a write callback returns to pause its transfer (CURL_WRITEFUNC_PAUSE).
static inline size_t envelope_curl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }

/// curl_easy_strerror, or a fixed text when libcurl is not loaded (the code then comes from
/// envelope_curl_global_init_default).
static inline const char *envelope_curl_easy_strerror(CURLcode code) {
    return envelope_curl.easy_strerror ? envelope_curl.easy_strerror(code) : "libcurl could not be loaded";
}

static inline struct curl_slist *envelope_curl_slist_append(struct curl_slist *list, const char *line) {
    return envelope_curl.slist_append(list, line);
}
static inline void envelope_curl_slist_free_all(struct curl_slist *list) { envelope_curl.slist_free_all(list); }
static inline CURLM *envelope_curl_multi_init(void) { return envelope_curl.multi_init(); }
static inline CURLMcode envelope_curl_multi_cleanup(CURLM *multi) { return envelope_curl.multi_cleanup(multi); }
static inline CURLMcode envelope_curl_multi_add_handle(CURLM *multi, CURL *handle) { return envelope_curl.multi_add_handle(multi, handle); }
static inline CURLMcode envelope_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return envelope_curl.multi_remove_handle(multi, handle); }
static inline CURLMcode envelope_curl_multi_perform(CURLM *multi, int *running) { return envelope_curl.multi_perform(multi, running); }
static inline CURLMcode envelope_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeoutMilliseconds, int *ready) {
    return envelope_curl.multi_poll(multi, extra, count, timeoutMilliseconds, ready);
}
static inline CURLMsg *envelope_curl_multi_info_read(CURLM *multi, int *queued) { return envelope_curl.multi_info_read(multi, queued); }

/// curl_easy_setopt for options that take a long (flags, counts, milliseconds).
static inline CURLcode envelope_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take a NUL-terminated string (libcurl copies it).
static inline CURLcode envelope_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take an untyped pointer (userdata, buffers, POSTFIELDS).
static inline CURLcode envelope_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take a header list (CURLOPT_HTTPHEADER).
static inline CURLcode envelope_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take a curl_off_t (the *_LARGE sizes).
static inline CURLcode envelope_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_WRITEFUNCTION.
static inline CURLcode envelope_curl_easy_setopt_write_callback(CURL *handle, CURLoption option, envelope_curl_data_callback value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_HEADERFUNCTION.
static inline CURLcode envelope_curl_easy_setopt_header_callback(CURL *handle, CURLoption option, envelope_curl_data_callback value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_DEBUGFUNCTION.
static inline CURLcode envelope_curl_easy_setopt_debug_callback(CURL *handle, CURLoption option, envelope_curl_debug_callback value) {
    return envelope_curl.easy_setopt(handle, option, value);
}

/// curl_easy_getinfo for CURLINFO_LONG values (response code, counts).
static inline CURLcode envelope_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return envelope_curl.easy_getinfo(handle, info, value);
}

/// curl_easy_getinfo for CURLINFO_DOUBLE values.
static inline CURLcode envelope_curl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return envelope_curl.easy_getinfo(handle, info, value);
}

/// curl_easy_getinfo for CURLINFO_STRING values; the string is owned by the handle.
static inline CURLcode envelope_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return envelope_curl.easy_getinfo(handle, info, (char **)value);
}

/// curl_easy_getinfo for CURLINFO_OFF_T values (the *_TIME_T timings in microseconds).
static inline CURLcode envelope_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return envelope_curl.easy_getinfo(handle, info, value);
}

/// curl_multi_setopt for options that take a long (connection limits, pipelining flags).
static inline CURLMcode envelope_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return envelope_curl.multi_setopt(multi, option, value);
}

/// The transfer result of a CURLMSG_DONE message (a union member, kept out of Swift).
static inline CURLcode envelope_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
