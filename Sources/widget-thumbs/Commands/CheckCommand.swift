import WidgetThumbnails
import WidgetThumbsBatch

/// `widget-thumbs check PATH... [--container DIR] [--family F | --families L] [--json |
/// --reporter NAME]`: lints the images a widget will draw, for CI. The rules and reporters are
/// WidgetRules' (`CheckRules`, `CheckReporters`) and the run is the engine's (`CheckRun`): this
/// file parses, and prints what the reporter makes.
struct CheckCommand: Command {
    static let paths = ArgumentSpec(
        "path", arity: .zeroOrMore,
        help: "Image files, folders (walked; one holding an Xcode, XcodeGen or Android project is checked as that project) "
            + "and Xcode asset catalogs (*.xcassets; each *.imageset's Contents.json gives the variants' scales and idioms).")
    static let container = OptionSpec.value(
        "container", valueName: "dir", presence: .optional,
        help: "A snapshot container: its current revision's image is checked (repeatable).")
    static let family = OptionSpec.widgetFamily(help: "Check against this family only.")
    static let appearance = OptionSpec.flag(
        "appearance", help: "Also decode each image and give the tinted, clear and vibrant rendering-mode warnings (slower).")
    static let fix = OptionSpec.flag(
        "fix", help: "Rewrite in place each image with an error a smaller size fixes (over a counted archival cap, over the "
            + "memory): at its conforming size, in its own format (a PNG keeps its alpha), under its own name (Contents.json "
            + "unchanged), each replaced atomically; then report what the rewritten files give. Only regular files are "
            + "rewritten; a symlink, a read-only file or one changed meanwhile is kept, with the reason.")
    static let allImages = OptionSpec.flag(
        "all-images", help: "Check every image under each folder, as for a plain folder, even where it holds an Xcode or "
            + "XcodeGen project (by default only what its widget targets bundle is checked).")
    static let verbose = OptionSpec.flag(
        "verbose", help: "Under each finding, its detail (slot, device, evidence), every device and the fix command.")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of lines (the json reporter).")
    static let reporter = OptionSpec.value(
        "reporter", valueName: "name", presence: .optional, allowedValues: CheckReporters.all.map { $0.identifier },
        help: "text (default): a line a finding; json: one JSON document; sarif: one SARIF 2.1.0 document (GitHub code "
            + "scanning, CI dashboards); github: GitHub Actions annotations (::error file=...::).")
    static let config = OptionSpec.value(
        "config", valueName: "file.json", presence: .optional,
        help: "The project's rules (default: ./\(CheckConfig.fileName) when it exists): families per folder or asset set, "
            + "devices, platforms, os, and findings to ignore with a reason.")

    static let spec = CommandSpec(
        name: "check",
        abstract: "Lint the images a widget draws: archival cap, blur, memory and bytes per device and family (for CI).",
        discussion: """
            Run from an app's repository (check .), a folder holding an Xcode project \
            (*.xcodeproj/project.pbxproj) or an XcodeGen project.yml is checked as its widget \
            extension targets: what each bundles (its resources phase, its synchronized \
            folders), on its platforms (SDKROOT, TARGETED_DEVICE_FAMILY), in the families its \
            Swift code declares (supportedFamilies; else every family of its platforms), each \
            image as its code draws it (Image("name"), UIImage(named:), Image(.symbol); a \
            background fills the slot, .frame(width:height:) gives points, anything else is \
            never called undersized). A bundled image no code names is a note; images of other \
            targets are counted on one line. Everything else (files, plain folders, \
            --all-images) is checked as follows.

            For each image and each family it may be drawn in (--family, --families, the config's \
            families for its path, or the system families: one family over its cap fails every \
            family of the widget), on each device its asset-catalog scale and idiom reach (a 3x \
            variant on @3 devices, a 2x one on @2, a single-scale image on all; idiom iphone, \
            ipad, mac, watch, vision). The rules: \(rulesProse). Each finding is one line naming \
            the file, family and rule; --verbose adds the slot and device, every device and \
            the widget-thumbs command that rewrites the file at a size the next check accepts \
            (every word shell-quoted; --fix runs it for every error it fixes). Vector assets (PDF, SVG, preserves-vector-representation), \
            sets that are not image sets (appiconset, colorset, ...) and links leading out of \
            the checked folder are listed as not checked. Sizes come from the headers (no \
            decode) unless --appearance.

            \(CheckConfig.fileName) (at most \(CheckConfig.maxFileBytes) bytes; every field \
            checked): {"families": {"PATH-PREFIX": ["systemSmall", ...]}, "drawn": {"PATH-PREFIX": \
            "slot" | [W, H] | "unknown"}, "devices": [...], \
            "platforms": [...], "os": N, "ignore": [{"path": "PREFIX", "rule": "undersized", \
            "reason": "why"}]}; paths as check is given them. An ignored finding is reported \
            as suppressed (SARIF suppressions) and does not fail the run. Rules: \
            \(CheckRules.ids.joined(separator: ", ")).

            Exit status: 0 no error (warnings allowed), 1 an error found (or a file unreadable), \
            64 usage.
            """,
        arguments: [paths],
        options: [family, FamiliesArgument.spec, container, EntriesArgument.spec, appearance, config, fix, allImages, verbose, json, reporter]
            + DeviceArguments.specs)

