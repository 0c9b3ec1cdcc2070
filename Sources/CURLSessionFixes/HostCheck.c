// FoundationNetworking on Linux (swift-corelibs-foundation, as shipped with Swift 6.3) checks, before every request,
// that libcurl reads the same host from the URL as Foundation does: `CFURLSessionCurlHostIsEqual` parses the URL into
// a CURLU handle, compares its host and then releases the handle with `curl_free` instead of `curl_url_cleanup`, so
// the parts libcurl parsed (scheme, host, path, query: four allocations, about 140 bytes with malloc's overhead)
// are never freed. A process that makes a million calls through URLSession grows by about 140 MB.
//
// FoundationNetworking calls the function through its procedure linkage table, so a definition in the executable
// takes its place. This one does exactly what the original does, with the same signature and the same result for
// every input, and frees the handle whole. Nothing else in Foundation changes.
#if defined(__linux__)

#include "CURLSessionFixes.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

// libcurl's URL API (curl/urlapi.h, libcurl 7.62 and later), looked up in the libcurl that FoundationNetworking
// loaded, so that building needs no libcurl headers and links no second libcurl.
typedef struct Curl_URL CURLU;
enum { specgen_CURLUPART_URL = 0, specgen_CURLUPART_HOST = 5 };

static CURLU *(*curl_url_fn)(void);
static int (*curl_url_set_fn)(CURLU *, int, const char *, unsigned int);
static int (*curl_url_get_fn)(const CURLU *, int, char **, unsigned int);
static void (*curl_url_cleanup_fn)(CURLU *);
static void (*curl_free_fn)(void *);
static pthread_once_t curl_lookup_once = PTHREAD_ONCE_INIT;

static void look_up_curl(void) {
    curl_url_fn = (CURLU * (*)(void)) dlsym(RTLD_DEFAULT, "curl_url");
    curl_url_set_fn = (int (*)(CURLU *, int, const char *, unsigned int))dlsym(RTLD_DEFAULT, "curl_url_set");
    curl_url_get_fn = (int (*)(const CURLU *, int, char **, unsigned int))dlsym(RTLD_DEFAULT, "curl_url_get");
    curl_url_cleanup_fn = (void (*)(CURLU *))dlsym(RTLD_DEFAULT, "curl_url_cleanup");
    curl_free_fn = (void (*)(void *))dlsym(RTLD_DEFAULT, "curl_free");
}

/// True when libcurl parses `url` and its host is exactly `expectedHost`; false otherwise, as in Foundation.
bool CFURLSessionCurlHostIsEqual(const char *url, const char *expectedHost) {
    pthread_once(&curl_lookup_once, look_up_curl);
    if (!curl_url_fn || !curl_url_set_fn || !curl_url_get_fn || !curl_url_cleanup_fn || !curl_free_fn) {
        return false;  // Unreachable: FoundationNetworking, which calls this, links libcurl.
    }
    CURLU *handle = curl_url_fn();
    if (!handle) return false;
    bool equal = false;
    char *host = NULL;
    if (curl_url_set_fn(handle, specgen_CURLUPART_URL, url, 0) == 0
        && curl_url_get_fn(handle, specgen_CURLUPART_HOST, &host, 0) == 0) {
        size_t length = strlen(host);
        equal = length == strlen(expectedHost) && strncmp(host, expectedHost, length) == 0;
        curl_free_fn(host);
    }
    curl_url_cleanup_fn(handle);
    return equal;
}

bool specgen_urlsession_host_check_is_fixed(void) {
    return dlsym(RTLD_DEFAULT, "CFURLSessionCurlHostIsEqual") == (void *)CFURLSessionCurlHostIsEqual;
}

#else

#include "CURLSessionFixes.h"

bool specgen_urlsession_host_check_is_fixed(void) { return false; }

#endif
