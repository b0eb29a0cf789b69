#define _GNU_SOURCE
#include "wt_fs.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <linux/openat2.h>
#endif

int wt_openat2_beneath(int dirfd, const char *path, int flags, mode_t mode) {
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV;
    long fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
    return fd < 0 ? -errno : (int)fd;
#else
    (void)dirfd; (void)path; (void)flags; (void)mode;
    return -ENOSYS;
#endif
}

int wt_openat_nofollow(int dirfd, const char *name, int flags, mode_t mode) {
    int fd = openat(dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC, mode);
    return fd < 0 ? -errno : fd;
}

int wt_open_tmpfile(int dirfd, mode_t mode) {
#ifdef O_TMPFILE
    int fd = openat(dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    return fd < 0 ? -errno : fd;
#else
    (void)dirfd; (void)mode;
    return -ENOSYS;
#endif
}

int wt_link_tmpfile(int fd, int dirfd, const char *name) {
#ifdef __linux__
    // AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; the /proc/self/fd path works unprivileged.
    char procpath[64];
    snprintf(procpath, sizeof procpath, "/proc/self/fd/%d", fd);
    if (linkat(AT_FDCWD, procpath, dirfd, name, AT_SYMLINK_FOLLOW) == 0) return 0;
    return -errno;
#else
    (void)fd; (void)dirfd; (void)name;
    return -ENOSYS;
#endif
}

int wt_rename_noreplace(int fromdirfd, const char *from, int todirfd, const char *to) {
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    return renameat2(fromdirfd, from, todirfd, to, RENAME_NOREPLACE) == 0 ? 0 : -errno;
#else
    (void)fromdirfd; (void)from; (void)todirfd; (void)to;
    return -ENOSYS;
#endif
}

int wt_ofd_lock(int fd, int wait) {
#ifdef F_OFD_SETLK
    struct flock lock;
    memset(&lock, 0, sizeof lock);
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    int rc;
    do { rc = fcntl(fd, wait ? F_OFD_SETLKW : F_OFD_SETLK, &lock); } while (rc < 0 && errno == EINTR);
    return rc == 0 ? 0 : -errno;
#else
    (void)fd; (void)wait;
    return -ENOSYS;
#endif
}

int wt_ofd_unlock(int fd) {
#ifdef F_OFD_SETLK
    struct flock lock;
    memset(&lock, 0, sizeof lock);
    lock.l_type = F_UNLCK;
    lock.l_whence = SEEK_SET;
    return fcntl(fd, F_OFD_SETLK, &lock) == 0 ? 0 : -errno;
#else
    (void)fd;
    return -ENOSYS;
#endif
}
