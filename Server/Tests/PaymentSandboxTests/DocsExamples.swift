import Foundation
import SwedbankPaySDK

/// The request/response examples of Swedbank Pay's developer portal, as the shared reference file
/// `swedbank-pay-docs-examples.json` holds them (outside this repository: `../shared/reference/`
/// beside the checkout, or `$SWEDBANKPAY_DOCS_EXAMPLES`), with the steps that bring a sandbox
/// order to each example's state.
struct DocsExamples: Sendable {
    typealias JSON = SwedbankPaySDK.JSONValue

    struct Entry: Sendable {
        let id: String
        let endpoint: String
        let steps: [JSON]
        let requestBody: JSON?
        let requestHeader: String?
        let responseBody: JSON?
        /// What the entry's metadata says about comparing it (`use`, `pick`, `wrap`, …).
        let raw: SwedbankPaySDK.JSONObject

        /// Counted apart from the overall figure (examples outside the compared API version).
        var outsideOverall: Bool { raw["outside_overall"] == .bool(true) }
        /// Only the request's acceptance is checked (no documented answer).
        var requestOnly: Bool { raw["use"] == .array([.string("request")]) || raw["expect_2xx"] == .bool(true) }
    }

    let entries: [Entry]

    /// Where the file is: `$SWEDBANKPAY_DOCS_EXAMPLES`, else `../shared/reference/` beside the
    /// repository root.
    static var location: URL {
        if let path = ProcessInfo.processInfo.environment["SWEDBANKPAY_DOCS_EXAMPLES"] {
            return URL(fileURLWithPath: path)
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/reference/swedbank-pay-docs-examples.json")
    }

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: location.path) }

    static func load() throws -> DocsExamples {
        let data = try Data(contentsOf: location)
        let root = try JSONDecoder().decode(JSON.self, from: data)
        let list = root.objectValue?["entries"]?.arrayValue ?? []
        return DocsExamples(
            entries: list.compactMap { value in
                guard let object = value.objectValue, let id = object["id"]?.stringValue,
                    let doc = object["doc"]?.objectValue
                else { return nil }
                return Entry(
                    id: id, endpoint: object["endpoint"]?.stringValue ?? "", steps: object["steps"]?.arrayValue ?? [],
                    requestBody: doc["request_body"].flatMap { $0 == .null ? nil : $0 },
                    requestHeader: doc["request_header"]?.stringValue,
                    responseBody: doc["response_body"].flatMap { $0 == .null ? nil : $0 }, raw: object)
            })
    }

    func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }
}

/// A JSON document's shape: every path to a leaf (array elements as `[]`, an empty object or array
/// as a leaf of its own) with the JSON types found there. An operation is an element of its own
/// (`operations[rel=capture].href`), and so is a token (`tokens[type=recurrence].token`): every
/// documented operation and token must be there, not just one of the list.
enum JSONShape {
    enum Kind: String, Sendable, Hashable {
        case string, number, bool, null, object, array
    }

    /// The leaf paths of `value`.
    static func leaves(_ value: SwedbankPaySDK.JSONValue) -> [String: Set<Kind>] {
        var paths: [String: Set<Kind>] = [:]
        walk(value, at: "", leavesOnly: true, into: &paths)
        return paths
    }

    /// Every path of `value`, inner objects and arrays included.
    static func allPaths(_ value: SwedbankPaySDK.JSONValue) -> [String: Set<Kind>] {
        var paths: [String: Set<Kind>] = [:]
        walk(value, at: "", leavesOnly: false, into: &paths)
        return paths
    }

    private static func walk(
        _ value: SwedbankPaySDK.JSONValue, at path: String, leavesOnly: Bool, into paths: inout [String: Set<Kind>]
    ) {
        switch value {
        case .object(let object):
            if object.isEmpty || !leavesOnly { paths[path, default: []].insert(.object) }
            for (key, member) in object {
                walk(member, at: path.isEmpty ? key : path + "." + key, leavesOnly: leavesOnly, into: &paths)
            }
        case .array(let items):
            if items.isEmpty || !leavesOnly { paths[path, default: []].insert(.array) }
            for item in items { walk(item, at: path + element(item), leavesOnly: leavesOnly, into: &paths) }
        case .string: paths[path, default: []].insert(.string)
        case .integer, .number: paths[path, default: []].insert(.number)
        case .bool: paths[path, default: []].insert(.bool)
        case .null: paths[path, default: []].insert(.null)
        }
    }

    /// An array element's step: `[rel=<rel>]` for an operation, `[type=<type>]` for a token, `[]`
    /// for anything else.
    private static func element(_ item: SwedbankPaySDK.JSONValue) -> String {
        guard let object = item.objectValue else { return "[]" }
        if let rel = object["rel"]?.stringValue { return "[rel=\(rel)]" }
        if object["token"] != nil, let type = object["type"]?.stringValue { return "[type=\(type)]" }
        return "[]"
    }

    /// The member at a dotted path (`a.b.0.c`: numbers index arrays).
    static func value(at path: String, in value: SwedbankPaySDK.JSONValue) -> SwedbankPaySDK.JSONValue? {
        var current: SwedbankPaySDK.JSONValue? = value
        for part in path.split(separator: ".") {
            if let index = Int(part), case .array(let items)? = current {
                current = items.indices.contains(index) ? items[index] : nil
            } else {
                current = current?.objectValue?[String(part)]
            }
        }
        return current
    }
}
