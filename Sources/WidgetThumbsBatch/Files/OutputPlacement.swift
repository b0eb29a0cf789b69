import Glibc
import WidgetSnapshots
import WidgetThumbnails

/// The one way widget-thumbs puts a file at a path a user named or a run chose: thumbnail `-o`
/// and its `--families` and `--per-device` variants, decode `--out`, the preview page, batch
/// thumbnails, the batch's manifest and journal, and the spool of a `--files-from` list. Each
/// write is judged first (`check`: `OutputOccupant`'s rules, then the policy of whose file it
/// is) and then made by `OutputFile` (a temporary file renamed or linked into place, nothing
/// half written, the temporary removed on failure); a FIFO or a character device is written
/// into, never replaced, and only a command's own file may be one.
///
/// Nothing else in the tool creates, replaces or appends to a file: `OutputFile`'s writes and
/// `OutputOccupant.examine` are internal to this module (the CLI cannot reach them), and the
/// system calls that make files are used only in this folder, which
/// `Tests/CLITests/SourceBoundaryTests.swift` checks over every source file. The snapshot
/// store's files are the store's own (`SnapshotStore` and its writers in WidgetSnapshots),
/// confined to its container and crash-safe by their own rules.
package enum OutputPlacement {
    /// What `--overwrite` says about files in `--out` that widget-thumbs did not make.
    package enum ForeignFiles: Sendable {
        /// Keep them: the output fails with a reason (the default).
        case keep
        /// Replace them (`--overwrite`). Inputs of the run are kept all the same.
        case replace
    }

    /// Whose file is written, which decides what besides nothing may be at its path.
    package enum Policy: Sendable {
        /// A command's own file (`-o`, `--out`, `--contact-sheet`): a regular file is replaced; a
        /// FIFO or a character device (a terminal, `/dev/null`) is written into; a symlink is
        /// kept (the user names the file itself, or removes the link), except one that leads
        /// to standard output's own file (`-o /dev/stdout > file`): that is standard output.
        case commandOutput
        /// A batch thumbnail of `bytes`: a file is replaced only when widget-thumbs made it (a
        /// record gives it the size `recordedBytes`, or it holds these very bytes, left by a run
        /// killed before its journal line), else only with `--overwrite`; a FIFO or a device
        /// is refused (batch outputs are only ever files).
        case batchThumbnail(bytes: [UInt8], recordedBytes: Int?, foreignFiles: ForeignFiles)
        /// One of the batch's record files (`what`: "the manifest"): a regular file or nothing.
        case record(what: String)
        /// The input itself, rewritten (`thumbnail --replace`, `check --fix`): only a regular
        /// file that is there and writable, replaced by rename; never a
        /// symlink, a stream or a missing file (a fix makes no new names).
        case inPlace
    }

    /// A path judged by `check` and how it is to be written: its initializer is internal to
    /// this module and only `check` calls it, so holding one means the rules were applied.
    package struct CheckedOutput: Sendable {
        package enum Method: Sendable {
            /// Nothing was there: created, never replacing a file that appears meanwhile.
            case create
            /// A regular file (or a symlink, with `--overwrite`) replaced by rename.
            case replace
            /// A FIFO or a character device, opened and written into.
            case writeInto
            /// A link to standard output's own file: written to standard output.
            case standardOutput
        }

        package let path: String
        package let method: Method
        /// The inputs of the command, checked again on what is opened to be written into.
        let inputs: InputIdentities
    }

    /// Judges `path` for a write under `policy`: throws, naming the path, when nothing may be
    /// written there (an input of the command, standard input's own file, a directory, a
    /// read-only or another user's file, a symlink or a stream the policy refuses).
    package static func check(_ path: String, inputs: InputIdentities, policy: Policy) throws(ImageError) -> CheckedOutput {
        let occupant = try OutputOccupant.examine(path, inputs: inputs)
        let method: CheckedOutput.Method
        switch (occupant, policy) {
        case (.nothing, .commandOutput), (.nothing, .batchThumbnail), (.nothing, .record):
            method = .create
        case (.regularFile, .commandOutput), (.regularFile, .record), (.regularFile, .inPlace):
            method = .replace
        case (.nothing, .inPlace):
            throw ImageError(.io, "the file to rewrite is gone", file: path)
        case (.symlink, .inPlace):
            throw ImageError(.io, "a symlink is not rewritten in place (name the file it leads to)", file: path)
        case (.stream(let kind), .inPlace):
            throw ImageError(.io, "\(kind) is not rewritten in place", file: path)
        case (.stream, .commandOutput):
            method = .writeInto
        case (.symlink, .commandOutput) where isStandardOutput(path):
            method = .standardOutput
        case (.symlink, .commandOutput):
            throw ImageError(.io, "a symlink is at the output path; it is kept (name the file it leads to, or remove it)",
                             file: path)
        case (.regularFile(let size), .batchThumbnail(_, let recorded, _)) where recorded == size:
            method = .replace
        case (.regularFile(let size), .batchThumbnail(let bytes, _, _))
            where size == bytes.count && (try? InputFile.read(path, maxBytes: bytes.count)) == bytes:
            // Exactly this thumbnail, made by a run killed before its journal line (or whose
            // last journal lines a power cut lost): writing it again changes nothing.
            method = .replace
        case (.regularFile, .batchThumbnail(_, _, .replace)), (.symlink, .batchThumbnail(_, _, .replace)):
            method = .replace
        case (.regularFile, .batchThumbnail), (.symlink, .batchThumbnail):
            throw ImageError(.invalidArgument,
                             "a file that widget-thumbs did not make is at the output path; it is kept (--overwrite replaces it)",
                             file: path)
        case (.stream(let kind), .batchThumbnail):
            throw ImageError(.io, "\(kind) is at the output path; it is kept", file: path)
        case (.symlink, .record(let what)):
            throw ImageError(.io, "\(what) is not written: a symlink is at its path; it is kept", file: path)
        case (.stream(let kind), .record(let what)):
            throw ImageError(.io, "\(what) is not written: \(kind) is at its path; it is kept", file: path)
        }
        return CheckedOutput(path: path, method: method, inputs: inputs)
    }

    /// Puts `bytes` where `output` was judged to go.
    package static func write(_ bytes: [UInt8], to output: CheckedOutput, staging: OutputFile.Staging = .besideTarget,
                      durability: Durability = .each) throws(ImageError) {
        switch output.method {
        case .create:
            try OutputFile.write(bytes, toPath: output.path, replacing: .nothing, staging: staging, durability: durability)
        case .replace:
            try OutputFile.write(bytes, toPath: output.path, replacing: .anything, staging: staging, durability: durability)
        case .writeInto:
            try OutputFile.writeInto(bytes, path: output.path, inputs: output.inputs)
        case .standardOutput:
            try StandardOutput.write(bytes)
        }
    }

    /// Puts content made piece by piece (`OutputFile.write(toPath:staging:durability:_:)`) where
    /// `output` was judged to go: a record file, so only a file made or replaced whole.
    package static func write(to output: CheckedOutput, staging: OutputFile.Staging, durability: Durability,
                      _ produce: (_ append: ([UInt8]) throws(ImageError) -> Void) throws(ImageError) -> Void) throws(ImageError) {
        guard output.method == .create || output.method == .replace else {
            throw ImageError(.io, "content made in pieces is only written to a regular file", file: output.path)
        }
        try OutputFile.write(toPath: output.path, staging: staging, durability: durability, produce)
    }

    /// A command's own file (thumbnail `-o` and its variants, decode `--out`, the preview page):
    /// judged (`Policy.commandOutput`) and written in one call. The one call a new command's
    /// file needs.
    package static func placeCommandOutput(_ bytes: [UInt8], at path: String, inputs: InputIdentities) throws(ImageError) {
        try write(bytes, to: try check(path, inputs: inputs, policy: .commandOutput))
    }

    /// `bytes` in place of the file at `path`, which they were made from (`Policy.inPlace`):
    /// replaced by rename only while it is still the file `original` identifies, so a file
    /// changed or swapped meanwhile is kept.
    package static func replaceInPlace(_ bytes: [UInt8], at path: String, original: FileIdentity) throws(ImageError) {
        let output = try check(path, inputs: InputIdentities(), policy: .inPlace)
        guard FileIdentity(path: path) == original else {
            throw ImageError(.io, "the file changed while it was rewritten; it is kept", file: path)
        }
        try write(bytes, to: output)
    }

    /// The batch's journal at `path`, opened to append (created when missing): only a regular
    /// file that is not an input, not read-only and has no other name (`RecordFileLines.open`);
    /// appended to, never replaced, one whole line per write (`BatchJournal`).
    package static func openJournal(_ path: String, inputs: InputIdentities) throws(ImageError) -> Int32 {
        try RecordFileLines.open(path, flags: O_RDWR | O_CREAT | O_APPEND, inputs: inputs) ?? -1
    }

    /// A temporary file in the staging folder, its name removed at once (a run killed before
    /// that leaves a name the next run's `StagingFolder.removeLeftovers` takes): never an
    /// existing file (O_EXCL), never through a symlink.
    package static func spoolFile(in staging: StagingFolder, purpose: String) throws(ImageError) -> Int32 {
        let path = PathComponents.join(staging.path, staging.temporaryName())
        let descriptor = RawPath.withCString(path) { open($0, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw ImageError(.io, "cannot make \(purpose): \(String(cString: strerror(errno)))", file: staging.path)
        }
        _ = RawPath.withCString(path) { unlink($0) }
        return descriptor
    }

    /// Whether `path` leads to the file standard output is open on.
    private static func isStandardOutput(_ path: String) -> Bool {
        var status = stat()
        guard fstat(STDOUT_FILENO, &status) == 0, let target = FileIdentity(path: path) else { return false }
        return target == FileIdentity(status)
    }
}
