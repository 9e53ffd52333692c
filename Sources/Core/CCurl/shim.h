// libcurl for the bounded client (StationFeeds' BoundedFetch). curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: these typed inline wrappers can.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*wayside_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*wayside_curl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t,
                                              curl_off_t);

static inline CURLcode wayside_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

static inline CURLcode wayside_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wayside_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wayside_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wayside_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wayside_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wayside_curl_set_data_callback(CURL *handle, CURLoption option,
                                                      wayside_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode wayside_curl_set_progress_callback(CURL *handle,
                                                          wayside_curl_progress_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode wayside_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode wayside_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode wayside_curl_get_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode wayside_curl_message_result(CURLMsg *message) { return message->data.result; }
static inline int wayside_curl_message_done(CURLMsg *message) { return message->msg == CURLMSG_DONE; }
