import Foundation
import Glibc

/// A child started without waiting for it, so a test can kill it at a moment of its choosing
/// (the crash-safety tests SIGKILL `widget-thumbs commit` mid-flight). Its standard streams
/// are /dev/null: nothing to drain, so nothing can block it or us.
public struct SpawnedProcess: Sendable {
    public let pid: pid_t

    /// Starts `executable` with `arguments` and returns at once. `descriptors` gives the child
    /// more than its standard streams: each key is the child's descriptor, a copy of ours, the
    /// value (a browser's DevTools pipe on 3 and 4, say); ours should be above 4.
    public static func start(_ executable: String, _ arguments: [String],
                             descriptors: [Int32: Int32] = [:]) throws -> SpawnedProcess {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // dup2 clears close-on-exec on the child's copy only.
        for (child, ours) in descriptors { posix_spawn_file_actions_adddup2(&actions, ours, child) }
        var pid: pid_t = 0
        // Under ChildProcess's lock, so no pipe end another test is creating leaks into this child.
        let status = ChildProcess.spawnLock.withLock { _ in posix_spawn(&pid, executable, &actions, nil, argv, environ) }
        guard status == 0 else {
            throw ChildProcess.SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(status)))")
        }
        return SpawnedProcess(pid: pid)
    }

    /// Sends SIGKILL (harmless when the child has already exited: it stays a zombie until
    /// `wait`, so the pid cannot have been reused).
    public func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Reaps the child: how it ended.
    public func wait() -> ChildProcess.Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(status & 0x7F)
    }
}
