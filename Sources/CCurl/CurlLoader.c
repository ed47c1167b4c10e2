// Opens libcurl at run time (see CCurl.h for why) and fills in envelope_curl.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct envelope_curl_functions envelope_curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char failure_text[512];

// The library's names by platform: the versioned name first (what the runtime package
// installs), then the development symlink.
static const char *const library_names[] = {
#if defined(__APPLE__)
    "libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", "libcurl.dylib",
#else
    "libcurl.so.4", "libcurl.so",
#endif
};

static void load(void) {
    void *library = NULL;
    const char *opened = NULL;
    // ENVELOPE_LIBCURL names one library to use instead (a curl built with other features,
    // or one outside the loader's search path); nothing else is tried then.
    const char *chosen = getenv("ENVELOPE_LIBCURL");
    if (chosen != NULL && chosen[0] == '\0') chosen = NULL;
    if (chosen != NULL) {
        library = dlopen(chosen, RTLD_LAZY | RTLD_LOCAL);
        opened = chosen;
    } else {
        for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && library == NULL; i++) {
            // RTLD_LAZY, as for a program linked to libcurl: binding all of the thirty-odd
            // libraries' functions up front (RTLD_NOW) was a tenth of the instructions of a
            // check of two contracts. A libcurl missing a function envelope calls still fails
            // here: each is looked up by name below.
            library = dlopen(library_names[i], RTLD_LAZY | RTLD_LOCAL);
            opened = library_names[i];
        }
    }
    if (library == NULL) {
        const char *reason = dlerror();
        if (chosen != NULL) {
            snprintf(failure_text, sizeof failure_text, "cannot open the libcurl that ENVELOPE_LIBCURL names (%s)",
                     reason ? reason : chosen);
        } else {
            snprintf(failure_text, sizeof failure_text, "cannot open libcurl (%s): install it (Debian: apt-get install libcurl4)",
                     reason ? reason : "not found");
        }
        load_failure = failure_text;
        return;
    }
    struct envelope_curl_functions found;
    // Each name is looked up once; the first missing one is named in the message.
#define FIND(field, symbol)                                                                     \
    do {                                                                                        \
        *(void **)(&found.field) = dlsym(library, symbol);                                      \
        if (found.field == NULL) {                                                              \
            snprintf(failure_text, sizeof failure_text, "%s has no %s: libcurl 7.66 or newer is needed", opened, symbol); \
            load_failure = failure_text;                                                        \
            return;                                                                             \
        }                                                                                       \
    } while (0)
    FIND(global_init, "curl_global_init");
    FIND(easy_init, "curl_easy_init");
    FIND(easy_cleanup, "curl_easy_cleanup");
    FIND(easy_reset, "curl_easy_reset");
    FIND(easy_perform, "curl_easy_perform");
    FIND(easy_setopt, "curl_easy_setopt");
    FIND(easy_getinfo, "curl_easy_getinfo");
    FIND(easy_strerror, "curl_easy_strerror");
    FIND(easy_pause, "curl_easy_pause");
    FIND(slist_append, "curl_slist_append");
    FIND(slist_free_all, "curl_slist_free_all");
    FIND(multi_init, "curl_multi_init");
    FIND(multi_cleanup, "curl_multi_cleanup");
    FIND(multi_setopt, "curl_multi_setopt");
    FIND(multi_add_handle, "curl_multi_add_handle");
    FIND(multi_remove_handle, "curl_multi_remove_handle");
    FIND(multi_perform, "curl_multi_perform");
    FIND(multi_poll, "curl_multi_poll");
    FIND(multi_info_read, "curl_multi_info_read");
#undef FIND
    // Published whole, after every look-up succeeded; pthread_once orders this write before
    // every later caller's reads.
    envelope_curl = found;
}

const char *envelope_curl_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}
