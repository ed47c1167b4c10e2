// simdjson DOM parse of one file, in process: the physical limit for "parse included".
//
// Build: g++ -O3 -std=c++17 parse.cpp -lsimdjson -o simdjson-parse   (run.sh does it)
// usage: simdjson-parse FILE RUNS
// Prints one JSON line: {"tool": "simdjson", "times": [seconds per run], "valid": bool}.
// The file is loaded once into a padded string (not timed). Each run uses a fresh
// dom::parser, so allocating the tape and string buffer is timed too, like the other tools
// that start from nothing; "valid" only says the text parsed (simdjson does not validate).
#include <simdjson.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: simdjson-parse FILE RUNS\n");
    return 2;
  }
  int runs = std::atoi(argv[2]);
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  std::vector<double> times;
  bool valid = true;
  size_t sink = 0;
  for (int i = 0; i < runs; i++) {
    auto start = std::chrono::steady_clock::now();
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    auto error = parser.parse(json).get(doc);
    if (!error) {
      simdjson::dom::array list;
      if (doc["result"]["list"].get_array().get(list)) valid = false; else sink += list.size();
    } else {
      valid = false;
    }
    auto end = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(end - start).count());
  }
  std::printf("{\"tool\": \"simdjson\", \"implementation\": \"%s\", \"times\": [",
              simdjson::get_active_implementation()->name().c_str());
  for (size_t i = 0; i < times.size(); i++) std::printf("%s%.9f", i ? ", " : "", times[i]);
  std::printf("], \"valid\": %s, \"items\": %zu}\n", valid ? "true" : "false", runs ? sink / runs : 0);
  return 0;
}
