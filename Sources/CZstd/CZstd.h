// zstd's API, for Searchlight's stored entity data (libzstd-dev).
#include <zstd.h>
