// posix_spawn_file_actions_addclosefrom_np (glibc 2.34) is a GNU extension.
#define _GNU_SOURCE
#include "wt_heif_encode.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/// Bumped whenever either header changes.
#define PROTOCOL_VERSION 1

typedef struct {
    char magic[4]; // "WTHQ": a request
    uint32_t version;
    int32_t width, height, has_alpha, codec, quality, effort;
    uint64_t icc_size;
} request_header;

typedef struct {
    char magic[4]; // "WTHR": a reply
    uint32_t version;
    int32_t status;
    uint32_t message_size;
    uint64_t output_size;
} reply_header;

// MARK: - Both sides

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// A child the parent waits on, to tell a slow encode from a hung one: x265 whose thread could
/// not be created under `ulimit -v` waited on a futex for ever, using no CPU time at all.
typedef struct {
    pid_t pid;
    long long cpu_ticks;
    int64_t changed_at;
} child_watch;

/// How long a child may use no CPU time while we wait for its reply.
#define IDLE_LIMIT_MS 10000

/// The child's user plus system CPU time in clock ticks (/proc/PID/stat fields 14 and 15), or
/// -1 where /proc cannot tell.
static long long cpu_ticks(pid_t pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t size = read(fd, text, sizeof text - 1);
    close(fd);
    if (size <= 0) return -1;
    text[size] = '\0';
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    char *field = strrchr(text, ')');
    for (int index = 2; field != NULL && index < 14; index++) field = strchr(field + 1, ' ');
    unsigned long long user = 0, system = 0;
    if (field == NULL || sscanf(field + 1, "%llu %llu", &user, &system) != 2) return -1;
    return (long long)(user + system);
}

/// Waits until `fd` is ready for `events` or the deadline (-1: none) passes: 0, -ETIMEDOUT,
/// -EDEADLK when `watch`'s child used no CPU time for IDLE_LIMIT_MS, or another -errno.
static int wait_ready(int fd, short events, int64_t deadline, child_watch *watch) {
    for (;;) {
        int64_t now = now_ms();
        int timeout = -1;
        if (deadline >= 0) {
            int64_t left = deadline - now;
            if (left <= 0) return -ETIMEDOUT;
            timeout = left > INT_MAX ? INT_MAX : (int)left;
        }
        if (watch != NULL && (timeout < 0 || timeout > 1000)) timeout = 1000;
        struct pollfd ready = { fd, events, 0 };
        int result = poll(&ready, 1, timeout);
        if (result > 0) return 0;
        if (result < 0 && errno != EINTR) return -errno;
        if (watch == NULL) continue;
        long long ticks = cpu_ticks(watch->pid);
        now = now_ms();
        if (ticks < 0 || ticks != watch->cpu_ticks) {
            watch->cpu_ticks = ticks;
            watch->changed_at = now;
        } else if (now - watch->changed_at >= IDLE_LIMIT_MS) {
            return -EDEADLK;
        }
    }
}

/// Writes all `size` bytes (MSG_NOSIGNAL: a peer that died is EPIPE, not a SIGPIPE that ends
/// this process): 0 or -errno.
static int send_all(int fd, const void *bytes, size_t size, int64_t deadline) {
    const unsigned char *next = bytes;
    while (size > 0) {
        int ready = wait_ready(fd, POLLOUT, deadline, NULL);
        if (ready != 0) return ready;
        ssize_t sent = send(fd, next, size, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return -errno;
        }
        next += sent;
        size -= (size_t)sent;
    }
    return 0;
}

/// Reads exactly `size` bytes: 0, -EPIPE when the peer closed first, or another -errno.
static int receive_all(int fd, void *bytes, size_t size, int64_t deadline, child_watch *watch) {
    unsigned char *next = bytes;
    while (size > 0) {
        int ready = wait_ready(fd, POLLIN, deadline, watch);
        if (ready != 0) return ready;
        ssize_t got = read(fd, next, size);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return -errno;
        }
        if (got == 0) return -EPIPE;
        next += got;
        size -= (size_t)got;
    }
    return 0;
}

// MARK: - The parent's side

