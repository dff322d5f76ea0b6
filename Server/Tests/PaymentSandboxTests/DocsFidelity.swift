import Foundation
import HTTPTypes
import SwedbankPaySDK

@testable import PaymentSandbox

/// Runs the portal's examples against a fresh sandbox each and compares the answers' shapes: every
/// documented field path must be present with the documented JSON type (a documented `null`
/// accepts any type; integers and decimals are both numbers); statuses, operation rels and
/// problem types are compared by value.
enum DocsFidelity {
    typealias JSON = SwedbankPaySDK.JSONValue

    /// What one example scored.
    struct Score: Sendable {
        let id: String
        var outsideOverall = false
        var documented = 0
        var matched = 0
        var missing: [String] = []
        var valueDifferences: [String] = []
        var failure: String?
    }

    /// Runs `entry` in a sandbox of its own; never throws (a failure is part of the score).
    static func score(_ entry: DocsExamples.Entry, in examples: DocsExamples) async -> Score {
        var score = Score(id: entry.id, outsideOverall: entry.outsideOverall)
        let harness = SandboxHarness()
        let box = ScoreBox()
        do {
            try await harness.run { client in
                let answer = try await run(entry, examples: examples, client: client, harness: harness)
                await box.set(compare(entry, answer: answer, into: Score(id: entry.id)))
            }
            if let compared = await box.score {
                score.documented = compared.documented
                score.matched = compared.matched
                score.missing = compared.missing
                score.valueDifferences = compared.valueDifferences
                score.failure = compared.failure
            }
        } catch {
            score.failure = "\(error)"
            score.documented = entry.requestOnly ? 1 : JSONShape.leaves(documented(entry) ?? .null).count
        }
        return score
    }

    /// What the sandbox answered at the entry's last step: status and body.
    struct Answer: Sendable {
        var status: Int
        var body: JSON
    }

    private actor ScoreBox {
        var score: Score?
        func set(_ score: Score) { self.score = score }
    }

    // MARK: Running the steps

    private static func run(
        _ entry: DocsExamples.Entry, examples: DocsExamples, client: SandboxClient, harness: SandboxHarness
    ) async throws -> Answer {
        var orderPath = ""
        var last = Answer(status: 0, body: .null)
        for step in entry.steps {
            guard let object = step.objectValue else { continue }
            if let create = object["create"]?.stringValue {
                let source = create == "self" ? entry : examples.entry(create) ?? entry
                var body = source.requestBody ?? .object([:])
                for change in object["mutate"]?.arrayValue ?? [] { body = mutate(body, change) }
                body = fillingPlaceholders(body)
                // Another example's request (a problem's provocation) keeps its token as written.
                if create == "self" { body = try await fillingToken(body, client: client) }
                var headers: HTTPFields = [.accept: "application/json"]
                if let version = source.requestHeader.flatMap(version(in:)) {
                    headers[.contentType] = "application/json;version=\(version)"
                }
                let reply = try await client.send(.post, "/psp/paymentorders", json: text(body), headers: headers)
                last = Answer(status: reply.status, body: (try? reply.rawJSON) ?? .null)
                orderPath = last.body.objectValue?["paymentOrder"]?.objectValue?["id"]?.stringValue ?? ""
            } else if let pay = object["pay"] {
                let id = orderPath.split(separator: "/").last.map(String.init) ?? ""
                let reply = try await client.send(
                    .post, "/sandbox/paymentorders/\(id)/pay", json: text(pay), token: nil)
                last = Answer(status: reply.status, body: (try? reply.rawJSON) ?? .null)
            } else if let suffix = object["get"]?.stringValue {
                let query = object["query"]?.stringValue.map { "?" + $0 } ?? ""
                let reply = try await client.send(.get, orderPath + suffix + query)
                last = Answer(status: reply.status, body: (try? reply.rawJSON) ?? .null)
            } else if let patch = object["patch"]?.stringValue {
                let body = patch == "self" ? entry.requestBody ?? .null : object["body"] ?? .null
                let reply = try await client.send(.patch, orderPath, json: text(body))
                last = Answer(status: reply.status, body: (try? reply.rawJSON) ?? .null)
            } else if let request = object["request"]?.objectValue {
                let path = try await fill(
                    request["path"]?.stringValue ?? "", orderPath: orderPath, client: client)
                let method = HTTPRequest.Method(request["method"]?.stringValue ?? "GET") ?? .get
                let body = request["body"] == .string("self") ? entry.requestBody : request["body"]
                let reply = try await client.send(method, path, json: body.map(text))
                last = Answer(status: reply.status, body: (try? reply.rawJSON) ?? .null)
            } else if object["callback"] != nil {
                let id = orderPath.split(separator: "/").last.map(String.init) ?? ""
                guard let record = await harness.sandbox.services.store.order(id: id) else { continue }
                last = Answer(status: 200, body: .object(CallbackDispatcher.body(for: record)))
            } else if object["ops_union"] != nil {
                last = try await operationsUnion(orderPath: orderPath, client: client)
            }
        }
        return last
    }

