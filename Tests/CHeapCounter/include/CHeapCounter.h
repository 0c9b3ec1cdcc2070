#ifndef CHEAPCOUNTER_H
#define CHEAPCOUNTER_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not had back, process-wide (glibc's mallinfo2); 0 where unknown.
size_t specgen_heap_bytes_in_use(void);

#endif
