// zstd's API, for Searchlight's stored entity data (libzstd-dev): frames, dictionaries and their training.
#include <zstd.h>
#include <zdict.h>
