// zlib's gzip reading, for compressed inputs of `searchlight index` (zlib1g-dev).
#include <zlib.h>
