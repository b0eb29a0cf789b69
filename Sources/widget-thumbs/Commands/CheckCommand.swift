import Foundation
import WidgetSnapshots
import WidgetThumbnails

/// `widget-thumbs check PATH... [--container DIR] [--family F | --families L] [--json |
/// --reporter sarif|github]`: lints the images a widget will draw, for CI.
struct CheckCommand: Command {
    static let paths = ArgumentSpec(
        "path", arity: .zeroOrMore,
        help: "Image files, folders (walked) and Xcode asset catalogs (*.xcassets; each *.imageset's Contents.json gives "
            + "the variants' scales and idioms).")
    static let container = OptionSpec.value(
        "container", valueName: "dir", presence: .optional,
        help: "A snapshot container: its current revision's image is checked (repeatable).")
    static let family = OptionSpec.widgetFamily(help: "Check against this family only.")
    static let families = OptionSpec.value(
        "families", valueName: "list", presence: .optional,
        help: "Check against these families (comma-separated, full or short names: systemSmall or small, ...). "
            + "Default: the config's families for the path, else the system families.")
    static let appearance = OptionSpec.flag(
        "appearance", help: "Also decode each image and give the tinted, clear and vibrant rendering-mode warnings (slower).")
    static let entries = OptionSpec.value(
        "entries", valueName: "N", presence: .optional,
        help: "Each image is carried by N timeline entries: check the timeline archive's bytes against its limit.")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of lines.")
    static let reporter = OptionSpec.value(
        "reporter", valueName: "name", presence: .optional, allowedValues: ["sarif", "github"],
        help: "sarif: one SARIF 2.1.0 document (GitHub code scanning, CI dashboards); github: GitHub Actions annotations "
            + "(::error file=...::).")
    static let config = OptionSpec.value(
        "config", valueName: "file.json", presence: .optional,
        help: "The project's rules (default: ./\(CheckConfig.fileName) when it exists): families per folder or asset set, "
            + "devices, platforms, os, and findings to ignore with a reason.")

    static let spec = CommandSpec(
        name: "check",
        abstract: "Lint the images a widget draws: archival cap, blur, memory and bytes per device and family (for CI).",
        discussion: """
            For each image and each family it may be drawn in (--family, --families, the config's \
            families for its path, or the system families: one family over its cap fails every \
            family of the widget), on each device its asset-catalog scale and idiom reach (a 3x \
            variant on @3 devices, a 2x one on @2, a single-scale image on all; idiom iphone, \
            ipad, mac, watch, vision): \
            error archival-cap: the pixel area is over the slot's archival cap (the widget shows \
            its placeholder), naming the devices; \
            warning undersized: smaller than the slot it fills, with the upscale factor; \
            decoded-memory: the decoded bitmap against the extension's memory limit (error at \
            100%, warning over 50%); \
            warning file-bytes: over the per-image budget of \(ByteBudget.defaultCap) bytes; \
            with --entries N, timeline-archive against the \(TimelineBudget.limitBytes)-byte \
            timeline limit; with --appearance, the rendering-mode warnings. Each finding names \
            the file, devices and family, and the widget-thumbs command that makes a conforming \
            file. Vector assets (PDF, SVG, preserves-vector-representation) and sets that are not \
            image sets (appiconset, colorset, ...) are listed as not checked. Sizes come from \
            the headers (no decode) unless --appearance.

            \(CheckConfig.fileName): {"families": {"PATH-PREFIX": ["systemSmall", ...]}, \
            "devices": [...], "platforms": [...], "os": N, "ignore": [{"path": "PREFIX", \
            "rule": "undersized", "reason": "why"}]}; paths as check is given them. An ignored \
            finding is reported as suppressed (SARIF suppressions) and does not fail the run. \
            Rules: \(CheckRule.allCases.map(\.rawValue).joined(separator: ", ")).

            Exit status: 0 no error (warnings allowed), 1 an error found (or a file unreadable), \
            64 usage.
            """,
        arguments: [paths],
        options: [family, families, container, entries, appearance, config, json, reporter] + DeviceArguments.specs)

    enum Output {
        case text, json, sarif, github
    }

    var inputs: [String]
    var containers: [String]
    var run: CheckRun
    var output: Output

