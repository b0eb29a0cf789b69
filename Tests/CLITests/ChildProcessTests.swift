import Testing
import TestSupport

/// The harness itself: statuses, both streams, timeouts, and that the memory it reports is
/// the child's own peak.
@Suite struct ChildProcessTests {
    @Test func reportsExitCodeAndBothStreams() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.ending == .exited(3))
        #expect(result.stdout == "out\n")
        #expect(result.stderr == "err\n")
    }

    @Test func reportsASignal() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(result.ending == .signaled(9))
        #expect(result.status == nil)
    }

    @Test func killsAChildThatRunsTooLong() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "exec sleep 5"], timeout: 0.3)
        #expect(result.ending == .timedOut)
        #expect(result.wallSeconds < 3)
    }

    @Test func drainsLargeOutputOnBothStreamsWithoutDeadlock() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2"])
        #expect(result.ending == .exited(0))
        #expect(result.stdout.utf8.count == 1_000_000)
        #expect(result.stderr.utf8.count == 1_000_000)
    }

    /// dd with a 96 MiB block fills (touches) a 96 MiB buffer: the child's peak must show
    /// it. A child that does nothing reports no more than the floor inherited from us.
    @Test func measuresTheChildsPeakMemory() throws {
        let big = try ChildProcess.run("/bin/sh", ["-c", "exec dd if=/dev/zero of=/dev/null bs=96M count=1 status=none"])
        #expect(big.ending == .exited(0), "\(big)")
        #expect(big.maxRSSBytes >= 96 << 20, "\(big)")
        let small = try ChildProcess.run("/bin/sh", ["-c", "exit 0"])
        #expect(small.inheritedRSSBytes > 0, "reads /proc/self/status")
        #expect(small.maxRSSBytes > 0)
        #expect(small.maxRSSBytes <= max(small.inheritedRSSBytes, 8 << 20) + (8 << 20), "\(small)")
    }

    @Test func aMissingExecutableIsAnError() {
        #expect(throws: ChildProcess.SpawnError.self) {
            try ChildProcess.run("/nonexistent/program", [])
        }
    }
}
