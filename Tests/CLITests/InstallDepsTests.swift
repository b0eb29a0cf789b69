import Foundation
import Testing
import TestSupport

/// `scripts/install-deps.sh --print-packages --os-release FILE`: the package names `make setup`
/// installs on each release it knows, from the os-release text that release ships. Changes
/// nothing on the machine (printing needs neither root nor dpkg), so it runs anywhere.
@Suite struct InstallDepsTests {
    /// /etc/os-release as each release writes it (the lines the script reads, with the quoting
    /// each uses, and the lines it must not be confused by).
    static let releases: [String: String] = [
        "debian-12": """
            PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
            NAME="Debian GNU/Linux"
            VERSION_ID="12"
            VERSION="12 (bookworm)"
            VERSION_CODENAME=bookworm
            ID=debian
            HOME_URL="https://www.debian.org/"
            """,
        "debian-13": """
            PRETTY_NAME="Debian GNU/Linux 13 (trixie)"
            NAME="Debian GNU/Linux"
            VERSION_ID="13"
            VERSION="13 (trixie)"
            VERSION_CODENAME=trixie
            DEBIAN_VERSION_FULL=13.1
            ID=debian
            """,
        "ubuntu-22.04": """
            PRETTY_NAME="Ubuntu 22.04.5 LTS"
            NAME="Ubuntu"
            VERSION_ID="22.04"
            VERSION="22.04.5 LTS (Jammy Jellyfish)"
            VERSION_CODENAME=jammy
            ID=ubuntu
            ID_LIKE=debian
            UBUNTU_CODENAME=jammy
            """,
        "ubuntu-24.04": """
            PRETTY_NAME="Ubuntu 24.04.3 LTS"
            NAME="Ubuntu"
            VERSION_ID="24.04"
            VERSION="24.04.3 LTS (Noble Numbat)"
            VERSION_CODENAME=noble
            ID=ubuntu
            ID_LIKE=debian
            UBUNTU_CODENAME=noble
            LOGO=ubuntu-logo
            """,
    ]

    static let heifPlugins = ["libheif-plugin-aomenc", "libheif-plugin-x265", "libheif-plugin-dav1d", "libheif-plugin-libde265"]

    /// `install-deps.sh --print-packages` run on `osRelease` written to a file.
    static func printPackages(osRelease: String) throws -> ChildProcess.Result {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("os-release", Array(osRelease.utf8))
        let script = Corpus.packageRoot.appendingPathComponent("scripts/install-deps.sh").path
        return try ChildProcess.run("/bin/bash", [script, "--print-packages", "--os-release", file])
    }

    /// The names the script prints for one release's os-release text.
    static func packages(for release: String) throws -> [String] {
        let result = try printPackages(osRelease: try #require(releases[release]))
        #expect(result.status == 0, "\(release): \(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(arguments: ["debian-12", "debian-13"])
    func debianGetsDebiansLibjpegName(release: String) throws {
        let names = try Self.packages(for: release)
        #expect(names.contains("libjpeg62-turbo-dev"))
        #expect(!names.contains("libjpeg-turbo8-dev"))
        #expect(names.contains("chromium"), "the preview page's browser tests need it, and Debian has it as a package")
    }

    @Test(arguments: ["ubuntu-22.04", "ubuntu-24.04"])
    func ubuntuGetsUbuntusLibjpegNameAndNoSnap(release: String) throws {
        let names = try Self.packages(for: release)
        #expect(names.contains("libjpeg-turbo8-dev"))
        #expect(!names.contains("libjpeg62-turbo-dev"), "Debian's name: Ubuntu's archive has no such package")
        #expect(!names.contains("chromium") && !names.contains("chromium-browser"), "Ubuntu's chromium is a snap")
    }

    /// libheif 1.16 and later ship the AV1 and HEVC codecs as plugins; 1.15 and 1.12 have them
    /// built in and their archives have no plugin packages.
    @Test(arguments: [("debian-12", false), ("ubuntu-22.04", false), ("debian-13", true), ("ubuntu-24.04", true)])
    func heifEncoderPluginsWhereLibheifHasThem(release: String, plugins: Bool) throws {
        let names = try Self.packages(for: release)
        for plugin in Self.heifPlugins {
            #expect(names.contains(plugin) == plugins, "\(release): \(plugin)")
        }
    }

    @Test(arguments: ["debian-12", "debian-13", "ubuntu-22.04", "ubuntu-24.04"])
    func everyReleaseGetsTheBuildLibraries(release: String) throws {
        let names = try Self.packages(for: release)
        for package in ["libturbojpeg0-dev", "libpng-dev", "libwebp-dev", "libheif-dev", "libde265-dev", "libssl-dev",
                        "liblcms2-dev", "pkg-config"] {
            #expect(names.contains(package), "\(release): \(package)")
        }
        #expect(Set(names).count == names.count, "\(release): a name twice")
    }

    @Test func aSystemThatIsNotDebianOrUbuntuGetsNoNames() throws {
        let result = try Self.printPackages(osRelease: "ID=fedora\nVERSION_ID=41\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
