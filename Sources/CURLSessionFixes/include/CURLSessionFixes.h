#ifndef CURLSESSIONFIXES_H
#define CURLSESSIONFIXES_H

#include <stdbool.h>

/// Whether URLSession's per-request host check resolves to this target's version, which frees what it parses
/// (see HostCheck.c). Always false off Linux, where URLSession does not use libcurl.
bool specgen_urlsession_host_check_is_fixed(void);

#endif