/// `environ` with Swift's crash backtracer turned off: a Swift child that crashes would spend
/// seconds symbolicating on a standard error nobody reads before its parent may reap it.
/// Built once; the environment is not changed after the first encode.
static char **built_environment = NULL;

static void build_child_environment(void) {
    static const char setting[] = "SWIFT_BACKTRACE=enable=no";
    size_t count = 0;
    while (environ != NULL && environ[count] != NULL) count++;
    char **made = malloc((count + 2) * sizeof *made);
    if (made == NULL) return;
    size_t kept = 0;
    for (size_t index = 0; index < count; index++) {
        if (strncmp(environ[index], "SWIFT_BACKTRACE=", 16) != 0) made[kept++] = environ[index];
    }
    made[kept++] = (char *)setting;
    made[kept] = NULL;
    built_environment = made;
}

static char **child_environment(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_child_environment);
    return built_environment != NULL ? built_environment : environ;
}

/// Starts `argv` with one end of a socket pair as its standard input and output, standard
/// error on /dev/null and no other descriptor of ours: the other end, or -errno.
static int spawn_child(const char *const *argv, pid_t *pid) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return -errno;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) {
        close(pair[0]);
        close(pair[1]);
        return -result;
    }
    result = posix_spawnattr_init(&attributes);
    if (result == 0) {
        // dup2 clears close-on-exec on the copies; everything else of ours closes.
        posix_spawn_file_actions_adddup2(&actions, pair[1], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&actions, pair[1], STDOUT_FILENO);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
        posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
#endif
        // A caller that blocks or ignores signals must not hand that to the encoder.
        sigset_t none, all;
        sigemptyset(&none);
        sigfillset(&all);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setsigdefault(&attributes, &all);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        result = posix_spawn(pid, argv[0], &actions, &attributes, (char *const *)argv, child_environment());
        posix_spawnattr_destroy(&attributes);
    }
    posix_spawn_file_actions_destroy(&actions);
    close(pair[1]);
    if (result != 0) {
        close(pair[0]);
        return -result;
    }
    return pair[0];
}

/// Waits for `pid` until the deadline, then kills it: its wait status, or -1 when it had to
/// be killed.
static int reap(pid_t pid, int64_t deadline) {
    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) return status;
        if (done < 0 && errno != EINTR) return 0;
        if (now_ms() >= deadline) break;
        struct timespec pause = { 0, 2 * 1000 * 1000 };
        nanosleep(&pause, NULL);
    }
    kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return -1;
}

/// The usual name of `number` (strsignal is not thread-safe).
static const char *signal_name(int number) {
    switch (number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGKILL: return "SIGKILL";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGTERM: return "SIGTERM";
    default: return "another signal";
    }
}

/// Why a child that replied with no complete reply stopped, after it was reaped.
static int child_failed(int wait_status, int exchange_error, int time_limit_ms, wt_message *message) {
    if (exchange_error == -EDEADLK) {
        return WT_FAIL(WT_STATUS_NO_MEMORY, message,
                       "the encoder process hung (no CPU time for %d s, as x265 does when it cannot start a "
                       "thread) and was stopped", IDLE_LIMIT_MS / 1000);
    }
    if (wait_status == -1 || exchange_error == -ETIMEDOUT) {
        return WT_FAIL(WT_STATUS_IO, message, "the encoder process did not finish within %d s and was stopped",
                       (time_limit_ms + 999) / 1000);
    }
    if (WIFSIGNALED(wait_status)) {
        int number = WTERMSIG(wait_status);
        return WT_FAIL(WT_STATUS_NO_MEMORY, message,
                       "the encoder process died of signal %d (%s), as the encoders do when an allocation fails",
                       number, signal_name(number));
    }
    if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) != 0) {
        return WT_FAIL(WT_STATUS_IO, message, "the encoder process exited with status %d without a reply",
                       WEXITSTATUS(wait_status));
    }
    return WT_FAIL(WT_STATUS_IO, message, "the encoder process gave no complete reply (%s)",
                   strerror(exchange_error < 0 ? -exchange_error : EPROTO));
}

