import Foundation

/// An operation of a payment session model: `{rel, href, method, next?, tasks?, expects?}`.
///
/// Decoding is lenient: a member of the wrong type reads as absent, and only an operation without
/// a string `rel` is dropped. Unknown rels are kept (and never acted on).
struct SessionOperation: Sendable, Hashable {
    var rel: SessionRel
    var href: String?
    var method: String?
    var next: Bool = false
    var tasks: [SessionTask] = []
    var expects: [SessionExpectation] = []

    init(
        rel: SessionRel, href: String?, method: String?, next: Bool = false, tasks: [SessionTask] = [],
        expects: [SessionExpectation] = []
    ) {
        self.rel = rel
        self.href = href
        self.method = method
        self.next = next
        self.tasks = tasks
        self.expects = expects
    }

    init?(json: SwedbankPaySDK.JSONValue) {
        // An operation has a task's members, plus `next` and its own tasks.
        guard let link = SessionTask(json: json), let object = json.objectValue else { return nil }
        rel = link.rel
        href = link.href
        method = link.method
        expects = link.expects
        next = object["next"] == .bool(true)
        tasks = object["tasks"]?.arrayValue?.compactMap(SessionTask.init(json:)) ?? []
    }

    func task(_ rel: SessionRel) -> SessionTask? { tasks.first { $0.rel == rel } }

    func string(_ name: String) -> String? { expects.string(name) }
}

/// Client-side work attached to an operation: `{rel, href, method, contentType, expects}`.
struct SessionTask: Sendable, Hashable {
    var rel: SessionRel
    var href: String?
    var method: String?
    var contentType: String?
    var expects: [SessionExpectation] = []

    init(
        rel: SessionRel, href: String? = nil, method: String? = nil, contentType: String? = nil,
        expects: [SessionExpectation] = []
    ) {
        self.rel = rel
        self.href = href
        self.method = method
        self.contentType = contentType
        self.expects = expects
    }

    init?(json: SwedbankPaySDK.JSONValue) {
        guard let object = json.objectValue, let rel = object["rel"]?.stringValue else { return nil }
        self.rel = SessionRel(rawValue: rel)
        href = object["href"]?.stringValue
        method = object["method"]?.stringValue
        contentType = object["contentType"]?.stringValue
        expects = object["expects"]?.arrayValue?.compactMap(SessionExpectation.init(json:)) ?? []
    }

    func string(_ name: String) -> String? { expects.string(name) }
}

/// A parameter handed to the SDK: `{name, type: "string" | "string[]", value}`. Other types are
/// kept as unknown and ignored.
struct SessionExpectation: Sendable, Hashable {
    enum Value: Sendable, Hashable {
        case string(String)
        case strings([String])
        case unknown
    }

    var name: String
    var value: Value

    init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    init?(json: SwedbankPaySDK.JSONValue) {
        guard let object = json.objectValue, let name = object["name"]?.stringValue else { return nil }
        self.name = name
        switch (object["type"]?.stringValue, object["value"]) {
        case ("string", .string(let text)?):
            value = .string(text)
        case ("string[]", .array(let items)?):
            let strings = items.compactMap(\.stringValue)
            value = strings.count == items.count ? .strings(strings) : .unknown
        default:
            value = .unknown
        }
    }
}

extension [SessionExpectation] {
    func string(_ name: String) -> String? {
        for expectation in self where expectation.name == name {
            if case .string(let text) = expectation.value { return text }
        }
        return nil
    }

    func strings(_ name: String) -> [String]? {
        for expectation in self where expectation.name == name {
            if case .strings(let items) = expectation.value { return items }
        }
        return nil
    }
}
