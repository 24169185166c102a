#ifndef KALENDS_CFILESYSTEM_H
#define KALENDS_CFILESYSTEM_H

/// Linux's renameat2(2), which glibc declares only under _GNU_SOURCE (and
/// Swift's Glibc module does not see): the atomic exchange and the
/// no-replace rename SafeFile writes with. 0, or -1 with errno set.

/// Swaps the files at `a` and `b` atomically (RENAME_EXCHANGE): both must exist.
int kalends_rename_exchange(const char *a, const char *b);

/// Renames `from` to `to` unless `to` exists (RENAME_NOREPLACE: EEXIST then).
int kalends_rename_noreplace(const char *from, const char *to);

#endif