    /// The operations the order offers while open and once paid, together.
    private static func operationsUnion(orderPath: String, client: SandboxClient) async throws -> Answer {
        let open = try await client.send(.get, orderPath)
        let id = orderPath.split(separator: "/").last.map(String.init) ?? ""
        _ = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#, token: nil)
        let paid = try await client.send(.get, orderPath)
        let operations =
            ((try? open.object["operations"]?.arrayValue) ?? [])
            + ((try? paid.object["operations"]?.arrayValue) ?? [])
        return Answer(
            status: 200,
            body: .object(["paymentorder": .object(["id": .string(orderPath)]), "operations": .array(operations)]))
    }

    /// The version in a documented request header (`version=3.1`), when it names one exactly.
    private static func version(in header: String) -> String? {
        guard let match = header.firstMatch(of: /version=([0-9]\.[0-9])(?![0-9x\/])/) else { return nil }
        return String(match.output.1)
    }

    /// Fills `{order}`, `{payerReference}`, `{token}`, `{recurrenceToken}` and `{unscheduledToken}`
    /// from the order and its `paid` resource.
    private static func fill(_ path: String, orderPath: String, client: SandboxClient) async throws -> String {
        var path = path.replacingOccurrences(of: "{order}", with: orderPath)
        guard path.contains("{") else { return path }
        let payer = try? await client.send(.get, orderPath + "/payers").object["payer"]?.objectValue
        let reference = payer?["reference"]?.stringValue ?? payer?["payerReference"]?.stringValue ?? "AB1234"
        path = path.replacingOccurrences(of: "{payerReference}", with: reference)
        let paid = try? await client.send(.get, orderPath + "/paid").object["paid"]?.objectValue
        for token in paid?["tokens"]?.arrayValue ?? [] {
            guard let object = token.objectValue, let type = object["type"]?.stringValue,
                let value = object["token"]?.stringValue
            else { continue }
            let placeholder = type == "payment" ? "{token}" : "{\(type)Token}"
            path = path.replacingOccurrences(of: placeholder, with: value)
        }
        return path
    }

