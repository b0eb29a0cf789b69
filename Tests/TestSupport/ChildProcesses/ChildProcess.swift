import Foundation
import Glibc
import WidgetSnapshots

/// Runs a program as a child process (posix_spawn) and measures it: exit status, everything
/// it wrote, wall time, CPU time, and its peak resident memory (from `wait4`'s rusage, which
/// is per child, unlike getrusage(RUSAGE_CHILDREN)). Tests run in parallel, so every pipe is
/// close-on-exec: no other child inherits it and holds our reads open.
///
/// Linux quirk: at exec the kernel folds the *parent's* peak RSS into the child's ru_maxrss
/// (the vfork child execs from the parent's address space). So before each spawn the test
/// process resets its own peak to its current RSS (`/proc/self/clear_refs` 5), and the
/// result carries that current RSS as `inheritedRSSBytes`: `maxRSSBytes` is exactly
/// max(child's own peak, inheritedRSSBytes), an upper bound that is tight once the child
/// grows past the test process. Side effect: the test process's own VmHWM and
/// RUSAGE_SELF ru_maxrss restart at each spawn, so do not measure in-process peaks with them.
public enum ChildProcess {
    /// Glibc's Swift module has no pipe2, so pipes get FD_CLOEXEC just after pipe(); holding
    /// this lock from pipe() to posix_spawn() keeps other spawns out of that window. Its state
    /// counts the spawns: a `Locked(())`, whose state has no size, is reported by
    /// ThreadSanitizer as racing (see `Locked`).
    package static let spawnLock = Locked(0)

