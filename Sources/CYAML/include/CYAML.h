// The C edge: libyaml's event parser, loaded when a YAML file is first read.
//
// libyaml is opened with dlopen on first use rather than linked, as libcurl is: only a contract
// whose schemas include a .yaml file needs it, and a linked library would have to be installed
// wherever the binary runs (the release build carries no other shared library than libc's),
// even for projects that have no YAML at all. Its headers (libyaml-dev) are needed to build.
// The functions are called through the pointers that envelope_yaml_load fills in.
#ifndef ENVELOPE_CYAML_H
#define ENVELOPE_CYAML_H

#include <stddef.h>
#include <yaml.h>

/// The libyaml functions Envelope calls, filled in by envelope_yaml_load.
struct envelope_yaml_functions {
    int (*parser_initialize)(yaml_parser_t *parser);
    void (*parser_delete)(yaml_parser_t *parser);
    void (*parser_set_input_string)(yaml_parser_t *parser, const unsigned char *input, size_t size);
    void (*parser_set_encoding)(yaml_parser_t *parser, yaml_encoding_t encoding);
    int (*parser_parse)(yaml_parser_t *parser, yaml_event_t *event);
    void (*event_delete)(yaml_event_t *event);
};

/// The loaded functions; every pointer is set once envelope_yaml_load has returned NULL.
extern struct envelope_yaml_functions envelope_yaml;

/// Opens libyaml and looks up its functions, once per process (later calls return the first
/// call's answer; safe from any thread). NULL on success, else why it failed, in static storage.
const char *envelope_yaml_load(void);

static inline int envelope_yaml_parser_initialize(yaml_parser_t *parser) { return envelope_yaml.parser_initialize(parser); }
static inline void envelope_yaml_parser_delete(yaml_parser_t *parser) { envelope_yaml.parser_delete(parser); }
static inline void envelope_yaml_parser_set_input_string(yaml_parser_t *parser, const unsigned char *input, size_t size) {
    envelope_yaml.parser_set_input_string(parser, input, size);
}
static inline void envelope_yaml_parser_set_encoding(yaml_parser_t *parser, yaml_encoding_t encoding) {
    envelope_yaml.parser_set_encoding(parser, encoding);
}
static inline int envelope_yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event) { return envelope_yaml.parser_parse(parser, event); }
static inline void envelope_yaml_event_delete(yaml_event_t *event) { envelope_yaml.event_delete(event); }

#endif
