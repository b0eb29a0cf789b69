/// Lines for a person, or one JSON document for a program.
enum ReportStyle {
    case lines
    case json

    init(_ arguments: ParsedArguments) {
        self = arguments.isSet(StoreArguments.json) ? .json : .lines
    }
}
