import AsyncHTTPClient
import Foundation
import LocalStack
import NIOCore
import NIOHTTP1
import PropertyBased
import ServerSupport
import SwedbankPaySDK
import Synchronization
import Testing

@testable import MerchantBackend
@testable import PaymentSandbox

/// Boundary amounts through both servers as `swedbankpay serve` runs them — a sandbox and a
/// backend in one process, on loopback: an order created (through the backend's app API, and
/// straight at the sandbox's Swedbank Pay API), paid, then captured, cancelled and reversed with
/// the amounts of a generated scenario (``PostPurchaseProperties/scenario(_:)``), through the
/// backend's admin API and at the sandbox. Every answer is a success or a 4xx problem (a 5xx, or
/// a trap that takes the process down, fails it), an order is created exactly when its amounts
/// are within the limits, and both servers still answer at the end.
@Suite(.timeLimit(.minutes(3))) struct BoundaryJourneyTests {
    static let adminKey = "admin-key-0123456789abcdef"
    static let apiKey = "property-api-key"
    static let merchantToken = "property-merchant-token"

    struct Stack: Sendable {
        let sandboxURL: String
        let backendURL: String
        let client: HTTPClient

        func send(
            _ method: HTTPMethod, _ url: String, json: String? = nil, headers: [String: String]
        ) async throws -> (status: Int, body: String) {
            let answer = try await client.answer(method, url, json: json, headers: headers, limit: 1 << 20)
            return (answer.status, answer.body)
        }
    }

    static func withStack(_ body: (Stack) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var plan = LocalStack.Plan(
            sandbox: SandboxConfiguration(
                merchantTokens: [merchantToken], payeeId: "property-payee", swishOtherDeviceApprovalDelay: nil,
                callbackRetryDelays: [0.2]),
            sandboxNamesItsPort: false)
        plan.backend = LocalStack.BackendPlan(
            database: .sqlite(path: directory.appendingPathComponent("orders.sqlite").path)
        ) { sandboxURL, port in
            var configuration = BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(merchantToken), payeeId: "property-payee",
                publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKeys: [Secret(apiKey)])
            configuration.adminKeys = [Secret(adminKey)]
            return configuration
        }
        let stack = try await LocalStack.start(plan)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var failure: (any Error)?
        do {
            try await body(
                Stack(
                    sandboxURL: stack.sandboxURL.absoluteString, backendURL: stack.backendURL?.absoluteString ?? "",
                    client: client))
        } catch {
            failure = error
        }
        try? await client.shutdown()
        await stack.stop()
        if let failure { throw failure }
    }

    static let scenarios = Generator<PostPurchaseProperties.Scenario, Shrink.None<PostPurchaseProperties.Scenario>> {
        rng in PostPurchaseProperties.scenario { rng.next() }
    }

    /// The order as an app sends it to the backend (which fills in the payee), or as a merchant's
    /// server sends it to Swedbank Pay (`payeeReference` given: with its payee).
    static func orderJSON(amount: Int64, vatAmount: Int64, payeeReference: String = "") -> String {
        let payeeID = payeeReference.isEmpty ? "" : "property-payee"
        return """
            {"paymentorder":{"operation":"Purchase","productName":"Checkout3","currency":"SEK","amount":\(amount),\
            "vatAmount":\(vatAmount),"description":"Boundary","userAgent":"SwedbankPaySDK-iOS/5.0.3","language":"sv-SE",\
            "urls":{"hostUrls":["https://example.com"],"completeUrl":"https://example.com/complete"},\
            "payeeInfo":{"payeeId":"\(payeeID)","payeeReference":"\(payeeReference)"}}}
            """
    }

    static func transactionJSON(_ body: SwedbankPaySDK.JSONObject) -> String {
        SwedbankPaySDK.JSONValue.object(["transaction": .object(body)]).jsonText
    }

    @Test func boundaryAmountsNeverTakeEitherServerDown() async throws {
        try await Self.withStack { stack in
            let app = ["x-payex-sample-apikey": Self.apiKey, "x-payex-sample-access-token": "boundary-user"]
            let admin = ["Authorization": "Bearer \(Self.adminKey)"]
            let merchant = ["Authorization": "Bearer \(Self.merchantToken)"]
            // Every outcome is reached by construction: each witness is built to reach the ones it
            // names, whatever the generator makes of the random scenarios after it (40 random
            // scenarios did not always reach an admin 409).
            for witness in Self.witnesses {
                let seen = try await Self.run(witness.scenario, on: stack, app: app, admin: admin, merchant: merchant)
                #expect(witness.reaches.isSubset(of: seen), "\(witness.scenario) reached only \(seen)")
            }
            await propertyCheck(count: 40, input: Self.scenarios) { scenario in
                do {
                    _ = try await Self.run(scenario, on: stack, app: app, admin: admin, merchant: merchant)
                } catch {
                    Issue.record("\(scenario): \(error)")
                }
            }
            // The witnesses together reach every outcome: orders refused and made, money moved and
            // refused.
            let reached = Self.witnesses.reduce(into: Set<String>()) { $0.formUnion($1.reaches) }
            #expect(
                reached == [
                    "order 400", "order 201", "admin 201", "admin 400", "admin 409", "sandbox 200", "sandbox 400",
                ])
            let backend = try await stack.send(.GET, stack.backendURL + "/healthz", headers: [:])
            #expect(backend.status == 200)
            let sandbox = try await stack.send(.GET, stack.sandboxURL + "/sandbox/paymentorders", headers: [:])
            #expect(sandbox.status == 200)
        }
    }

    /// A scenario written to reach the outcomes it names.
    struct Witness {
        let scenario: PostPurchaseProperties.Scenario
        let reaches: Set<String>
    }

    static let witnesses: [Witness] = {
        func step(_ kind: FinancialTransaction.Kind, _ index: Int, amount: Int64?, vatAmount: Int64?)
            -> PostPurchaseProperties.Step
        {
            var body: SwedbankPaySDK.JSONObject = [
                "description": .string("Step"), "payeeReference": .string("W\(index)"),
            ]
            if let amount { body["amount"] = .integer(amount) }
            if let vatAmount { body["vatAmount"] = .integer(vatAmount) }
            return PostPurchaseProperties.Step(kind: kind, body: body)
        }
        return [
            // A negative amount: no order, at either server.
            Witness(
                scenario: .init(amount: -1, vatAmount: 0, sale: false, steps: [], remaining: .integer(0)),
                reaches: ["order 400"]),
            // A card payment, authorized: nothing to reverse before a capture (no operation: 409
            // from the backend), a negative capture refused (400 from both), a half captured.
            Witness(
                scenario: .init(
                    amount: 1_000, vatAmount: 100, sale: false,
                    steps: [
                        step(.reversal, 0, amount: 100, vatAmount: 10),
                        step(.capture, 1, amount: -1, vatAmount: 0),
                        step(.capture, 2, amount: 500, vatAmount: 50),
                    ],
                    remaining: .integer(1_000)),
                reaches: ["order 201", "admin 409", "admin 400", "sandbox 400", "admin 201", "sandbox 200"]),
        ]
    }()

    static func run(
        _ scenario: PostPurchaseProperties.Scenario, on stack: Stack, app: [String: String], admin: [String: String],
        merchant: [String: String]
    ) async throws -> [String] {
        var seen: [String] = []
        let valid = MinorUnits.amounts.contains(scenario.amount) && (0...scenario.amount).contains(scenario.vatAmount)
        let json = orderJSON(amount: scenario.amount, vatAmount: scenario.vatAmount)
        // Through the backend: the admin API moves the money.
        let created = try await stack.send(.POST, stack.backendURL + "/paymentorders", json: json, headers: app)
        #expect(created.status == (valid ? 201 : 400), "\(scenario): \(created.body)")
        seen.append("order \(created.status)")
        // Straight at the sandbox: its own post-purchase API.
        let reference = "B" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20)
        let direct = try await stack.send(
            .POST, stack.sandboxURL + "/psp/paymentorders",
            json: orderJSON(amount: scenario.amount, vatAmount: scenario.vatAmount, payeeReference: reference),
            headers: merchant)
        // The sandbox answers a creation with 200, as Swedbank Pay's examples show.
        #expect(direct.status == (valid ? 200 : 400), "\(scenario): \(direct.body)")
        guard valid, created.status == 201, direct.status == 200 else { return seen }
        let instrument = scenario.sale ? "Swish" : "CreditCard"
        let backendOrder = try paymentOrderID(created.body)
        let sandboxOrder = try paymentOrderID(direct.body)
        for id in [backendOrder, sandboxOrder] {
            let paid = try await stack.send(
                .POST, stack.sandboxURL + "/sandbox/paymentorders/\(id.guid)/pay",
                json: #"{"instrument": "\#(instrument)"}"#, headers: [:])
            #expect(paid.status == 200, "\(scenario): \(paid.body)")
        }
        for step in scenario.steps {
            let collection =
                step.kind == .capture ? "captures" : step.kind == .cancellation ? "cancellations" : "reversals"
            var adminBody = step.body
            adminBody["payeeReference"] = nil
            let viaAdmin = try await stack.send(
                .POST, stack.backendURL + "/admin/paymentorders/\(backendOrder.guid)/\(collection)",
                json: SwedbankPaySDK.JSONValue.object(adminBody).jsonText, headers: admin)
            #expect(
                (200..<500).contains(viaAdmin.status),
                "\(scenario): admin \(collection) \(viaAdmin.status) \(viaAdmin.body)")
            seen.append("admin \(viaAdmin.status)")
            let atSandbox = try await stack.send(
                .POST, stack.sandboxURL + sandboxOrder.path + "/" + collection, json: transactionJSON(step.body),
                headers: merchant)
            #expect(
                (200..<500).contains(atSandbox.status),
                "\(scenario): \(collection) \(atSandbox.status) \(atSandbox.body)")
            seen.append("sandbox \(atSandbox.status)")
        }
        return seen
    }

    static func paymentOrderID(_ body: String) throws -> (path: String, guid: String) {
        let value = try SwedbankPaySDK.JSONValue(parsing: Data(body.utf8), maxDepth: 32)
        let path = try #require(value.objectValue?["paymentOrder"]?.objectValue?["id"]?.stringValue, "\(body)")
        return (path, String(path.split(separator: "/").last ?? ""))
    }
}
