#!/bin/sh
# Checks that a program built on the Searchlight library does not define pread, pread64 or close:
# those come from CMappedReads, which replaces them for the whole process and belongs to the
# `searchlight` tool alone, never to the library products (issue 22: nothing process-wide in the
# library). References to glibc's functions (nm type U) are fine; a definition (T, W, ...) is not.
#
#     Examples/check-no-interposition.sh Examples/BookSearch/.build/debug/BookSearch
set -eu

binary=${1:?usage: $0 BINARY}
[ -f "$binary" ] || { echo "check-no-interposition: no such file: $binary" >&2; exit 2; }

# Global definitions only (upper-case type letters other than U); names exact.
defined=$(nm --defined-only "$binary" | awk '$2 ~ /^[A-TV-Z]$/ && ($3 == "pread" || $3 == "pread64" || $3 == "close" || $3 ~ /^mapped_reads_/) { print $3 " (" $2 ")" }')
if [ -n "$defined" ]; then
    echo "check-no-interposition: FAILED: $binary defines" $defined >&2
    echo "  The mapped-read interposition (Sources/CMappedReads) has been linked into a program that only" >&2
    echo "  uses the Searchlight library: some library target depends on CMappedReads. Only the" >&2
    echo "  searchlight executable target may (Package.swift)." >&2
    exit 1
fi
echo "check-no-interposition: $binary defines no pread, pread64 or close"
