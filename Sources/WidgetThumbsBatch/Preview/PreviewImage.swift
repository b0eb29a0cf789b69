import Foundation
import WidgetThumbnails

/// How the preview page shows one output's thumbnail: by a link to the file, relative to the
/// page, or embedded in it. A linked page stays small at 20,000 outputs; an embedded one is
/// one self-contained file.
struct PreviewImage: Equatable {
    enum Source: Equatable {
        /// A `data:` URI: base64 has no quote, parenthesis or space, so HTML and CSS take it as it is.
        case embedded(uri: String)
        /// A URL relative to the page, every byte but the unreserved ones percent-encoded.
        case linked(url: String)
    }

    var source: Source
    /// What the page says about the image it shows, when it is not the thumbnail's own bytes.
    var note: String?

    static func linked(_ url: String) -> PreviewImage {
        PreviewImage(source: .linked(url: url), note: nil)
    }

    /// The thumbnail's bytes in the page, as a browser can show them (`browserViewable`).
    static func embedded(_ bytes: [UInt8], format: StoredFormat) -> PreviewImage {
        let shown = browserViewable(bytes, format: format)
        return PreviewImage(source: .embedded(uri: "data:\(shown.format.mimeType);base64,\(Data(shown.bytes).base64EncodedString())"),
                            note: shown.note)
    }

    /// What the page embeds for a thumbnail: its own bytes, or for HEIC, which browsers do not
    /// show (Chromium paints an empty slab), a rendition re-encoded from the decoded thumbnail
    /// (PNG when it has transparency, else JPEG quality 92), with a note saying so; the note
    /// says so too when the HEIC cannot be decoded.
    static func browserViewable(_ bytes: [UInt8], format: StoredFormat) -> (bytes: [UInt8], format: StoredFormat, note: String?) {
        guard format == .heic else { return (bytes, format, nil) }
        do throws(ImageError) {
            let image = try ImageDecoder.decode(bytes).image
            let shownFormat: StoredFormat = image.hasTransparency ? .png : .jpeg
            let shown = try ImageEncoder.encode(image, format: shownFormat, quality: 92)
            return (shown, shownFormat, "Shown here as a \(shownFormat.name) re-encoded from the decoded HEIC "
                        + "(browsers cannot show HEIC); the facts are the HEIC's.")
        } catch {
            return (bytes, format, "The HEIC could not be decoded for this page (\(error.description)); "
                        + "browsers cannot show it either, so the frames are empty.")
        }
    }

    /// The image of each ok or skipped item (by index into `items`, whose paths are the files'
    /// own, before `withReadablePaths`), for a page written at `page`: linked when the page's
    /// folder is `outDirectory` or a folder above it and `embed` is false, else embedded. A
    /// HEIC is always embedded, as its browser rendition: linking the file would show nothing,
    /// and writing the rendition beside it would put files in `--out` that no run made. An
    /// output that cannot be read (or linked: a name that would lead out of `outDirectory`) is
    /// left out, and the page lists it as a failure. `fallback` says why a page that could
    /// link does not.
    static func collect(_ items: [BatchItemReport], page: String, outDirectory: String,
                        embed: Bool) -> (images: [Int: PreviewImage], fallback: String?) {
        let route = embed ? nil : PreviewLink.route(fromPageAt: page, to: outDirectory)
        var images: [Int: PreviewImage] = [:]
        for (index, item) in items.enumerated() where item.status != .failed {
            guard let output = item.output else { continue }
            let format = item.format ?? .jpeg
            if let route, format != .heic {
                if let url = PreviewLink.url(route, output: output, outDirectory: outDirectory), FileIdentity(path: output) != nil {
                    images[index] = .linked(url)
                }
            } else if let bytes = try? InputFile.read(output, maxBytes: ByteBudget.hardCeiling * 2) {
                images[index] = .embedded(bytes, format: format)
            }
        }
        let fallback = embed || route != nil ? nil
            : "the page is not in --out or a folder above it, so it embeds every thumbnail (\(images.count)) "
                + "instead of linking them; put it beside --out for a small page"
        return (images, fallback)
    }
}

/// Relative links from the page to the thumbnails, made without leaving `--out`.
enum PreviewLink {
    /// The folders from the page's folder down to `outDirectory` (none when they are the same
    /// folder), or nil when `outDirectory` is not that folder or below it. Both are resolved
    /// (symlinks followed), so each folder of the route is a real folder: following it down
    /// from the page reaches `outDirectory` however either was spelt.
    static func route(fromPageAt page: String, to outDirectory: String) -> [String]? {
        let folder = OutputTarget.split(page).directory
        guard let base = PathLookup.resolved(folder), let out = PathLookup.resolved(outDirectory) else { return nil }
        let prefix = Array((base.hasSuffix("/") ? base : base + "/").unicodeScalars)
        let target = Array(out.unicodeScalars)
        if out == base { return [] }
        guard target.starts(with: prefix) else { return nil }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: target.dropFirst(prefix.count))
        return String(rest).split(separator: "/").map(String.init)
    }

    /// The URL of `output` (`outDirectory` joined with its relative path, as `BatchJob` names
    /// it) from the page: `route`, then the relative path, each name percent-encoded. Nil when
    /// `output` is not under `outDirectory` or a name of its path is empty, `.` or `..`: a
    /// link never leads out of the folder.
    static func url(_ route: [String], output: String, outDirectory: String) -> String? {
        let prefix = PathComponents.join(outDirectory, "")
        guard output.unicodeScalars.starts(with: prefix.unicodeScalars) else { return nil }
        var relative = String.UnicodeScalarView()
        relative.append(contentsOf: output.unicodeScalars.dropFirst(prefix.unicodeScalars.count))
        let names = String(relative).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return (route + names).map(percentEncoded).joined(separator: "/")
    }

    /// `name`'s bytes (`RawPath`: a name that is not UTF-8 is linked by its own bytes) with
    /// every byte but RFC 3986's unreserved ones as `%XX`: no quote, parenthesis, space,
    /// colon or backslash is left for HTML, CSS or a URL scheme to read.
    static func percentEncoded(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = String.UnicodeScalarView()
        for byte in RawPath.encode(name) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Unicode.Scalar(byte))
            default:
                encoded.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return String(encoded)
    }
}