    public enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// Killed by us (SIGKILL) after the timeout.
        case timedOut

        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            case .timedOut: "timed out"
            }
        }
    }

    public struct Result: Sendable, CustomStringConvertible {
        public var ending: Ending
        /// The child's process id (gone once `run` returns; tests use it as a dead pid).
        public var pid: pid_t = 0
        public var stdout: String
        public var stderr: String
        public var wallSeconds: Double
        public var cpuSeconds: Double
        public var maxRSSBytes: Int
        /// The test process's RSS just before the spawn: the floor of `maxRSSBytes`.
        public var inheritedRSSBytes: Int
        /// With `.sampled`: the highest VmHWM read from /proc/<pid>/status while the child
        /// ran. It is the child's own peak (a new address space at exec, free of the inherited
        /// floor), seen at the last sample: a lower bound, exact for a peak that lasts longer
        /// than the sampling interval. Nil when not sampled or never read.
        public var sampledPeakRSSBytes: Int?

        /// The exit code, or nil when the process did not exit by itself.
        public var status: Int32? {
            if case .exited(let code) = ending { return code }
            return nil
        }

        public var description: String {
            let mebibytes = Double(maxRSSBytes) / 1_048_576
            return "\(ending), wall \(String(format: "%.3f", wallSeconds)) s, cpu \(String(format: "%.3f", cpuSeconds)) s, "
                + "max RSS \(String(format: "%.1f", mebibytes)) MiB (inherited floor "
                + "\(String(format: "%.1f", Double(inheritedRSSBytes) / 1_048_576)) MiB)\nstdout: \(stdout)\nstderr: \(stderr)"
        }
    }

    public struct SpawnError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Whether `run` also samples the child's own peak memory while it runs.
    public enum MemorySampling: Sendable {
        case none
        /// Read VmHWM from /proc every few milliseconds.
        case sampled
    }

    /// Where `run` collects the child's standard output and error.
    public enum Capture: Sendable {
        /// Pipes, read while the child runs.
        case pipes
        /// Files in a temporary directory, read once it has ended: for a program whose own
        /// children inherit the streams and may outlive it (Chromium's helpers), which would
        /// hold a pipe open after it exits.
        case files
    }

    /// Runs `executable` with `arguments` (standard input is /dev/null, or the file
    /// `standardInput` names) and waits for it,
    /// killing it after `timeout` seconds. `standardOutput` names a file opened for writing as
    /// the child's standard output (/dev/full: every write fails), instead of the pipe whose
    /// text `Result.stdout` holds (then empty). `capture` says how the output is collected.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double = 30,
                           memory: MemorySampling = .none, standardOutput: String? = nil,
                           standardInput: String? = nil, capture: Capture = .pipes) throws -> Result {
        let captureFiles = capture == .files ? try TemporaryDirectory() : nil
        defer { captureFiles?.remove() }
        // Arguments as bytes (`RawPath`), so a test can pass a file name that is not UTF-8.
        let argv = ([executable] + arguments).map { argument in RawPath.withCString(argument) { strdup($0) } } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }

        let start = monotonicSeconds()
        let (pid, outFD, errFD, inherited) = try spawnLock.withLock { spawns throws(SpawnError) in
            spawns += 1
            let inherited = resetPeakRSS()
            let outPipe = try closeOnExecPipe()
            let errPipe: [Int32]
            do throws(SpawnError) { errPipe = try closeOnExecPipe() } catch {
                close(outPipe[0]); close(outPipe[1])
                throw error
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
            // dup2 clears close-on-exec on the child's copies (1 and 2) only.
            if let standardOutput {
                posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY, 0)
            } else if let captureFiles {
                posix_spawn_file_actions_addopen(&actions, 1, captureFiles.file("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            }
            if let captureFiles {
                posix_spawn_file_actions_addopen(&actions, 2, captureFiles.file("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
            }
            var pid: pid_t = 0
            let spawnStatus = posix_spawn(&pid, executable, &actions, nil, argv, environment)
            close(outPipe[1])
            close(errPipe[1])
            guard spawnStatus == 0 else {
                close(outPipe[0]); close(errPipe[0])
                throw SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(spawnStatus)))")
            }
            return (pid, outPipe[0], errPipe[0], inherited)
        }

        var sampledPeak: Int?
        let sample: (() -> Void)? = memory == .sampled ? {
            if let peak = highWaterMark(pid) { sampledPeak = max(sampledPeak ?? 0, peak) }
        } : nil
        var (stdout, stderr, timedOut) = drain(outFD, errFD, pid: pid, deadline: start + timeout, sample: sample)
        var status: Int32 = 0
        var usage = rusage()
        // The pipes close when the child ends, unless nothing was written to them (files, or
        // /dev/full): then the deadline is kept here.
        while true {
            let reaped = wait4(pid, &status, timedOut ? 0 : WNOHANG, &usage)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            if reaped == 0 {
                sample?()
                if monotonicSeconds() >= start + timeout {
                    kill(pid, SIGKILL)
                    timedOut = true
                } else {
                    usleep(5_000)
                }
            }
        }
        if let captureFiles {
            stdout = (try? FileBytes.contents(of: captureFiles.file("stdout"))) ?? []
            stderr = (try? FileBytes.contents(of: captureFiles.file("stderr"))) ?? []
        }
        let wall = monotonicSeconds() - start

        let ending: Ending
        if timedOut {
            ending = .timedOut
        } else if status & 0x7F == 0 {
            ending = .exited((status >> 8) & 0xFF)   // WIFEXITED / WEXITSTATUS
        } else {
            ending = .signaled(status & 0x7F)        // WTERMSIG
        }
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        return Result(ending: ending, pid: pid, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), wallSeconds: wall,
                      cpuSeconds: cpu, maxRSSBytes: Int(usage.ru_maxrss) * 1024, // Linux: KiB
                      inheritedRSSBytes: inherited, sampledPeakRSSBytes: sampledPeak)
    }

    /// The child's VmHWM in bytes, or nil once it has exited (a zombie has no memory lines).
    private static func highWaterMark(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kibibytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kibibytes * 1024
    }

    /// Reads both pipes until both close, so a child that fills one pipe's buffer while we
    /// wait on the other cannot deadlock. Kills the child at `deadline`. Calls `sample` at
    /// least every 5 ms meanwhile, when given.
    private static func drain(_ outFD: Int32, _ errFD: Int32, pid: pid_t, deadline: Double,
                              sample: (() -> Void)?) -> (out: [UInt8], err: [UInt8], timedOut: Bool) {
        var fds = [pollfd(fd: outFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errFD, events: Int16(POLLIN), revents: 0)]
        var buffers: [[UInt8]] = [[], []]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var timedOut = false
        while fds.contains(where: { $0.fd >= 0 }) {
            sample?()
            let remaining = timedOut ? 1000 : max(0, Int32((deadline - monotonicSeconds()) * 1000))
            let ready = poll(&fds, nfds_t(fds.count), sample == nil || timedOut ? remaining : min(remaining, 5))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                if !timedOut && monotonicSeconds() >= deadline {
                    kill(pid, SIGKILL)
                    timedOut = true
                }
                continue
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &chunk, chunk.count)
                if count > 0 {
                    buffers[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                }
            }
        }
        return (buffers[0], buffers[1], timedOut)
    }

    /// Resets this process's peak RSS to its current RSS and returns that, in bytes (0 when
    /// /proc is unavailable).
    private static func resetPeakRSS() -> Int {
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = write(fd, "5", 1)
            close(fd)
        }
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kibibytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kibibytes * 1024
    }

    private static func closeOnExecPipe() throws(SpawnError) -> [Int32] {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe: \(errnoText())") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fds
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
