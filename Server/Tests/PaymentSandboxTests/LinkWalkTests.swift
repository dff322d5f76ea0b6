import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Every link the sandbox's payment order answers advertise is alive: over each order's whole
/// life (created, attempted, paid, captured, cancelled, reversed, aborted, failed; v3 and v2;
/// purchase, verify, recur, unscheduled, payout) the walk reads the order with every
/// sub-resource expanded, GETs every `id` in it, and calls every operation with its method and a
/// valid body on a fresh order in the same state. None may answer 404 or 405, and each must
/// change the order as its `rel` names (``expectation(_:)`` states the change per rel).
@Suite struct LinkWalkTests {
    typealias JSON = SwedbankPaySDK.JSONValue
    static let base = "http://sandbox.test"

    /// How far an order's life went.
    enum Life: String, CaseIterable, Sendable {
        case created, attempted, paid, captured, cancelled, reversed, aborted, failed, instrumentMode
    }

    /// What kind of payment order.
    enum Kind: String, Sendable {
        case purchase = "Purchase"
        case verify = "Verify"
        case recur = "Recur"
        case unscheduled = "UnscheduledPurchase"
        case payout = "Payout"
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        var v3: Bool
        var kind: Kind
        var life: Life
        var testDescription: String { "\(v3 ? "v3" : "v2") \(kind.rawValue) \(life.rawValue)" }
    }

    static let scenarios: [Scenario] =
        [true, false].flatMap { v3 in
            [Life.created, .attempted, .paid, .captured, .cancelled, .reversed, .aborted, .instrumentMode].map {
                Scenario(v3: v3, kind: .purchase, life: $0)
            } + [Scenario(v3: v3, kind: .verify, life: .created), Scenario(v3: v3, kind: .verify, life: .paid)]
        } + [
            Scenario(v3: true, kind: .recur, life: .paid), Scenario(v3: true, kind: .recur, life: .captured),
            Scenario(v3: true, kind: .recur, life: .cancelled), Scenario(v3: true, kind: .recur, life: .reversed),
            Scenario(v3: true, kind: .recur, life: .failed), Scenario(v3: true, kind: .unscheduled, life: .paid),
            Scenario(v3: true, kind: .unscheduled, life: .failed), Scenario(v3: true, kind: .payout, life: .paid),
            Scenario(v3: false, kind: .recur, life: .paid), Scenario(v3: false, kind: .recur, life: .failed),
        ]

    /// What an operation changes, read back from the order afterwards.
    enum Change: Equatable, CustomStringConvertible {
        /// Nothing: a page, a script, a document to read.
        case nothing
        case status(String)
        case amount(Int64)
        case instrument(String)
        /// A financial transaction of this type is added.
        case transaction(String)

        var description: String {
            switch self {
            case .nothing: "nothing"
            case .status(let status): "status \(status)"
            case .amount(let amount): "amount \(amount)"
            case .instrument(let instrument): "instrument \(instrument)"
            case .transaction(let type): "a \(type) transaction"
            }
        }
    }

