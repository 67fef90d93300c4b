// libcurl for the HTTP target's client (CurlClient): its types and constants. The library is
// not linked: `CurlLibrary` opens it with dlopen on the first request, and
// calls it through the pointers dlsym gives. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: these wrappers take the function's address and fix one
// argument type each.
#ifndef ARTFEED_CCURL_SHIM_H
#define ARTFEED_CCURL_SHIM_H

#include <curl/curl.h>

typedef CURLcode (*artfeed_curl_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*artfeed_curl_getinfo_fn)(CURL *, CURLINFO, ...);

static inline CURLcode artfeed_curl_setopt_long(void *setopt, CURL *handle, CURLoption option, long value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_string(void *setopt, CURL *handle, CURLoption option,
                                                  const char *value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_pointer(void *setopt, CURL *handle, CURLoption option,
                                                   void *value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_offset(void *setopt, CURL *handle, CURLoption option,
                                                  curl_off_t value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_list(void *setopt, CURL *handle, CURLoption option,
                                                struct curl_slist *value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_write(void *setopt, CURL *handle, CURLoption option,
                                                 curl_write_callback value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_progress(void *setopt, CURL *handle,
                                                    curl_xferinfo_callback value) {
  return ((artfeed_curl_setopt_fn)setopt)(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode artfeed_curl_getinfo_long(void *getinfo, CURL *handle, CURLINFO info, long *value) {
  return ((artfeed_curl_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode artfeed_curl_getinfo_string(void *getinfo, CURL *handle, CURLINFO info,
                                                   char **value) {
  return ((artfeed_curl_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode artfeed_curl_getinfo_offset(void *getinfo, CURL *handle, CURLINFO info,
                                                   curl_off_t *value) {
  return ((artfeed_curl_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode artfeed_curl_getinfo_pointer(void *getinfo, CURL *handle, CURLINFO info,
                                                    void **value) {
  return ((artfeed_curl_getinfo_fn)getinfo)(handle, info, value);
}

#endif