    init(_ arguments: ParsedArguments) throws(UsageError) {
        inputs = arguments.values(Self.paths)
        containers = arguments.values(Self.container)
        guard !inputs.isEmpty || !containers.isEmpty else {
            throw UsageError("give at least one path or --container to check")
        }
        let configPath = arguments.value(Self.config)
            ?? (FileManager.default.fileExists(atPath: CheckConfig.fileName) ? CheckConfig.fileName : nil)
        let config = try configPath.map { path throws(UsageError) in try CheckConfig(file: path) } ?? CheckConfig()
        let catalog = try DeviceArguments.catalog(arguments)
        let devices: [DeviceClass]
        let selection: DeviceSelection
        if [DeviceArguments.device, DeviceArguments.platform, DeviceArguments.os].contains(where: arguments.wasGiven) {
            devices = try DeviceArguments.devices(arguments, in: catalog)
            selection = DeviceSelection(names: arguments.values(DeviceArguments.device),
                                        platforms: arguments.values(DeviceArguments.platform).compactMap(Platform.init(rawValue:)),
                                        osVersion: arguments.value(DeviceArguments.os).flatMap { Int($0) })
        } else {
            selection = DeviceSelection(names: config.devices, platforms: config.platforms, osVersion: config.os)
            do {
                devices = try catalog.devices(selection)
            } catch {
                throw UsageError("'--config': \(error.description)")
            }
        }
        var chosen: [WidgetFamily]?
        if let name = arguments.value(Self.family), let one = WidgetFamily(rawValue: name) {
            if arguments.wasGiven(Self.families) { throw UsageError("'--family' and '--families' cannot be combined") }
            chosen = [one]
        } else if let list = arguments.value(Self.families) {
            chosen = try list.split(separator: ",").map { name throws(UsageError) in
                guard let family = WidgetFamily(rawValue: String(name))
                        ?? WidgetFamily.allCases.first(where: { FamiliesArgument.shortName($0) == name }) else {
                    throw UsageError("'--families': unknown family '\(DisplayText.escaped(String(name)))'")
                }
                return family
            }
        }
        let entries = try TimelineReport.entries(arguments, Self.entries)
        let words = selection.names.flatMap { ["--device", CheckRun.quoted($0)] } + selection.platforms.flatMap { ["--platform", $0.rawValue] }
            + (selection.osVersion.map { ["--os", String($0)] } ?? [])
        run = CheckRun(catalog: catalog, devices: devices, selection: words,
                       catalogFile: arguments.value(DeviceArguments.catalog), families: chosen, config: config,
                       appearance: arguments.isSet(Self.appearance), entries: entries)
        if arguments.isSet(Self.json) {
            if arguments.wasGiven(Self.reporter) { throw UsageError("'--json' and '--reporter' cannot be combined") }
            output = .json
        } else {
            output = switch arguments.value(Self.reporter) {
            case "sarif": .sarif
            case "github": .github
            default: .text
            }
        }
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        var run = run
        // The line outputs print each finding as it is made; the documents need them all.
        switch output {
        case .text: run.stream = { console.write(CheckReport.textLine($0)) }
        case .github: run.stream = { finding in CheckReport.githubLine(finding).map { console.write($0) } }
        case .json, .sarif: break
        }
        let found = CheckInputs(paths: inputs)
        for failure in found.failures {
            run.add(CheckFinding(file: failure.path, rule: .unreadable, level: .error, family: nil, devices: [],
                                 message: failure.reason, fix: nil))
        }
        for image in found.images { run.check(image) }
        for container in containers { checkContainer(container, into: &run) }
        let report = CheckReport(run: run, unchecked: found.unchecked)
        switch output {
        case .text: console.write(report.textTail)
        case .json: console.write(json: try JSONOutput.encode(report))
        case .sarif: console.write(json: try JSONOutput.encode(report.sarif))
        case .github: console.write(report.githubTail)
        }
        return report.errors > 0 ? .failure : .success
    }

    /// The container's current revision: its image, read and verified by the store's reader.
    private func checkContainer(_ container: String, into run: inout CheckRun) {
        let reading = SnapshotReader<JSONValue>(containerAt: container).read(maxAge: nil)
        guard let snapshot = reading.snapshot else {
            run.add(CheckFinding(file: container, rule: .unreadable, level: .error, family: nil, devices: [],
                                 message: "no current revision to check (read: \(reading))", fix: nil))
            return
        }
        guard let image = reading.image else { return }
        let path = container + "/" + image.reference.relativePath
        guard image.status == .ok, let bytes = image.bytes else {
            run.add(CheckFinding(file: path, rule: .unreadable, level: .error, family: nil, devices: [],
                                 message: "revision \(snapshot.revision): image \(image.status.rawValue): \(image.reason ?? "")", fix: nil))
            return
        }
        do throws(ImageError) {
            let info = try ImageDecoder.probe(bytes, file: path)
            run.check(CheckImage(path: path, scale: nil, platforms: [], assetSet: nil), info: info, bytes: bytes,
                      note: "revision \(snapshot.revision)")
        } catch {
            run.add(CheckFinding(file: path, rule: .unreadable, level: .error, family: nil, devices: [],
                                 message: "revision \(snapshot.revision): \(error.reasonText)", fix: nil))
        }
    }
}
