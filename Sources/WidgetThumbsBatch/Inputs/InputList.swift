import Glibc
import WidgetThumbnails

/// The names `--files-from FILE` lists (`-` for standard input), read as they are needed: one
/// per line, or NUL-separated with `--null` (what `find -print0` writes, for names with
/// newlines). Names are bytes (`RawPath`); empty records are skipped.
///
/// A batch reads its list twice (`InputCensus` finds every input before the first output is
/// put in place): the first reading copies what it reads to a spool file, and `replay` reads
/// the same bytes again from there, so standard input or a FIFO gives the same names both
/// times, and a list file changed in between cannot add a name the census did not see.
package final class InputList {
    package enum Separator: Sendable {
        case newline
        case nul

        package var byte: UInt8 {
            switch self {
            case .newline: UInt8(ascii: "\n")
            case .nul: 0
            }
        }
    }

    package enum Entry {
        case path(String)
        /// The list itself could not be read.
        case failure(ImageError)
    }

    /// The longest name taken (Linux's PATH_MAX); a longer record fails.
    static let maximumRecord = 4096

    private let source: String
    private let separator: Separator
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// A failure to open or read the list, to report as the next entry.
    private var openFailure: ImageError?
    /// Where every byte read is copied (the first reading); -1 for none.
    private let copy: Int32
    /// The failure the source gave (the first reading).
    private var sourceFailure: ImageError?
    /// That failure, reported again after the replay's names.
    private var trailingFailure: ImageError?

    /// Reads `source` (`-` for standard input), copying what it reads to `copy` when given.
    package init(source: String, separator: Separator, copyingTo copy: Int32? = nil) {
        self.source = source
        self.separator = separator
        self.copy = copy ?? -1
        if source == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = RawPath.withCString(source) { open($0, O_RDONLY | O_CLOEXEC) }
            if descriptor < 0 {
                openFailure = ImageError(.io, "cannot open the list: \(String(cString: strerror(errno)))", file: source)
                sourceFailure = openFailure
            }
        }
    }

    /// Reads the spool `copy` from its start (this list's copy: it owns a duplicate of the
    /// descriptor), ending with the failure the source gave, if any.
    private init(replaying copy: Int32, of list: InputList) {
        source = list.source
        separator = list.separator
        self.copy = -1
        descriptor = lseek(copy, 0, SEEK_SET) == 0 ? dup(copy) : -1
        if descriptor < 0 {
            openFailure = ImageError(.io, "cannot read the copy of the list: \(String(cString: strerror(errno)))",
                                     file: list.displayName)
        }
        trailingFailure = list.sourceFailure
    }

    /// The names again, from the spool this list filled (`copyingTo`), once it was read to its end.
    func replay(from copy: Int32) -> InputList {
        InputList(replaying: copy, of: self)
    }

    deinit { if descriptor > STDIN_FILENO { close(descriptor) } }

    var displayName: String { source == "-" ? "standard input" : source }

    package func next() -> Entry? {
        if let failure = openFailure {
            openFailure = nil
            atEnd = true
            return .failure(failure)
        }
        while true {
            if let end = buffer[start...].firstIndex(of: separator.byte) {
                let record = buffer[start..<end]
                start = end + 1
                if record.isEmpty { continue }
                return entry(record)
            }
            if atEnd {
                guard start < buffer.count else {
                    defer { trailingFailure = nil }
                    return trailingFailure.map { .failure($0) }
                }
                let record = buffer[start...]
                start = buffer.count
                return entry(record)
            }
            if buffer.count - start > Self.maximumRecord {
                atEnd = true
                return .failure(ImageError(.invalidArgument, "a name in the list is longer than \(Self.maximumRecord) bytes",
                                           file: displayName))
            }
            fill()
            if let failure = openFailure {
                openFailure = nil
                return .failure(failure)
            }
        }
    }

    private func entry(_ record: ArraySlice<UInt8>) -> Entry {
        guard record.count <= Self.maximumRecord else {
            return .failure(ImageError(.invalidArgument, "a name in the list is longer than \(Self.maximumRecord) bytes",
                                       file: displayName))
        }
        guard !record.contains(0) else {
            return .failure(ImageError(.invalidArgument, "a name in the list holds a NUL byte: is it NUL-separated (--null)?",
                                       file: displayName))
        }
        return .path(RawPath.decode(record))
    }

    /// Reads up to 64 KiB more, dropping what was handed out.
    private func fill() {
        buffer.removeFirst(start)
        start = 0
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                openFailure = ImageError(.io, "cannot read the list: \(String(cString: strerror(errno)))", file: displayName)
                sourceFailure = openFailure
            }
            if count <= 0 { atEnd = true; return }
            buffer.append(contentsOf: chunk[..<count])
            if copy >= 0, let code = DescriptorWriter.writeAll(Array(chunk[..<count]), to: copy) {
                openFailure = ImageError(.io, "cannot copy the list to a temporary file: \(String(cString: strerror(code)))",
                                         file: displayName)
                sourceFailure = openFailure
                atEnd = true
            }
            return
        }
    }
}