    /// Each rule as `level id: rationale`, from the rules' own descriptions.
    private static var rulesProse: String {
        CheckRules.descriptions.map { "\($0.defaultLevel.rawValue) \($0.id): \($0.rationale)" }
            .joined(separator: "; ")
    }

    var inputs: [String]
    var containers: [String]
    var run: CheckRun
    var reporter: any CheckReporter

    init(_ arguments: ParsedArguments) throws(UsageError) {
        inputs = arguments.values(Self.paths)
        containers = arguments.values(Self.container)
        guard !inputs.isEmpty || !containers.isEmpty else {
            throw UsageError("give at least one path or --container to check")
        }
        let config = try Self.config(arguments)
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
        var chosen = try FamiliesArgument.families(arguments, devices: devices)
        if let name = arguments.value(Self.family), let one = WidgetFamily(rawValue: name) { chosen = [one] }
        let context = CheckContext(catalog: catalog, devices: devices, selection: selection,
                                   catalogFile: arguments.value(DeviceArguments.catalog), families: chosen, config: config,
                                   entries: try EntriesArgument.value(arguments))
        run = CheckRun(context: context, measuresAppearance: arguments.isSet(Self.appearance), fixes: arguments.isSet(Self.fix),
                       readsProjects: !arguments.isSet(Self.allImages))
        if arguments.isSet(Self.json) {
            if arguments.wasGiven(Self.reporter) { throw UsageError("'--json' and '--reporter' cannot be combined") }
            reporter = JSONReporter()
        } else {
            let chosen = arguments.value(Self.reporter).flatMap(CheckReporters.reporter(named:)) ?? TextReporter.self
            reporter = chosen == TextReporter.self ? TextReporter(verbose: arguments.isSet(Self.verbose)) : chosen.init()
        }
    }

    /// `--config`'s file, else `./widget-thumbs.json` when it exists, else none; a config that
    /// cannot be used is a usage error naming the field.
    private static func config(_ arguments: ParsedArguments) throws(UsageError) -> CheckConfig {
        let given = arguments.value(Self.config)
        let path = given ?? CheckConfig.fileName
        guard given != nil || FileIdentity(path: path) != nil else { return CheckConfig() }
        do {
            let bytes = try InputFile.read(path, maxBytes: CheckConfig.maxFileBytes)
            return try CheckConfig(parsing: bytes, file: path)
        } catch let error as ImageError {
            throw UsageError("'--config' \(DisplayText.escaped(path)): \(error.reasonText)")
        } catch let error as CheckConfigError {
            throw UsageError("'--config' \(error.description)")
        } catch {
            throw UsageError("'--config' \(DisplayText.escaped(path)): \(error)")
        }
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let summary = run.run(paths: inputs, containers: containers, reporter: reporter,
                              toolName: WidgetThumbs.name, toolVersion: WidgetThumbs.version) { console.write($0) }
        switch reporter.finish(summary) {
        case .text(let text):
            console.write(text)
            if summary.tally.fixable > 0, reporter is TextReporter {
                console.write("\(summary.tally.fixable) image(s) can be rewritten in place at a size that passes: add --fix "
                    + "(or --verbose for each fix command)")
            }
        case .document(let document): console.write(json: try JSONOutput.encode(document))
        }
        return summary.tally.errors > 0 ? .failure : .success
    }
}
