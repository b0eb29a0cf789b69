import WidgetThumbnails
import WidgetThumbsBatch

/// `batch`'s printing: the engine's run (`BatchRun`) says what happens, and this prints it:
/// notes and errors on standard error (above the progress bar on a terminal), each output as
/// a JSON line with `--json-lines`, the rendering-mode warnings grouped at the end, and the
/// closing table or document.
struct BatchPrinter: BatchRunListener {
    let console: Console
    let output: BatchSettings.Output
    let detail: BatchSettings.RenderDetail
    let progress: ProgressBar?
    let warnings = WarningTally()

    init(console: Console, settings: BatchSettings) {
        self.console = console
        output = settings.output
        detail = settings.renderDetail
        progress = switch TerminalStyle.forStandardError(quiet: settings.output == .quiet) {
        case .plain: nil
        case .terminal(let colour): ProgressBar(colour: colour, console: console)
        }
    }

    /// Runs `settings` and prints it; the exit status.
    static func run(_ settings: BatchSettings, previewDevice: PreviewDevice, console: Console) throws(ImageError) -> ExitStatus {
        ThumbnailArguments.noteClampedBudget(settings.thumbnail, console)
        let printer = BatchPrinter(console: console, settings: settings)
        let result = try BatchRun(settings: settings, previewDevice: previewDevice).run(printer)
        printer.progress?.finish()
        for line in printer.warnings.lines(program: WidgetThumbs.name) { console.write(line, to: .error) }
        switch settings.output {
        case .json:
            console.write(json: try JSONOutput.encode(BatchReport(inputs: result.items.map(\.withReadablePaths), summary: result.summary)))
        case .jsonLines: console.write(json: try JSONOutput.line(["summary": result.summary]))
        case .table: console.write(SummaryTable.text(summary: result.summary))
        case .quiet: break
        }
        return result.failed ? .failure : .success
    }

    func note(_ text: String) {
        printAbove("\(WidgetThumbs.name): \(text)")
    }

    func recordProblem(_ error: ImageError) {
        console.report(error)
    }

    func foundAll(total: Int) {
        progress?.foundAll(total: total)
    }

    func finished(index: Int, outcomes: [BatchOutcome], damagedPart: Int?) {
        for (part, outcome) in outcomes.enumerated() {
            var lines: [String] = []
            if let error = outcome.error { lines.append("\(WidgetThumbs.name): \(error)") }
            if part == damagedPart, output != .quiet, let damage = outcome.report.damage {
                lines.append(RenderWarningLines.damageLine(program: WidgetThumbs.name, input: outcome.report.input, damage: damage))
            }
            // Rendering-mode warnings: on the terminal in the table's place, grouped by kind at
            // the end (`WarningTally`); the JSON carries each output's.
            if output == .table, outcome.report.status == .ok {
                warnings.add(outcome.report, index: index, part: part)
            }
            for line in lines { printAbove(line) }
            if output == .jsonLines, let line = try? JSONOutput.line(outcome.report.forJSONLines(detail)) {
                console.write(json: line)
            }
        }
        progress?.completed(failed: outcomes.contains { $0.error != nil })
    }

    /// A line on standard error, above the progress bar when there is one.
    private func printAbove(_ line: String) {
        if let progress { progress.printAbove(line) } else { console.write(line, to: .error) }
    }
}