    /// A server-initiated example (`Recur`, `UnscheduledPurchase`, `Payout`) pays with a token the
    /// reader saved earlier: one is saved here by the `Verify` the portal describes for it (a card
    /// for the first two, a Trustly account for a payout) and put in the example's place.
    private static func fillingToken(_ body: JSON, client: SandboxClient) async throws -> JSON {
        for root in ["paymentorder", "paymentOrder"] {
            guard let operation = JSONShape.value(at: root + ".operation", in: body)?.stringValue,
                let member = PaymentOrderValidator.serverInitiated(operation)?.tokenType.member,
                JSONShape.value(at: root + "." + member, in: body)?.stringValue != nil
            else { continue }
            let payout = operation == "Payout"
            let flag = member == "recurrenceToken" ? "generateRecurrenceToken" : "generateUnscheduledToken"
            let verify = """
                {"paymentorder": {"operation": "Verify", "currency": "SEK", "description": "Saving for later",
                 "userAgent": "Mozilla/5.0", "language": "sv-SE", "\(flag)": true,
                 "restrictedToPayoutInstruments": \(payout),
                 "urls": {"hostUrls": ["https://example.com"], "completeUrl": "https://example.com/done"},
                 "payeeInfo": {"payeeId": "\(PaymentOrdersFixture.payeeId)", "payeeReference": "DOCVERIFY1"}}}
                """
            let created = try await client.send(.post, "/psp/paymentorders", json: verify)
            let path = try created.object["paymentOrder"]?.objectValue?["id"]?.stringValue ?? ""
            let id = path.split(separator: "/").last.map(String.init) ?? ""
            _ = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay",
                json: #"{"instrument": "\#(payout ? "Trustly" : "CreditCard")"}"#,
                token: nil)
            let paid = try await client.send(.get, path + "/paid").object["paid"]?.objectValue
            let type = String(member.dropLast("Token".count))
            guard
                let token = paid?["tokens"]?.arrayValue?.compactMap(\.objectValue)
                    .first(where: { $0["type"]?.stringValue == type })?["token"]
            else { continue }
            return setting([root, member], in: body, to: token)
        }
        return body
    }

    /// Some examples leave the payee's id and reference empty for the reader to fill in; they are
    /// filled with the sandbox's payee and a reference of the example's own.
    private static func fillingPlaceholders(_ body: JSON) -> JSON {
        var result = body
        for root in ["paymentorder", "paymentOrder"] {
            guard let payee = JSONShape.value(at: root + ".payeeInfo", in: result)?.objectValue else { continue }
            if payee["payeeId"] == .string("") {
                result = setting([root, "payeeInfo", "payeeId"], in: result, to: .string(PaymentOrdersFixture.payeeId))
            }
            if payee["payeeReference"] == .string("") {
                result = setting([root, "payeeInfo", "payeeReference"], in: result, to: .string("DOCEXAMPLE1"))
            }
            if JSONShape.value(at: root + ".payer.payerReference", in: result) == .string("") {
                result = setting([root, "payer", "payerReference"], in: result, to: .string("DOCPAYER1"))
            }
        }
        return result
    }

    private static func mutate(_ body: JSON, _ change: JSON) -> JSON {
        guard let object = change.objectValue else { return body }
        if case .array(let pair)? = object["set"], pair.count == 2, let path = pair[0].stringValue {
            return setting(path.split(separator: ".").map(String.init), in: body, to: pair[1])
        }
        if let path = object["del"]?.stringValue {
            return setting(path.split(separator: ".").map(String.init), in: body, to: nil)
        }
        return body
    }

    private static func setting(_ path: [String], in value: JSON, to newValue: JSON?) -> JSON {
        guard let first = path.first, case .object(var object) = value else { return value }
        if path.count == 1 {
            object[first] = newValue
        } else {
            object[first] = setting(Array(path.dropFirst()), in: object[first] ?? .object([:]), to: newValue)
        }
        return .object(object)
    }

    private static func text(_ value: JSON) -> String {
        String(decoding: (try? JSONResponse.encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    // MARK: Comparing

    /// The documented answer with the entry's adjustments (`value_subst`, `override_response`,
    /// `wrap`).
    static func documented(_ entry: DocsExamples.Entry) -> JSON? {
        guard var body = entry.responseBody else { return nil }
        if let substitutions = entry.raw["value_subst"]?.objectValue {
            body = substitute(body, substitutions.compactMapValues(\.stringValue))
        }
        if let override = entry.raw["override_response"]?.objectValue, case .object(var object) = body {
            for (key, value) in override["set"]?.objectValue ?? [:] { object[key] = value }
            for key in override["del"]?.arrayValue?.compactMap(\.stringValue) ?? [] { object[key] = nil }
            body = .object(object)
        }
        if let wrap = entry.raw["wrap"]?.stringValue, body.objectValue?[wrap] == nil {
            body = .object([wrap: body])
        }
        return body
    }

    private static func substitute(_ value: JSON, _ substitutions: [String: String]) -> JSON {
        switch value {
        case .string(let text):
            return .string(substitutions.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) })
        case .object(let object): return .object(object.mapValues { substitute($0, substitutions) })
        case .array(let items): return .array(items.map { substitute($0, substitutions) })
        default: return value
        }
    }

    static func compare(_ entry: DocsExamples.Entry, answer: Answer, into score: Score) -> Score {
        var score = score
        score.outsideOverall = entry.outsideOverall
        if entry.requestOnly {
            score.documented = 1
            if (200..<300).contains(answer.status) {
                score.matched = 1
            } else {
                score.missing = ["request refused: \(answer.status) \(text(answer.body).prefix(300))"]
            }
            return score
        }
        guard let documented = documented(entry) else { return score }
        if answer.status >= 400, documented.objectValue?["type"] == nil {
            score.valueDifferences.append("answered \(answer.status): \(text(answer.body).prefix(400))")
        }
        var ours = answer.body
        if let pick = entry.raw["pick"]?.stringValue { ours = JSONShape.value(at: pick, in: ours) ?? .null }
        // The portal spells the root member both ways; the sandbox answers `paymentOrder`, as the
        // v3 examples of GET do (docs/sandbox.md). Compared under one spelling.
        if case .object(var object) = documented, let member = object["paymentorder"],
            ours.objectValue?["paymentOrder"] != nil
        {
            object["paymentorder"] = nil
            object["paymentOrder"] = member
            return compareShapes(.object(object), ours, entry: entry, into: score)
        }
        return compareShapes(documented, ours, entry: entry, into: score)
    }

    private static func compareShapes(_ documented: JSON, _ ours: JSON, entry: DocsExamples.Entry, into score: Score)
        -> Score
    {
        var score = score
        let expected = JSONShape.leaves(documented)
        let present = JSONShape.allPaths(ours)
        score.documented = expected.count
        for (path, kinds) in expected.sorted(by: { $0.key < $1.key }) {
            guard let found = present[path] else {
                score.missing.append(path)
                continue
            }
            if kinds.contains(.null) || !kinds.isDisjoint(with: found) {
                score.matched += 1
            } else {
                score.missing.append(
                    "\(path) (\(found.map(\.rawValue).sorted()) for \(kinds.map(\.rawValue).sorted()))")
            }
        }
        let skipped = Set(entry.raw["no_value_check"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        score.valueDifferences = valueDifferences(documented, ours, skipping: skipped)
        return score
    }

    /// Statuses, problem types and operation rels that differ.
    private static func valueDifferences(_ documented: JSON, _ ours: JSON, skipping: Set<String>) -> [String] {
        var differences: [String] = []
        for path in ["paymentOrder.status", "paymentorder.status", "type", "status"] where !skipping.contains(path) {
            guard let expected = JSONShape.value(at: path, in: documented), expected.objectValue == nil,
                let found = JSONShape.value(at: path, in: ours)
            else { continue }
            if expected != found && !(expected.integerValue != nil && expected.integerValue == found.integerValue) {
                differences.append("\(path): documented \(text(expected)), sandbox \(text(found))")
            }
        }
        let rels = { (value: JSON) in
            Set((value.objectValue?["operations"]?.arrayValue ?? []).compactMap { $0.objectValue?["rel"]?.stringValue })
        }
        let missingRels = rels(documented).subtracting(rels(ours))
        if !missingRels.isEmpty { differences.append("operations without rels \(missingRels.sorted())") }
        return differences
    }
}
