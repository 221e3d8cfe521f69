// Mapped reads: Xapian's glass backend has no block cache of its own and reads every B-tree block
// with pread(2), a system call and a copy of the whole block out of the page cache, which is a
// quarter of a search's time on a warm index. This file defines pread, pread64 and close for the
// process, so that libxapian's calls (and everyone else's) come here first: once the program has
// called mapped_reads_enable(), a glass table file opened read-only is mapped once, and its blocks
// are copied straight from the mapping; every other file, and any read past the mapped length, goes
// to the kernel as before. Because it changes the whole process, it is a target of its own that only
// the `searchlight` executable (and the benchmarks' mirror) links, not the libraries (CMappedReads.h).
//
// A file descriptor is examined after its first 256 reads (fstat, fcntl, readlink of
// /proc/self/fd), so that a one-shot process, which reads most blocks once, keeps pread; it is
// forgotten, with its mapping, when it is closed. A reader only reads blocks of the revision it
// opened, all written before it opened them, and Xapian opens a table's files again when it moves
// to a later revision, so a mapping never needs to grow. Glass never shrinks a table file in place
// (it appends, reuses freed blocks, and writes compacted copies elsewhere); only overwriting a
// database that a reader has open (DB_CREATE_OR_OVERWRITE, which the shim does not offer) could
// leave a mapping longer than its file. Set SEARCHLIGHT_MAPPED_READS=0 to send every read to the
// kernel.
//
//     mapped_reads_enable();
//     char block[8192];
//     pread(fd, block, sizeof block, 8192 * n);  // served from the mapping for a *.glass reader
#define _GNU_SOURCE
#include "CMappedReads.h"

#if defined(__linux__)

#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/// One mapped table file.
typedef struct mapping {
    const char *base;
    size_t size;
} mapping;

/// File descriptors below this are looked after; higher ones always go to the kernel.
enum { tracked_descriptors = 4096 };

/// A descriptor is examined (and mapped) after this many reads through the kernel. Faulting a page
/// into a fresh mapping, with the pages around it, costs more than one pread of it, and a one-shot
/// search reads most blocks once (about 130 reads over all tables of a 640,000-entity index); a
/// process that runs many queries passes this in its first few.
enum { reads_before_mapping = 256 };

/// Per descriptor: NULL while not yet examined, `&unmapped` when it is not a mapped table file,
/// else its mapping.
static _Atomic(mapping *) mappings[tracked_descriptors];
/// Per descriptor not yet examined: its reads so far.
static atomic_uint kernel_reads[tracked_descriptors];
static mapping unmapped;
/// Blocks served from a mapping to this thread (a thread's own count, so that a test can watch its reads alone).
static _Thread_local unsigned long mapped_read_count;
/// Set while this thread reads a whole database once (compaction, a check): such reads stay with
/// the kernel, since a mapping would only add every page touched to the process's resident set.
static _Thread_local bool scanning;

void mapped_reads_scanning(bool on) { scanning = on; }

/// Whether mapped_reads_enable() has turned mapping on.
static atomic_bool mapping_on;

bool mapped_reads_enable(void) {
    const char *setting = getenv("SEARCHLIGHT_MAPPED_READS");
    bool value = !(setting && strcmp(setting, "0") == 0);
    atomic_store_explicit(&mapping_on, value, memory_order_relaxed);
    return value;
}

static bool enabled(void) {
    return atomic_load_explicit(&mapping_on, memory_order_relaxed);
}

static ssize_t kernel_pread(int fd, void *buffer, size_t count, off_t offset) {
    return syscall(SYS_pread64, fd, buffer, count, offset);
}

/// A mapping of the whole file, or NULL.
static mapping *map_file(int fd, size_t size) {
    void *base = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) return NULL;
    mapping *result = malloc(sizeof *result);
    if (!result) {
        munmap(base, size);
        return NULL;
    }
    result->base = base;
    result->size = size;
    return result;
}

static void unmap(mapping *old) {
    if (!old || old == &unmapped) return;
    munmap((void *)old->base, old->size);
    free(old);
}

/// Whether `fd` is a glass table file (`*.glass`) open for reading only.
static bool is_glass_reader(int fd, size_t *size) {
    struct stat status;
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_size <= 0) return false;
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || (flags & O_ACCMODE) != O_RDONLY) return false;
    char link[40], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, path, sizeof path - 1);
    static const char suffix[] = ".glass";
    if (length < (ssize_t)sizeof suffix || memcmp(path + length - (sizeof suffix - 1), suffix, sizeof suffix - 1) != 0) return false;
    *size = (size_t)status.st_size;
    return true;
}

/// The mapping of `fd` if it is (or has just become) a mapped table file.
static mapping *mapping_for(int fd) {
    mapping *known = atomic_load_explicit(&mappings[fd], memory_order_acquire);
    if (known) return known == &unmapped ? NULL : known;
    if (scanning || !enabled()) return NULL;
    if (atomic_fetch_add_explicit(&kernel_reads[fd], 1, memory_order_relaxed) < reads_before_mapping) return NULL;
    size_t size = 0;
    mapping *made = is_glass_reader(fd, &size) ? map_file(fd, size) : NULL;
    mapping *expected = NULL;
    if (!atomic_compare_exchange_strong(&mappings[fd], &expected, made ? made : &unmapped)) {
        unmap(made); // another thread examined it first
        return expected == &unmapped ? NULL : expected;
    }
    return made;
}

ssize_t pread(int fd, void *buffer, size_t count, off_t offset) {
    if (fd < 0 || fd >= tracked_descriptors || offset < 0) return kernel_pread(fd, buffer, count, offset);
    mapping *map = mapping_for(fd);
    if (!map || (size_t)offset + count > map->size) return kernel_pread(fd, buffer, count, offset);
    memcpy(buffer, map->base + offset, count);
    ++mapped_read_count;
    return (ssize_t)count;
}

ssize_t pread64(int fd, void *buffer, size_t count, off_t offset) {
    return pread(fd, buffer, count, offset);
}

int close(int fd) {
    if (fd >= 0 && fd < tracked_descriptors) {
        unmap(atomic_exchange(&mappings[fd], NULL));
        atomic_store_explicit(&kernel_reads[fd], 0, memory_order_relaxed);
    }
    return (int)syscall(SYS_close, fd);
}

unsigned long mapped_reads_count(void) {
    return mapped_read_count;
}

#else

bool mapped_reads_enable(void) { return false; }
unsigned long mapped_reads_count(void) { return 0; }
void mapped_reads_scanning(bool on) { (void)on; }

#endif
