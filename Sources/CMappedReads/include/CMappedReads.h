/*
 * CMappedReads: serves Xapian's block reads of glass table files from a memory mapping.
 *
 * MappedReads.c defines pread, pread64 and close for the whole process it is linked into, so this
 * target is linked only into programs that want that: the `searchlight` command-line tool (and the
 * benchmarks' raw-Xapian mirror), never into the Searchlight or XapianIndex libraries. A program
 * that links it turns the mapping on with mapped_reads_enable() before its first search:
 *
 *     int main(int argc, char **argv) {
 *         mapped_reads_enable();   // off again with SEARCHLIGHT_MAPPED_READS=0
 *         ...
 *     }
 *
 * Until then every read goes to the kernel as before. The call is also what makes the linker keep
 * MappedReads.o: nothing else in a program names a symbol of it (pread and close are found in libc
 * too), so from a static archive the member would otherwise be left out.
 */
#ifndef CMAPPEDREADS_H
#define CMAPPEDREADS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Turns mapped reads on for the process, unless the environment has SEARCHLIGHT_MAPPED_READS=0;
 * returns whether they are on (false on systems other than Linux). Call it once, early. */
bool mapped_reads_enable(void);

/* Blocks of read-only glass table files served to the calling thread from a memory mapping instead
 * of pread(2) since it started. */
unsigned long mapped_reads_count(void);

/* While on, the calling thread's reads stay with the kernel: for work that reads a whole database
 * once (compaction, a check), where a mapping would only add every page read to the resident set.
 * CXapian calls it through a weak reference (Shim.hpp), so it does so only in a program that links
 * this target. */
void mapped_reads_scanning(bool on);

#ifdef __cplusplus
}
#endif

#endif
