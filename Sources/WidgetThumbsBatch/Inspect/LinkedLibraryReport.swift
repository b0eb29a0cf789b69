import Foundation
import WidgetThumbnails

/// `widget-thumbs --version --verbose`: the system libraries as they describe themselves, and
/// the shared objects this process loaded with the Debian packages they came from. A security
/// update changes the package revision (libheif1 1.15.1-1+deb12u1 -> +deb12u2) and not the
/// upstream version the library reports, so when a test starts failing on a new machine this
/// is what shows what moved. `.ci/run` prints it before the tests.
package enum LinkedLibraryReport {
    /// File-name prefixes of the image libraries and the codecs libheif loads behind them.
    static let prefixes = ["libjpeg.", "libturbojpeg.", "libpng16.", "libwebp.", "libwebpdemux.", "libwebpmux.",
                           "libsharpyuv.", "libheif.", "libde265.", "liblcms2.", "libaom.", "libx265.", "libdav1d."]

    /// The report, headed by `program` (its name and version).
    package static func text(program: String) -> String {
        var lines = [program]
        for library in LinkedLibraries.all {
            lines.append("\(library.name) \(library.version)" + (library.reportedAtRunTime ? "" : " (built against; it has no run-time version call)"))
            lines += library.details.map { "  " + $0 }
        }
        let files = loadedFiles()
        if files.isEmpty {
            lines.append("loaded files: not known here (no /proc/self/maps)")
        } else {
            let packages = DebianPackages()
            lines.append("loaded files:")
            for file in files {
                let owner = packages?.owner(of: file).map { "  \($0.name) \($0.version)" } ?? ""
                lines.append("  " + DisplayText.escaped(file) + owner)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The image libraries mapped into this process, resolved to their real files, sorted.
    static func loadedFiles() -> [String] {
        // Read to the end: String(contentsOfFile:) stops at the first page of a /proc file.
        guard let data = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return [] }
        let maps = String(decoding: data, as: UTF8.self)
        var files = Set<String>()
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path: the path, the only field with a slash, may hold spaces.
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard prefixes.contains(where: name.hasPrefix) else { continue }
            files.insert(URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        }
        return files.sorted()
    }
}

/// Which installed Debian package holds a file, read from dpkg's own database (no child
/// process): /var/lib/dpkg/info/<package>.list names each package's files, status its version.
struct DebianPackages {
    static let database = "/var/lib/dpkg"
    private let lists: [String]
    /// Each installed package's version, by name (one scan of the status file).
    private let versions: [String: String]

    init?() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: Self.database + "/info"),
              let status = try? String(contentsOfFile: Self.database + "/status", encoding: .utf8) else { return nil }
        lists = names.filter { $0.hasPrefix("lib") && $0.hasSuffix(".list") }
        var versions: [String: String] = [:]
        var package = ""
        for line in status.split(separator: "\n") {
            if line.hasPrefix("Package: ") { package = String(line.dropFirst("Package: ".count)) }
            if line.hasPrefix("Version: ") { versions[package] = String(line.dropFirst("Version: ".count)) }
        }
        self.versions = versions
    }

    func owner(of file: String) -> (name: String, version: String)? {
        // A merged /usr lists a file under /usr/lib or /lib: either spelling names it.
        let spellings: Set<String> = file.hasPrefix("/usr/") ? [file, String(file.dropFirst(4))] : [file, "/usr" + file]
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        for list in lists where list.hasPrefix(stem) {
            guard let contents = try? String(contentsOfFile: Self.database + "/info/" + list, encoding: .utf8),
                  contents.split(separator: "\n").contains(where: { spellings.contains(String($0)) }) else { continue }
            let package = String(list.dropLast(".list".count))
            return (package, versions[package.split(separator: ":").first.map(String.init) ?? package] ?? "?")
        }
        return nil
    }
}
