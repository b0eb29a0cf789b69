import Glibc
import WidgetThumbnails

/// `--shard K/N`: this process takes the inputs whose relative path hashes to K modulo N.
/// The hash is 64-bit FNV-1a over the relative path's bytes (`RawPath`; Swift's `Hasher` is
/// seeded per process, so it would give every process a different split). Shards are
/// disjoint and together cover every input; an input lands in the same shard on any machine.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    package let index: Int
    package let count: Int

    /// `K/N` with 0 <= K < N, N >= 1.
    package init?(commandLine text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    package func contains(_ relativePath: String) -> Bool {
        Int(Self.fnv1a(relativePath) % UInt64(count)) == index
    }

    package var description: String { "\(index)/\(count)" }

    /// The preview page of this shard: `page.html` -> `page.shard-K-of-N.html` (the record
    /// files' naming), so N shards given one page write N pages instead of replacing one
    /// another's. A FIFO or a device (`/dev/stdout`) is written into, never replaced, so its
    /// name is kept.
    package func pageName(_ page: String) -> String {
        var status = stat()
        if RawPath.withCString(page, { stat($0, &status) }) == 0, status.st_mode & S_IFMT != S_IFREG { return page }
        let nameStart = page.lastIndex(of: "/").map { page.index(after: $0) } ?? page.startIndex
        let tag = ".shard-\(index)-of-\(count)"
        guard let dot = page[nameStart...].lastIndex(of: "."), dot != nameStart else { return page + tag }
        return page[..<dot] + tag + page[dot...]
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in RawPath.encode(text) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
