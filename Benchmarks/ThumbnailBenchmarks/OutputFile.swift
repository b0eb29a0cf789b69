import Glibc

/// Writes a thumbnail the plain way (open, write, close): the benchmark's "write" stage.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
