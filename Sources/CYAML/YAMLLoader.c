// Opens libyaml at run time (see CYAML.h for why) and fills in envelope_yaml.
#include "CYAML.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct envelope_yaml_functions envelope_yaml;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char failure_text[512];

// The library's names by platform: the versioned name first (what the runtime package
// installs), then the development symlink.
static const char *const library_names[] = {
#if defined(__APPLE__)
    "libyaml-0.2.dylib", "/opt/homebrew/lib/libyaml-0.2.dylib", "/usr/local/lib/libyaml-0.2.dylib", "libyaml.dylib",
#else
    "libyaml-0.so.2", "libyaml.so",
#endif
};

static void load(void) {
    void *library = NULL;
    const char *opened = NULL;
    // ENVELOPE_LIBYAML names one library to use instead; nothing else is tried then.
    const char *chosen = getenv("ENVELOPE_LIBYAML");
    if (chosen != NULL && chosen[0] == '\0') chosen = NULL;
    if (chosen != NULL) {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        opened = chosen;
    } else {
        for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && library == NULL; i++) {
            library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
            opened = library_names[i];
        }
    }
    if (library == NULL) {
        const char *reason = dlerror();
        if (chosen != NULL) {
            snprintf(failure_text, sizeof failure_text, "cannot open the libyaml that ENVELOPE_LIBYAML names (%s)",
                     reason ? reason : chosen);
        } else {
            snprintf(failure_text, sizeof failure_text, "cannot open libyaml (%s): install it (Debian: apt-get install libyaml-0-2)",
                     reason ? reason : "not found");
        }
        load_failure = failure_text;
        return;
    }
    struct envelope_yaml_functions found;
#define FIND(field, symbol)                                                                     \
    do {                                                                                        \
        *(void **)(&found.field) = dlsym(library, symbol);                                      \
        if (found.field == NULL) {                                                              \
            snprintf(failure_text, sizeof failure_text, "%s has no %s: libyaml 0.2 or newer is needed", opened, symbol); \
            load_failure = failure_text;                                                        \
            return;                                                                             \
        }                                                                                       \
    } while (0)
    FIND(parser_initialize, "yaml_parser_initialize");
    FIND(parser_delete, "yaml_parser_delete");
    FIND(parser_set_input_string, "yaml_parser_set_input_string");
    FIND(parser_set_encoding, "yaml_parser_set_encoding");
    FIND(parser_parse, "yaml_parser_parse");
    FIND(event_delete, "yaml_event_delete");
#undef FIND
    // Published whole, after every look-up succeeded; pthread_once orders this write before
    // every later caller's reads.
    envelope_yaml = found;
}

const char *envelope_yaml_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}
