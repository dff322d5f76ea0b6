import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The stores' byte budgets (issue: the sandbox's limits counted entries, not bytes): floods of
/// the largest events, orders and logged requests keep each store within its budget by its own
/// account, finished orders make room before an open one, and an open order dropped for room is
/// counted where `GET /sandbox/storage` shows it.
@Suite struct StoreBudgetTests {
    private typealias Fixture = PaymentOrdersFixture

    /// A sandbox whose stores hold `total` bytes together.
    private static func harness(total: Int) -> SandboxHarness {
        SandboxHarness { $0.storeBudgets = SandboxStoreBudgets(total: total) }
    }

    /// The accounts `GET /sandbox/storage` lists, by store.
    private static func accounts(_ client: SandboxClient) async throws -> [String: [String: Int64]] {
        let reply = try await client.send(.get, "/sandbox/storage", token: nil, headers: SandboxClient.control)
        #expect(reply.status == 200, "\(reply.text)")
        var accounts: [String: [String: Int64]] = [:]
        for store in try #require(try reply.object["stores"]?.arrayValue) {
            let object = try #require(store.objectValue)
            let name = try #require(object["store"]?.stringValue)
            accounts[name] = object.compactMapValues(\.integerValue)
        }
        return accounts
    }

    /// Every store within its budget by its own account.
    private static func expectWithinBudgets(_ client: SandboxClient) async throws {
        for (name, account) in try await accounts(client) {
            let bytes = account["bytes"] ?? -1
            let budget = account["budget"] ?? -1
            #expect(bytes >= 0 && bytes <= budget, "\(name): \(bytes) of \(budget) bytes")
        }
    }

    /// A JSON object of tiny members, `bytes` long at most: the costliest shape per byte sent.
    static func tinyMembers(bytes: Int, marker: String) -> String {
        var text = #"{"marker": "\#(marker)""#
        var index = 0
        while text.utf8.count + 12 < bytes {
            text += #","k\#(index)":0"#
            index += 1
        }
        return text + "}"
    }

    @Test func theSharesAddUpToTheTotalAndTheDefaultIs256MiB() {
        let budgets = SandboxStoreBudgets()
        #expect(SandboxStoreBudgets.defaultTotal == 268_435_456)
        #expect(budgets.total <= SandboxStoreBudgets.defaultTotal)
        #expect(budgets.paymentOrders == 128 * 1_024 * 1_024)
        #expect(budgets.eventLog == 16 * 1_024 * 1_024)
        #expect(SandboxConfiguration().storeBudgets == budgets)
    }

    @Test func anEventBodyOverItsBoundIs413AndAFloodKeepsTheEventLogWithinItsBudget() async throws {
        let harness = Self.harness(total: 4 * 1_024 * 1_024)
        try await harness.run { client in
            var (driver, _) = try await PaymentSessionFlowTests.prepared(client, harness)
            let tooLarge = try await driver.call(
                "event-logging", body: Self.tinyMembers(bytes: PaymentSessionEvent.maxBodyBytes + 100, marker: "x"))
            #expect(tooLarge.status == 413, "\(tooLarge.text)")
            for index in 0..<120 {
                let body = Self.tinyMembers(bytes: PaymentSessionEvent.maxBodyBytes, marker: "event-\(index)")
                let logged = try await driver.call("event-logging", body: body)
                #expect(logged.status == 204, "\(logged.text)")
                if index % 20 == 19 { try await Self.expectWithinBudgets(client) }
            }
            let account = try #require(try await Self.accounts(client)["eventLog"])
            #expect(account["budget"] == 262_144)
            #expect((1..<120).contains(account["entries"] ?? 0), "\(account)")
            // The newest event is kept.
            let events = try await client.send(.get, "/sandbox/events", token: nil).object
            let last = try #require(events["events"]?.arrayValue?.last?.objectValue?["event"]?.objectValue)
            #expect(last["marker"] == .string("event-119"))
        }
    }

    @Test func requestLogEntriesAreCutToTheirBoundAndSaySo() async throws {
        let harness = Self.harness(total: 1_024 * 1_024)
        try await harness.run { client in
            let path = "/psp/paymentorders/" + String(repeating: "a", count: 30_000)
            let query = "q=" + String(repeating: "b", count: 30_000)
            for _ in 0..<50 {
                #expect(try await client.send(.get, path + "?" + query, token: nil).status == 401)
            }
            let short = try await client.send(.get, "/psp/paymentorders/x?y=1", token: nil)
            #expect(short.status == 401)
            try await Self.expectWithinBudgets(client)
            let log = try await client.send(.get, "/sandbox/requests", token: nil, headers: SandboxClient.control)
            let entries = try #require(try log.object["requests"]?.arrayValue).compactMap(\.objectValue)
            // The log's 64 KiB hold some of them (about 2.4 KB each by the account), the newest last.
            #expect((2..<51).contains(entries.count), "\(entries.count)")
            let cut = try #require(entries.first)
            #expect(cut["path"] == .string(String(path.prefix(RequestLogEntry.maxPathBytes))))
            #expect(cut["query"] == .string(String(query.prefix(RequestLogEntry.maxQueryBytes))))
            #expect(cut["truncated"] == .bool(true))
            let whole = try #require(entries.last)
            #expect(whole["path"] == .string("/psp/paymentorders/x"))
            #expect(whole["query"] == .string("y=1"))
            #expect(whole["truncated"] == .bool(false))
        }
    }

    /// Orders of about 150 KB by the account (a metadata object of tiny members): a few fill the
    /// 512 KiB the orders get of a 1 MiB total.
    private static func largeOrder(_ reference: String) throws -> SwedbankPaySDK.JSONObject {
        let metadata = try json(tinyMembers(bytes: 40_000, marker: reference))
        return Fixture.order {
            $0["payeeInfo"] = .object([
                "payeeId": .string(Fixture.payeeId), "payeeReference": .string(reference),
            ])
            $0["metadata"] = metadata
        }
    }

    @Test func finishedOrdersMakeRoomBeforeAnOpenOneWhichStaysReadableAndCapturable() async throws {
        let harness = Self.harness(total: 1_024 * 1_024)
        try await harness.run { client in
            // Another user's order, paid and not captured: open.
            let (_, kept) = try await Fixture.create(client)
            let paid = try await client.send(
                .post, "/sandbox/paymentorders/\(kept)/pay", json: #"{"instrument": "CreditCard"}"#, token: nil)
            #expect(paid.status == 200, "\(paid.text)")
            // A flood of large orders, each aborted (finished) once made.
            for index in 0..<20 {
                let (_, id) = try await Fixture.create(client, try Self.largeOrder("FLOOD\(index)"))
                let aborted = try await client.send(
                    .patch, "/psp/paymentorders/\(id)",
                    json: #"{"paymentorder": {"operation": "Abort", "abortReason": "CancelledByCustomer"}}"#)
                #expect(aborted.status == 200, "\(aborted.text)")
                try await Self.expectWithinBudgets(client)
            }
            let orders = try #require(try await Self.accounts(client)["paymentOrders"])
            #expect(orders["entries"] ?? 0 < 21, "\(orders)")
            #expect(orders["openDropped"] == 0)
            // The open order was never touched during the flood, and is still there and capturable.
            let capture = try await client.send(
                .post, "/psp/paymentorders/\(kept)/captures",
                json: PostPurchaseTests.transaction(amount: 1500, vat: 375, reference: "CAP1"))
            #expect(capture.status == 200, "\(capture.text)")

            // Open orders alone: the least recently used open one goes, and is counted.
            for index in 0..<8 {
                _ = try await Fixture.create(client, try Self.largeOrder("OPEN\(index)"))
                try await Self.expectWithinBudgets(client)
            }
            let after = try #require(try await Self.accounts(client)["paymentOrders"])
            #expect((after["openDropped"] ?? 0) >= 1, "\(after)")
        }
    }
}