int wt_heif_encode_child_start(const char *const *argv, int *channel, int *pid, wt_message *message) {
    if (argv == NULL || argv[0] == NULL || channel == NULL || pid == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    pid_t started = 0;
    int made = spawn_child(argv, &started);
    if (made < 0) {
        return WT_FAIL(made == -ENOMEM || made == -EAGAIN ? WT_STATUS_NO_MEMORY : WT_STATUS_IO, message,
                       "could not start the encoder process %s: %s", argv[0], strerror(-made));
    }
    *channel = made;
    *pid = (int)started;
    return WT_STATUS_OK;
}

int wt_heif_encode_child_alive(int channel, int pid) {
    // An idle child writes nothing: something to read, a hang-up or an error on its socket
    // means it has ended or is ending (the kernel closes a killed process's files before its
    // parent can wait for it), and a wait that succeeds means it has ended.
    struct pollfd ready = { channel, POLLIN, 0 };
    int polled = poll(&ready, 1, 0);
    while (polled < 0 && errno == EINTR) polled = poll(&ready, 1, 0);
    int status = 0;
    int gone = polled != 0;
    if (!gone) {
        pid_t done = waitpid((pid_t)pid, &status, WNOHANG);
        gone = done == (pid_t)pid || (done < 0 && errno == ECHILD);
    }
    if (!gone) return 1;
    close(channel);
    reap((pid_t)pid, now_ms() + 2000);
    return 0;
}

int wt_heif_encode_rgba_in_child(int channel, int pid, int time_limit_ms,
                                 const unsigned char *rgba, int width, int height, int has_alpha,
                                 const wt_heif_encode_settings *settings,
                                 const unsigned char *icc, size_t icc_size,
                                 unsigned char **out, size_t *out_size, int *reusable, wt_message *message) {
    if (channel < 0 || pid < 1 || time_limit_ms < 1 || out == NULL || out_size == NULL || reusable == NULL
        || rgba == NULL || settings == NULL || width < 1 || height < 1 || (icc == NULL && icc_size != 0)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    *out = NULL;
    *out_size = 0;
    *reusable = 0;
    int64_t deadline = now_ms() + time_limit_ms;
    request_header request = { { 'W', 'T', 'H', 'Q' }, PROTOCOL_VERSION, width, height, has_alpha,
                               (int32_t)settings->codec, settings->quality, settings->effort, icc_size };
    size_t pixel_bytes = (size_t)width * (size_t)height * 4;
    int error = send_all(channel, &request, sizeof request, deadline);
    if (error == 0) error = send_all(channel, rgba, pixel_bytes, deadline);
    if (error == 0 && icc_size > 0) error = send_all(channel, icc, icc_size, deadline);
    // The child closed its end before it took the whole request, so it never began to encode
    // it: it died of something else (killed while idle, say), and the request may go to a
    // fresh child. A child that dies after taking the request is never retried.
    int gone_before_request = error == -EPIPE || error == -ECONNRESET;

    reply_header reply;
    unsigned char *bytes = NULL;
    child_watch watch = { (pid_t)pid, -1, now_ms() };
    if (error == 0) error = receive_all(channel, &reply, sizeof reply, deadline, &watch);
    if (error == 0 && (memcmp(reply.magic, "WTHR", 4) != 0 || reply.version != PROTOCOL_VERSION
                       || reply.message_size >= WT_MESSAGE_CAPACITY || reply.output_size > SIZE_MAX / 2)) {
        error = -EPROTO;
    }
    if (error == 0 && reply.message_size > 0) {
        wt_message_clear(message);
        char text[WT_MESSAGE_CAPACITY] = { 0 };
        error = receive_all(channel, text, reply.message_size, deadline, &watch);
        if (error == 0) wt_message_set(message, "%s", text);
    }
    if (error == 0 && reply.status == WT_STATUS_OK) {
        bytes = reply.output_size > 0 ? malloc((size_t)reply.output_size) : NULL;
        if (bytes == NULL) {
            error = -ENOMEM;
        } else {
            error = receive_all(channel, bytes, (size_t)reply.output_size, deadline, &watch);
        }
    }
    if (error == 0) {
        // A whole reply, the encode's failure included: the child serves the next request.
        *reusable = 1;
        if (reply.status != WT_STATUS_OK) return reply.status;
        *out = bytes;
        *out_size = (size_t)reply.output_size;
        return WT_STATUS_OK;
    }
    free(bytes);
    close(channel);
    // A child that closed its end early is usually dying: give it a moment to be reaped (the
    // kernel closes a dying process's files before its parent can wait for it).
    int64_t grace = now_ms() + 2000;
    int stopped = error == -ETIMEDOUT || error == -EDEADLK || error == -ENOMEM;
    int wait_status = reap((pid_t)pid, stopped ? now_ms() : (grace > deadline ? deadline : grace));
    if (gone_before_request) *reusable = -1;
    if (error == -ENOMEM) return WT_FAIL(WT_STATUS_NO_MEMORY, message, "no memory for the encoder process's reply");
    return child_failed(wait_status, error, time_limit_ms, message);
}

// MARK: - The child's side

/// A reply with no file: the status and the message.
static int reply_failure(int out_fd, int status, const wt_message *message) {
    size_t length = strnlen(message->text, WT_MESSAGE_CAPACITY - 1);
    reply_header reply = { { 'W', 'T', 'H', 'R' }, PROTOCOL_VERSION, status, (uint32_t)length, 0 };
    if (send_all(out_fd, &reply, sizeof reply, -1) != 0) return 1;
    return length > 0 && send_all(out_fd, message->text, length, -1) != 0 ? 1 : 0;
}

/// Serves one request: 0 when it replied, 1 when the exchange broke, -1 at the end of the
/// requests (the parent closed its end).
static int serve_one(int in_fd, int out_fd) {
    request_header request;
    wt_message message;
    wt_message_clear(&message);
    ssize_t first = read(in_fd, &request, 1);
    while (first < 0 && errno == EINTR) first = read(in_fd, &request, 1);
    if (first == 0) return -1;
    if (first < 0 || receive_all(in_fd, (char *)&request + 1, sizeof request - 1, -1, NULL) != 0) return 1;
    if (memcmp(request.magic, "WTHQ", 4) != 0 || request.version != PROTOCOL_VERSION) return 1;
    if (request.width < 1 || request.height < 1 || request.width > 65536 || request.height > 65536
        || request.icc_size > (uint64_t)64 << 20) {
        return reply_failure(out_fd, WT_FAIL(WT_STATUS_INVALID_ARGUMENT, &message, "invalid request"), &message);
    }
    size_t pixel_bytes = (size_t)request.width * (size_t)request.height * 4;
    unsigned char *pixels = malloc(pixel_bytes);
    unsigned char *icc = request.icc_size > 0 ? malloc((size_t)request.icc_size) : NULL;
    if (pixels == NULL || (request.icc_size > 0 && icc == NULL)) {
        free(pixels);
        free(icc);
        return reply_failure(out_fd, WT_FAIL(WT_STATUS_NO_MEMORY, &message, "no memory for the picture"), &message);
    }
    int broken = receive_all(in_fd, pixels, pixel_bytes, -1, NULL) != 0
                 || (icc != NULL && receive_all(in_fd, icc, (size_t)request.icc_size, -1, NULL) != 0);
    if (broken) {
        free(pixels);
        free(icc);
        return 1;
    }
    wt_heif_encode_settings settings = { (wt_heif_codec)request.codec, request.quality, request.effort };
    unsigned char *bytes = NULL;
    size_t size = 0;
    int status = wt_heif_encode_rgba(pixels, request.width, request.height, request.has_alpha, &settings,
                                     icc, (size_t)request.icc_size, &bytes, &size, &message);
    free(pixels);
    free(icc);
    if (status != WT_STATUS_OK) return reply_failure(out_fd, status, &message);
    reply_header reply = { { 'W', 'T', 'H', 'R' }, PROTOCOL_VERSION, WT_STATUS_OK, 0, size };
    int failed = send_all(out_fd, &reply, sizeof reply, -1) != 0 || send_all(out_fd, bytes, size, -1) != 0;
    wt_heif_encode_free(bytes);
    return failed ? 1 : 0;
}

int wt_heif_encode_serve(int in_fd, int out_fd) {
    for (;;) {
        int served = serve_one(in_fd, out_fd);
        if (served != 0) return served < 0 ? 0 : 1;
    }
}