    /// Per advertised rel: the body to send and the change it must make. Every rel the sandbox
    /// advertises must be listed here.
    static func expectation(_ rel: String) -> (body: String?, change: Change)? {
        let transaction = { (amount: Bool) in
            """
            {"transaction": {"description": "Walk", "payeeReference": "\(reference())"\
            \(amount ? #", "amount": 1500, "vatAmount": 375"# : "")}}
            """
        }
        switch rel {
        case "redirect-checkout", "redirect-paymentorder", "view-checkout", "view-paymentorder",
            "view-paymentsession", "paid-paymentorder", "failed-paymentorder":
            return (nil, .nothing)
        case "update-order", "update-paymentorder-updateorder":
            return (
                #"""
                {"paymentorder": {"operation": "UpdateOrder", "amount": 1000, "vatAmount": 250,
                 "orderItems": [{"reference": "P1", "name": "Product1", "type": "PRODUCT", "class": "ProductGroup1",
                 "quantity": 1, "quantityUnit": "pcs", "unitPrice": 1000, "vatPercent": 2500, "amount": 1000,
                 "vatAmount": 250}]}}
                """#, .amount(1000)
            )
        case "abort", "update-paymentorder-abort":
            return (
                #"{"paymentorder": {"operation": "Abort", "abortReason": "CancelledByConsumer"}}"#, .status("Aborted")
            )
        case "abort-paymentattempt":
            return (
                #"{"paymentorder": {"operation": "PaymentAttemptAborted", "abortReason": "AbortedByUI"}}"#,
                .status("Initialized")
            )
        case "set-instrument", "update-paymentorder-setinstrument":
            return (#"{"paymentorder": {"operation": "SetInstrument", "instrument": "Swish"}}"#, .instrument("Swish"))
        case "capture", "create-paymentorder-capture":
            return (transaction(true), .transaction("Capture"))
        case "cancel", "create-paymentorder-cancel":
            return (transaction(false), .status("Cancelled"))
        case "reversal", "create-paymentorder-reversal":
            return (transaction(true), .status("Reversed"))
        default:
            return nil
        }
    }

    /// A payee reference no other order of the walk has.
    static func reference() -> String {
        "W" + String(UUID().uuidString.filter { $0 != "-" }.prefix(20))
    }

    // MARK: Making orders

    static func create(_ client: SandboxClient, v3: Bool, _ change: (inout SwedbankPaySDK.JSONObject) -> Void)
        async throws -> SandboxClient.Reply
    {
        let order = PaymentOrdersFixture.order(v3: v3) { order in
            order["payeeInfo"] = .object([
                "payeeId": .string(PaymentOrdersFixture.payeeId), "payeeReference": .string(reference()),
            ])
            change(&order)
        }
        let reply = try await client.send(.post, "/psp/paymentorders", json: PaymentOrdersFixture.body(order))
        #expect(reply.status == 200, "\(reply.text)")
        return reply
    }

    static func path(_ reply: SandboxClient.Reply) throws -> String {
        try #require(try reply.object["paymentOrder"]?.objectValue?["id"]?.stringValue, "\(reply.text)")
    }

    static func pay(
        _ client: SandboxClient, _ path: String, instrument: String = "CreditCard", outcome: String = "paid"
    )
        async throws
    {
        let id = path.split(separator: "/").last.map(String.init) ?? ""
        let reply = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay",
            json: #"{"instrument": "\#(instrument)", "outcome": "\#(outcome)"}"#, token: nil)
        #expect(reply.status == 200, "\(reply.text)")
    }

    /// Captures all (`capture`), cancels (`cancel`) or reverses all (`reversal`), with the body
    /// the walk sends for that rel.
    static func postPurchase(_ client: SandboxClient, _ path: String, _ rel: String) async throws {
        let collection = ["capture": "captures", "cancel": "cancellations", "reversal": "reversals"][rel] ?? rel
        let reply = try await client.send(.post, path + "/" + collection, json: expectation(rel)?.body)
        #expect(reply.status == 200, "\(collection): \(reply.text)")
    }

    /// A token saved by a paid `Verify`: `recurrence` or `unscheduled` (a card), or a payout's
    /// bank account.
    static func savedToken(_ client: SandboxClient, type: String, payout: Bool = false) async throws -> String {
        let verify = try await create(client, v3: true) { order in
            order = [
                "operation": .string("Verify"), "currency": .string("SEK"), "description": .string("Saving"),
                "userAgent": .string("Mozilla/5.0"), "language": .string("sv-SE"),
                "generateRecurrenceToken": .bool(!payout), "generateUnscheduledToken": .bool(true),
                "restrictedToPayoutInstruments": .bool(payout), "productName": .string("Checkout3"),
                "urls": .object([
                    "hostUrls": .array([.string("https://shop.example")]),
                    "completeUrl": .string("https://shop.example/done"),
                ]),
                "payeeInfo": order["payeeInfo"] ?? .null,
            ]
        }
        let path = try Self.path(verify)
        try await pay(client, path, instrument: payout ? "Trustly" : "CreditCard")
        let paid = try await client.send(.get, path + "/paid").object["paid"]?.objectValue
        let token = paid?["tokens"]?.arrayValue?.compactMap(\.objectValue).first { $0["type"]?.stringValue == type }
        return try #require(token?["token"]?.stringValue, "no \(type) token in \(String(describing: paid))")
    }

    /// A fresh order of `scenario`, brought to its state; returns its path.
    static func make(_ client: SandboxClient, _ scenario: Scenario) async throws -> String {
        switch scenario.kind {
        case .purchase, .verify:
            let reply = try await create(client, v3: scenario.v3) { order in
                if scenario.kind == .verify {
                    order["operation"] = .string("Verify")
                    for member in ["amount", "vatAmount", "orderItems"] { order[member] = nil }
                }
                if scenario.life == .instrumentMode { order["instrument"] = .string("CreditCard") }
            }
            let path = try Self.path(reply)
            switch scenario.life {
            case .created, .instrumentMode, .failed: break
            case .attempted: try await pay(client, path, outcome: "failed")
            case .aborted:
                _ = try await client.send(.patch, path, json: expectation("abort")?.body)
            case .paid: try await pay(client, path)
            case .captured, .reversed:
                try await pay(client, path)
                try await postPurchase(client, path, "capture")
                if scenario.life == .reversed { try await postPurchase(client, path, "reversal") }
            case .cancelled:
                try await pay(client, path)
                try await postPurchase(client, path, "cancel")
            }
            return path
        case .recur, .unscheduled, .payout:
            let member = scenario.kind == .recur ? "recurrenceToken" : "unscheduledToken"
            let token = try await savedToken(
                client, type: scenario.kind == .recur ? "recurrence" : "unscheduled", payout: scenario.kind == .payout)
            let reply = try await create(client, v3: scenario.v3) { order in
                order["operation"] = .string(scenario.kind.rawValue)
                order[member] = .string(token)
                for drop in ["payer", "orderItems"] { order[drop] = nil }
                if scenario.life == .failed {
                    // A test amount the acquirer declines: the only attempt fails the order.
                    order["amount"] = .integer(900_361)
                    order["vatAmount"] = .integer(0)
                }
            }
            let path = try Self.path(reply)
            switch scenario.life {
            case .captured, .reversed:
                try await postPurchase(client, path, "capture")
                if scenario.life == .reversed { try await postPurchase(client, path, "reversal") }
            case .cancelled:
                try await postPurchase(client, path, "cancel")
            default: break
            }
            return path
        }
    }

    // MARK: Reading

    /// The order with every sub-resource expanded.
    static func read(_ client: SandboxClient, _ path: String) async throws -> SwedbankPaySDK.JSONObject {
        let expand = PaymentOrderSubResource.allCases.map(\.pathName).joined(separator: ",")
        let reply = try await client.send(.get, path + "?$expand=" + expand)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.object
    }

    /// Every `id` string that is an API path, anywhere in `value`.
    static func ids(in value: JSON) -> [String] {
        switch value {
        case .object(let object):
            let own = object["id"]?.stringValue.map { $0.hasPrefix("/psp/") ? [$0] : [] } ?? []
            return own + object.keys.sorted().flatMap { ids(in: object[$0]!) }
        case .array(let array): return array.flatMap(ids)
        default: return []
        }
    }

    static func change(of document: SwedbankPaySDK.JSONObject, _ client: SandboxClient, _ path: String) async throws
        -> (status: String?, amount: Int64?, instrument: String?, transactions: [String])
    {
        let order = document["paymentOrder"]?.objectValue ?? document["paymentorder"]?.objectValue ?? [:]
        let list = try await client.send(.get, path + "/financialtransactions").object
        let transactions =
            (list["financialTransactions"]?.objectValue?["financialTransactionsList"]?.arrayValue ?? [])
            .compactMap { $0.objectValue?["type"]?.stringValue }
        return (
            order["status"]?.stringValue ?? order["state"]?.stringValue, order["amount"]?.integerValue,
            order["instrument"]?.stringValue, transactions
        )
    }

    // MARK: The walk

    @Test(arguments: scenarios)
    func everyLinkIsAliveAndEveryOperationDoesWhatItsRelSays(scenario: Scenario) async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let path = try await Self.make(client, scenario)
            let document = try await Self.read(client, path)
            let status = try await Self.change(of: document, client, path).status ?? ""
            if scenario.life == .failed { #expect(status == "Failed") }
            for id in Set(Self.ids(in: .object(document))).sorted() {
                let reply = try await client.send(.get, id)
                #expect(reply.status == 200, "GET \(id): \(reply.status) \(reply.text)")
            }
            let operations = document["operations"]?.arrayValue?.compactMap(\.objectValue) ?? []
            // A payout offers nothing (the merchant's alone), nor does a cancelled or reversed v3
            // order (nothing left to show or do); every other order at least its views.
            let offersNothing =
                scenario.kind == .payout || (scenario.v3 && [.cancelled, .reversed].contains(scenario.life))
            #expect(operations.isEmpty == offersNothing, "\(operations)")
            for operation in operations {
                let rel = operation["rel"]?.stringValue ?? ""
                let method = operation["method"]?.stringValue ?? ""
                let href = operation["href"]?.stringValue ?? ""
                guard let expected = Self.expectation(rel) else {
                    Issue.record("\(rel) has no stated expectation")
                    continue
                }
                #expect(href.hasPrefix(Self.base), "\(rel): \(href)")
                // The operation is called on a fresh order in the same state, from its own answer.
                let target = try await Self.make(client, scenario)
                let fresh = try await Self.read(client, target)
                let freshOperations = fresh["operations"]?.arrayValue?.compactMap(\.objectValue) ?? []
                guard
                    let freshHref = freshOperations.first(where: { $0["rel"]?.stringValue == rel })?["href"]?
                        .stringValue.map({ String($0.dropFirst(Self.base.count)) })
                else {
                    Issue.record("\(rel) is not offered again in the same state")
                    continue
                }
                let before = try await Self.change(of: fresh, client, target)
                let reply = try await client.send(
                    .init(rawValue: method) ?? .get, freshHref, json: expected.body)
                #expect(
                    ![404, 405].contains(reply.status), "\(rel) \(method) \(freshHref): \(reply.status) \(reply.text)")
                let okay = rel.hasPrefix("redirect-") && status != "Initialized" ? 410 : 200
                #expect(reply.status == okay, "\(rel) \(method): \(reply.status) \(reply.text)")
                let after = try await Self.change(of: try await Self.read(client, target), client, target)
                switch expected.change {
                case .nothing:
                    #expect(after.status == before.status, "\(rel)")
                case .status(let new):
                    #expect(after.status == new, "\(rel)")
                case .amount(let amount):
                    #expect(after.amount == amount, "\(rel)")
                case .instrument(let instrument):
                    #expect(after.instrument == instrument, "\(rel)")
                case .transaction(let type):
                    #expect(after.transactions == before.transactions + [type], "\(rel)")
                }
            }
        }
    }

    // MARK: The documented list

    /// A row of the "Every advertised rel" table of `docs/sandbox.md`.
    struct RelRow {
        var rel, method, walkChecks: String
        var alsoUsedBy: [String]
    }

    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The rows of the table under "### Every advertised rel".
    static func relTable() throws -> [RelRow] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/sandbox.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "### Every advertised rel"), "the section is gone")
        let rows = lines[start...].drop { !$0.hasPrefix("| `") }.prefix { $0.hasPrefix("|") }
        let unquote = { (cell: String) in cell.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
        return try rows.map { line in
            let cells = line.split(separator: "|").map { String($0).trimmingCharacters(in: .whitespaces) }
            try #require(cells.count == 5, "\(line)")
            return RelRow(
                rel: unquote(cells[0]), method: cells[1], walkChecks: cells[3],
                alsoUsedBy: cells[4].split(separator: ",").map { unquote(String($0)) })
        }
    }

    /// The source of the test type `name` (a file of that name under `Server/Tests`), or nil.
    static func testSource(_ name: String) -> String? {
        let tests = root.appendingPathComponent("Server/Tests")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
        return targets.lazy.compactMap {
            try? String(
                contentsOf: tests.appendingPathComponent($0).appendingPathComponent(name + ".swift"), encoding: .utf8)
        }.first
    }

    /// The documented list of rels is the walk's: every rel advertised in any scenario is a row,
    /// with the method it is advertised with and the change the walk checks, and every test the
    /// row names uses the rel.
    @Test func theDocumentedListOfRelsIsWhatTheSandboxAdvertises() async throws {
        let rows = try Self.relTable()
        try await SandboxHarness().run { client in
            var advertised: [String: Set<String>] = [:]
            for scenario in Self.scenarios {
                let path = try await Self.make(client, scenario)
                for operation in try await Self.read(client, path)["operations"]?.arrayValue ?? [] {
                    let rel = operation.objectValue?["rel"]?.stringValue ?? ""
                    advertised[rel, default: []].insert(operation.objectValue?["method"]?.stringValue ?? "")
                }
            }
            #expect(rows.map(\.rel).sorted() == advertised.keys.sorted())
            for row in rows {
                #expect(advertised[row.rel] == [row.method], "\(row.rel)")
                #expect(Self.expectation(row.rel)?.change.description == row.walkChecks, "\(row.rel)")
                for test in row.alsoUsedBy {
                    let source = Self.testSource(test)
                    #expect(source?.contains("\"\(row.rel)\"") == true, "\(test) does not use \(row.rel)")
                }
            }
        }
    }
}
