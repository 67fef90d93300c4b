// libcurl for FeedStore's HTTP client (CurlClient). curl_easy_setopt and curl_easy_getinfo
// are variadic, which Swift cannot call: these wrappers fix one argument type each.
#ifndef ARTFEED_CCURL_SHIM_H
#define ARTFEED_CCURL_SHIM_H

#include <curl/curl.h>

static inline CURLcode artfeed_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_string(CURL *handle, CURLoption option,
                                                  const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_pointer(CURL *handle, CURLoption option,
                                                   void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_offset(CURL *handle, CURLoption option,
                                                  curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_list(CURL *handle, CURLoption option,
                                                struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_write(CURL *handle, CURLoption option,
                                                 curl_write_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode artfeed_curl_setopt_progress(CURL *handle,
                                                    curl_xferinfo_callback value) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode artfeed_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode artfeed_curl_getinfo_string(CURL *handle, CURLINFO info,
                                                   char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode artfeed_curl_getinfo_offset(CURL *handle, CURLINFO info,
                                                   curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode artfeed_curl_getinfo_pointer(CURL *handle, CURLINFO info,
                                                    void **value) {
  return curl_easy_getinfo(handle, info, value);
}

#endif
