#ifndef WT_FS_H
#define WT_FS_H
// The Linux file-system fast paths that Glibc's Swift overlay cannot reach (variadic, new or
// macro-only): openat2, renameat2(RENAME_NOREPLACE), O_TMPFILE + linkat, OFD locks.
// Every function returns 0 (or a file descriptor) on success and -errno on failure. Where the
// platform has no such call (not Linux, or headers without it) it returns -ENOSYS, and the
// Swift side takes its portable POSIX path instead.
#include <sys/types.h>

/// openat2 with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV
/// and O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK added to `flags`. -ENOSYS where the kernel lacks it.
int wt_openat2_beneath(int dirfd, const char *path, int flags, mode_t mode);

/// openat(dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC, mode): one component of the fallback walk.
int wt_openat_nofollow(int dirfd, const char *name, int flags, mode_t mode);

/// An unnamed file in the directory `dirfd` (O_TMPFILE), opened for writing with `mode`.
int wt_open_tmpfile(int dirfd, mode_t mode);

/// Gives the unnamed file `fd` the name `name` in `dirfd` (through /proc/self/fd); fails with
/// -EEXIST if it exists, -ENOENT where /proc is not mounted.
int wt_link_tmpfile(int fd, int dirfd, const char *name);

/// renameat2(..., RENAME_NOREPLACE): -EEXIST when `to` exists.
int wt_rename_noreplace(int fromdirfd, const char *from, int todirfd, const char *to);

/// An exclusive open-file-description lock on the whole file. `wait` != 0 blocks.
int wt_ofd_lock(int fd, int wait);
int wt_ofd_unlock(int fd);

#endif
