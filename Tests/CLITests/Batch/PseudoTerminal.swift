import Foundation
import TestSupport
import Glibc

/// Runs a program with its standard error on a pseudo-terminal (posix_openpt), so it sees a
/// terminal there; standard output goes to a file. Returns what it wrote to each.
enum PseudoTerminal {
    struct Result {
        var status: Int32
        var terminal: String
        var stdout: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    timeout: Double = 120) throws -> Result {
        // posix_openpt/unlockpt/ptsname are not in Swift's Glibc module: the same steps by
        // hand on Linux's multiplexer (TIOCSPTLCK unlocks, TIOCGPTN names the pts).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(description: "no /dev/ptmx: \(String(cString: strerror(errno)))") }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw Failure(description: "cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let stdoutPath = scratch.file("stdout")

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, slavePath, O_RDWR | O_NOCTTY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(description: "posix_spawn: \(String(cString: strerror(spawned)))") }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        var exited = false
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 {
                let count = read(master, &chunk, chunk.count)
                if count > 0 { output += chunk[0..<count]; continue }
                if exited || count == 0 || errno != EINTR { if exited { break } }
            } else if exited {
                break // exited and nothing left to read
            }
            if !exited, waitpid(pid, &status, WNOHANG) == pid { exited = true }
            if Date() > deadline {
                kill(pid, SIGKILL)
                throw Failure(description: "timed out")
            }
        }
        // FileHandle, not String(contentsOfFile:): Foundation's whole-file read leaks its 4 KiB
        // buffer for an empty file, which fails the run under LeakSanitizer.
        let handle = FileHandle(forReadingAtPath: stdoutPath)
        let stdout = String(decoding: (try? handle?.readToEnd()) ?? Data(), as: UTF8.self)
        try? handle?.close()
        return Result(status: (status >> 8) & 0xFF, terminal: String(decoding: output, as: UTF8.self), stdout: stdout)
    }
}
