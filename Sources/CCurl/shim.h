// Typed shims over libcurl's variadic API.
//
// Swift cannot call C variadic functions such as curl_easy_setopt and curl_easy_getinfo,
// so every argument type Envelope needs gets one small, typed, static inline wrapper here.
// Keep this list short: add a shim only when EnvelopeHTTP needs a new argument type.
#ifndef ENVELOPE_CCURL_SHIM_H
#define ENVELOPE_CCURL_SHIM_H

#include <curl/curl.h>

/// The signature libcurl uses for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*envelope_curl_data_callback)(char *data, size_t size, size_t count, void *userdata);

/// curl_global_init with libcurl's default flags (a function because the flags are a macro).
static inline CURLcode envelope_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

/// curl_easy_setopt for options that take a long (flags, counts, milliseconds).
static inline CURLcode envelope_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take a NUL-terminated string (libcurl copies it).
static inline CURLcode envelope_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take an untyped pointer (userdata, buffers, POSTFIELDS).
static inline CURLcode envelope_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take a header list (CURLOPT_HTTPHEADER).
static inline CURLcode envelope_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for options that take a curl_off_t (the *_LARGE sizes).
static inline CURLcode envelope_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_WRITEFUNCTION.
static inline CURLcode envelope_curl_easy_setopt_write_callback(CURL *handle, CURLoption option, envelope_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_HEADERFUNCTION.
static inline CURLcode envelope_curl_easy_setopt_header_callback(CURL *handle, CURLoption option, envelope_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_getinfo for CURLINFO_LONG values (response code, counts).
static inline CURLcode envelope_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// curl_easy_getinfo for CURLINFO_DOUBLE values.
static inline CURLcode envelope_curl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// curl_easy_getinfo for CURLINFO_STRING values; the string is owned by the handle.
static inline CURLcode envelope_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, (char **)value);
}

/// curl_easy_getinfo for CURLINFO_OFF_T values (the *_TIME_T timings in microseconds).
static inline CURLcode envelope_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// curl_multi_setopt for options that take a long (connection limits, pipelining flags).
static inline CURLMcode envelope_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The transfer result of a CURLMSG_DONE message (a union member, kept out of Swift).
static inline CURLcode envelope_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
