import Foundation

/// The OpenAPI contract read as the YAML it is written in — the part of YAML the file uses: block
/// mappings and sequences by indentation, `- key: value` items, one-line flow sequences and `{}`,
/// quoted and plain scalars, folded and literal block scalars, and comments. Enough for
/// `ContractLimitsTests` to find each schema's limits; not a YAML parser for any other file (it
/// throws on what it does not know rather than guess).
indirect enum ContractYAML: Equatable {
    case scalar(String)
    case list([ContractYAML])
    case map([(String, ContractYAML)])

    struct Unreadable: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    static func == (lhs: ContractYAML, rhs: ContractYAML) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    subscript(key: String) -> ContractYAML? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }

    var entries: [(String, ContractYAML)] {
        if case .map(let entries) = self { return entries }
        return []
    }

    var items: [ContractYAML] {
        if case .list(let items) = self { return items }
        return []
    }

    var text: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    // MARK: Reading

    private struct Line {
        var number: Int
        var indent: Int
        var text: Substring
    }

    static func parse(_ source: String) throws -> ContractYAML {
        var lines: [Line] = []
        // Blank lines and comment lines carry nothing the tests read.
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.drop { $0 == " " }
            if body.isEmpty || body.hasPrefix("#") {
                continue
            }
            lines.append(Line(number: index + 1, indent: raw.count - body.count, text: body))
        }
        var reader = Reader(lines: lines)
        let root = try reader.block(indent: 0)
        if reader.position < reader.lines.count {
            throw Unreadable(line: reader.lines[reader.position].number, reason: "unexpected indentation")
        }
        return root
    }

    private struct Reader {
        let lines: [Line]
        var position = 0

        /// The block whose lines start at exactly `indent`.
        mutating func block(indent: Int) throws -> ContractYAML {
            guard position < lines.count else { return .map([]) }
            if lines[position].text.hasPrefix("- ") || lines[position].text == "-" {
                return try sequence(indent: indent)
            }
            return try mapping(indent: indent, first: nil)
        }

        mutating func sequence(indent: Int) throws -> ContractYAML {
            var items: [ContractYAML] = []
            while position < lines.count, lines[position].indent == indent,
                lines[position].text.hasPrefix("- ") || lines[position].text == "-"
            {
                let line = lines[position]
                let rest = line.text.dropFirst(2).drop { $0 == " " }
                if rest.isEmpty {
                    position += 1
                    items.append(try nested(after: indent))
                } else if let (key, value) = try Self.split(rest, line: line.number) {
                    // `- key: value`: a mapping whose keys sit where `key` does.
                    let keyIndent = indent + (line.text.count - rest.count)
                    items.append(try mapping(indent: keyIndent, first: (key, value, line)))
                } else {
                    position += 1
                    items.append(try Self.scalar(rest, line: line.number))
                }
            }
            return .list(items)
        }

        /// A mapping at `indent`; `first` is an entry already split off a `- ` line.
        mutating func mapping(indent: Int, first: (String, Substring, Line)?) throws -> ContractYAML {
            var entries: [(String, ContractYAML)] = []
            var pending = first
            while true {
                let key: String
                let value: Substring
                let line: Line
                if let given = pending {
                    (key, value, line) = given
                    pending = nil
                } else {
                    guard position < lines.count, lines[position].indent == indent,
                        !lines[position].text.hasPrefix("- ")
                    else { break }
                    line = lines[position]
                    guard let (splitKey, splitValue) = try Self.split(line.text, line: line.number) else {
                        throw Unreadable(line: line.number, reason: "expected `key: value`")
                    }
                    (key, value) = (splitKey, splitValue)
                }
                position += 1
                entries.append((key, try self.value(value, line: line, indent: indent)))
            }
            return .map(entries)
        }

        mutating func value(_ value: Substring, line: Line, indent: Int) throws -> ContractYAML {
            if value.isEmpty {
                // A nested block, or a sequence at the key's own indentation (`key:\n- item`).
                if position < lines.count, lines[position].indent == indent, lines[position].text.hasPrefix("- ") {
                    return try sequence(indent: indent)
                }
                return try nested(after: indent)
            }
            if value == ">" || value == "|" || value == ">-" || value == "|-" {
                return .scalar(blockScalar(after: line, folded: value.hasPrefix(">")))
            }
            return try Self.scalar(value, line: line.number)
        }

        mutating func nested(after indent: Int) throws -> ContractYAML {
            guard position < lines.count, lines[position].indent > indent else { return .scalar("") }
            return try block(indent: lines[position].indent)
        }

        /// The lines indented past `line`'s, joined (folded: by spaces).
        mutating func blockScalar(after line: Line, folded: Bool) -> String {
            var parts: [Substring] = []
            while position < lines.count, lines[position].indent > line.indent {
                parts.append(lines[position].text)
                position += 1
            }
            return parts.joined(separator: folded ? " " : "\n")
        }

        /// `key: value` or `key:` → the key and the value text (empty for a nested block); nil
        /// when the text is no mapping entry.
        static func split(_ text: Substring, line: Int) throws -> (String, Substring)? {
            var key: String
            var rest: Substring
            if let quote = text.first, quote == "'" || quote == "\"" {
                guard let close = text.dropFirst().firstIndex(of: quote) else {
                    throw Unreadable(line: line, reason: "unterminated quoted key")
                }
                key = String(text[text.index(after: text.startIndex)..<close])
                rest = text[text.index(after: close)...]
                guard rest.hasPrefix(":") else { return nil }
                rest = rest.dropFirst()
            } else {
                guard let colon = colonEnding(text) else { return nil }
                key = String(text[..<colon])
                rest = text[text.index(after: colon)...]
            }
            key = key.trimmingCharacters(in: .whitespaces)
            return (key, stripComment(rest.drop { $0 == " " }))
        }

        /// The first `:` followed by a space or the end of the text.
        static func colonEnding(_ text: Substring) -> Substring.Index? {
            var index = text.startIndex
            while index < text.endIndex {
                if text[index] == ":" {
                    let next = text.index(after: index)
                    if next == text.endIndex || text[next] == " " { return index }
                }
                index = text.index(after: index)
            }
            return nil
        }

        /// A plain value without its ` # comment` (quoted values keep their `#`).
        static func stripComment(_ value: Substring) -> Substring {
            guard let first = value.first, first != "'", first != "\"", let hash = value.range(of: " #") else {
                return value.trimmingTrailingSpaces
            }
            return value[..<hash.lowerBound].trimmingTrailingSpaces
        }

        static func scalar(_ text: Substring, line: Int) throws -> ContractYAML {
            if text == "{}" { return .map([]) }
            if text.hasPrefix("[") {
                guard text.hasSuffix("]") else { throw Unreadable(line: line, reason: "a flow sequence on many lines") }
                let inner = text.dropFirst().dropLast()
                if inner.trimmingCharacters(in: .whitespaces).isEmpty { return .list([]) }
                return .list(try inner.split(separator: ",").map { try scalar($0.drop { $0 == " " }, line: line) })
            }
            if let quote = text.first, quote == "'" || quote == "\"" {
                guard text.count >= 2, text.last == quote else {
                    throw Unreadable(line: line, reason: "a quoted value on many lines")
                }
                let inner = String(text.dropFirst().dropLast())
                return .scalar(quote == "'" ? inner.replacingOccurrences(of: "''", with: "'") : inner)
            }
            return .scalar(String(text.trimmingTrailingSpaces))
        }
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
