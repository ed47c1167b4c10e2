/* The least CPU a libcurl-based forwarder can spend per request: a multi handle keeping
 * CONNECTIONS keep-alive transfers in flight against one URL, each answer's body discarded,
 * easy handles reused. Prints requests and CPU (user+sys) per request.
 *   cc -O2 libcurl_floor.c -lcurl -o libcurl_floor && ./libcurl_floor URL REQUESTS CONNECTIONS */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static size_t discard(char *data, size_t size, size_t count, void *user) {
    (void)data; (void)user;
    return size * count;
}

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: %s URL REQUESTS CONNECTIONS\n", argv[0]); return 2; }
    const char *url = argv[1];
    long total = atol(argv[2]), started = 0, done = 0, failed = 0;
    int connections = atoi(argv[3]);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURLM *multi = curl_multi_init();
    curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)connections);
    for (int i = 0; i < connections && started < total; i++, started++) {
        CURL *easy = curl_easy_init();
        curl_easy_setopt(easy, CURLOPT_URL, url);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
        curl_multi_add_handle(multi, easy);
    }
    double begin = cpu_seconds();
    int running = 1;
    while (running || started < total) {
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int left;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            long status = 0;
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
            if (message->data.result != CURLE_OK || status != 200) failed++;
            done++;
            curl_multi_remove_handle(multi, easy);
            if (started < total) { started++; curl_multi_add_handle(multi, easy); running = 1; }
            else curl_easy_cleanup(easy);
        }
        if (running) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    double spent = cpu_seconds() - begin;
    printf("%ld requests, %ld failed, %.2f us CPU per request\n", done, failed, spent * 1e6 / done);
    curl_multi_cleanup(multi);
    curl_global_cleanup();
    return failed ? 1 : 0;
}
