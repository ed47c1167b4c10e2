import Foundation

extension TemplateHelpers {
    static let dateHelpers: [String: Helper] = [
        "now": { args, _ in renderDate(Date(), args) },
        "date": { args, _ in
            guard let date = dateValue(args.param(0) ?? .null) else { return error("A date is required") }
            // As in WireMock, `date` applies a timezone only together with a format.
            var arguments = args
            if arguments.hash["format"] == nil { arguments.hash["timezone"] = nil }
            return renderDate(date, arguments)
        },
        "parseDate": { args, _ in
            let text = args.param(0)?.rendered ?? ""
            guard let date = TemplateDates.parse(text, pattern: args.string("format"), timezone: args.string("timezone")) else {
                return error("Unable to parse the date \(text)")
            }
            return .date(date)
        },
        "truncateDate": { args, _ in
            guard let date = dateValue(args.param(0) ?? .null) else { return error("A date is required") }
            let truncation = args.param(1)?.rendered ?? ""
            guard let truncated = TemplateDates.truncate(date, truncation) else {
                return error("Unknown truncation '\(truncation)'; use one of " + TemplateDates.truncations.joined(separator: ", "))
            }
            return .date(truncated)
        },
    ]

    /// A date from a date value, or text read as ISO 8601.
    static func dateValue(_ value: TemplateValue) -> Date? {
        if case .date(let date) = value { return date }
        if value.isNull { return nil }
        return TemplateDates.parse(value.rendered, pattern: nil)
    }

    /// `now`/`date` with `offset=`, `format=`, `timezone=`: a date value when neither format
    /// nor timezone is given (it renders as ISO 8601, and nests into `truncateDate`).
    static func renderDate(_ date: Date, _ args: TemplateHelperArguments) -> TemplateValue {
        var date = date
        if let offset = args.string("offset") {
            guard let moved = TemplateDates.offset(date, by: offset) else {
                return error("Invalid offset '\(offset)'; write an amount and a unit, such as '3 days' or '-2 hours'")
            }
            date = moved
        }
        let format = args.string("format"), timezone = args.string("timezone")
        if format == nil, timezone == nil { return .date(date) }
        return .string(TemplateDates.format(date, pattern: format, timezone: timezone))
    }
}
