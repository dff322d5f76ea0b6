import AsyncHTTPClient
import Foundation
import LocalStack
import Testing

/// `swedbankpay serve` as a process, flooded as a hostile app user and any web page can (issue:
/// the sandbox counted entries, not bytes, sharing the process with the backend — 250 KB event
/// posts cost 3 MB of memory each, each request-log entry kept 80 KB of URL): the largest events,
/// orders and logged requests keep each store within its budget by its own account, the
/// process's resident memory grows by less than the budget plus a margin, and another user's
/// open order stays readable and capturable throughout.
@Suite(.serialized, .timeLimit(.minutes(6))) struct MemoryBudgetTests {
    /// `--sandbox-max-stored-bytes`: small, so the floods go well past it quickly.
    static let budget = 16 * 1_024 * 1_024
    /// What the process may grow by beyond the budget: the code paths warmed only by the floods,
    /// the allocator's slack and requests in flight. Today's code grew by about 200 MB here.
    static let margin = 48 * 1_024 * 1_024
    static let adminKey = "memory-budget-admin-key-0123456789"
    /// Orders one user may create (`--max-orders-per-user`).
    static let perUser = 5

    /// The resident memory of process `pid`, in bytes (`VmRSS` of /proc/<pid>/status).
    static func residentBytes(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(line.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        return kilobytes * 1_024
    }

    static func headers(of user: String) -> [String: String] {
        ["x-payex-sample-apikey": BackendHarness.apiKey, "x-payex-sample-access-token": user]
    }

    /// An order about as large as the backend takes (64 KiB): 180 lines with long names.
    static func largeOrderJSON() -> String {
        let line =
            #"{"reference":"\#(String(repeating: "R", count: 45))","name":"\#(String(repeating: "N", count: 140))","type":"PRODUCT","class":"ProductGroup1","quantity":1,"quantityUnit":"pcs","unitPrice":1,"vatPercent":0,"amount":1,"vatAmount":0}"#
        let lines = Array(repeating: line, count: 180).joined(separator: ",")
        return """
            {"paymentorder":{"operation":"Purchase","productName":"Checkout3","currency":"SEK","amount":180,\
            "vatAmount":0,"description":"Large order","userAgent":"SwedbankPaySDK-iOS/0.1.0","language":"sv-SE",\
            "urls":{"hostUrls":["https://example.com"],"completeUrl":"https://example.com/complete"},\
            "payeeInfo":{"payeeId":"","payeeReference":""},"orderItems":[\(lines)]}}
            """
    }

    /// Each store's `[bytes, budget]` by `GET /sandbox/storage`.
    static func accounts(_ client: HTTPClient, _ sandboxURL: String) async throws -> [String: [Int]] {
        let answer = try await client.answer(
            .GET, sandboxURL + "/sandbox/storage", headers: ["X-Sandbox-Control": "1"], timeout: .seconds(10))
        #expect(answer.status == 200, "\(answer.body)")
        var accounts: [String: [Int]] = [:]
        for store in answer.json["stores"] as? [[String: Any]] ?? [] {
            guard let name = store["store"] as? String, let bytes = store["bytes"] as? Int,
                let budget = store["budget"] as? Int
            else { continue }
            accounts[name] = [bytes, budget]
        }
        return accounts
    }

    static func expectWithinBudgets(_ client: HTTPClient, _ sandboxURL: String, during flood: String) async throws {
        let accounts = try await accounts(client, sandboxURL)
        #expect(accounts.count == 9, "\(accounts)")
        for (name, account) in accounts {
            #expect(account[0] <= account[1], "\(flood): \(name) holds \(account[0]) of \(account[1]) bytes")
        }
    }

    @Test func floodsKeepEachStoreWithinItsBudgetAndTheProcessWithinBudgetAndMargin() async throws {
        let executable = try ServeProcess.executable()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess.start(
            executable, database: directory.appendingPathComponent("orders.sqlite").path, timeout: 10,
            options: [
                "--sandbox-max-stored-bytes", "\(Self.budget)", "--max-orders-per-user", "\(Self.perUser)",
                "--admin-keys", Self.adminKey, "--log-level", "error",
            ])
        let pid = serve.server.process.processIdentifier
        let client = HTTPClient.shared
        do {
            // Another user's order, paid and not captured: open.
            let owner = Self.headers(of: "owner-user")
            let created = try await client.answer(
                .POST, serve.backendURL + "/paymentorders", json: BackendHarness.orderJSON(), headers: owner,
                timeout: .seconds(10))
            #expect(created.status == 201, "\(created.body)")
            let order = try #require(created.json["paymentOrder"] as? [String: Any])
            let path = try #require(order["id"] as? String)
            let id = try #require(created.headers.first(name: "Location")?.split(separator: "/").last.map(String.init))
            let guid = try #require(path.split(separator: "/").last.map(String.init))
            let paid = try await client.answer(
                .POST, serve.sandboxURL + "/sandbox/paymentorders/\(guid)/pay",
                json: #"{"instrument": "CreditCard"}"#, timeout: .seconds(10))
            #expect(paid.status == 200, "\(paid.body)")
            let session = try #require(
                (created.json["operations"] as? [[String: Any]])?.first {
                    $0["rel"] as? String == "view-paymentsession"
                }?[
                    "href"] as? String)
            let sessionPath = try #require(URL(string: session)?.path)

            func ownersOrderIsReadable() async throws {
                let read = try await client.answer(
                    .GET, serve.backendURL + "/paymentorders/\(id)", headers: owner, timeout: .seconds(10))
                #expect(read.status == 200, "\(read.body)")
                #expect(read.json["status"] as? String == "Paid", "\(read.body)")
                // The admin view reads the order from the sandbox: it is still there.
                let shown = try await client.answer(
                    .GET, serve.backendURL + "/admin/paymentorders/\(id)",
                    headers: ["Authorization": "Bearer \(Self.adminKey)"], timeout: .seconds(10))
                #expect(shown.status == 200, "\(shown.body)")
                #expect(shown.json["remainingCaptureAmount"] as? Int == 1500, "\(shown.body)")
            }

            // 16,000 bytes of tiny members, the costliest shape per byte sent, under the 16 KiB bound.
            let event = "{" + (0..<1_600).map { #""k\#($0)":0"# }.joined(separator: ",") + "}"
            #expect(event.utf8.count <= 16 * 1_024)
            let longURL =
                serve.sandboxURL + "/psp/paymentorders/" + String(repeating: "a", count: 40_000) + "?q="
                + String(repeating: "b", count: 30_000)
            // Warm every path once, then measure from there.
            for _ in 0..<3 {
                _ = try await client.answer(.POST, serve.sandboxURL + sessionPath + "/events", json: event)
                _ = try await client.answer(.GET, longURL)
            }
            try await ownersOrderIsReadable()
            let before = try Self.residentBytes(pid)

            for round in 0..<10 {
                for _ in 0..<100 {
                    let logged = try await client.answer(
                        .POST, serve.sandboxURL + sessionPath + "/events", json: event, timeout: .seconds(10))
                    #expect(logged.status == 204, "\(logged.body)")
                    _ = try await client.answer(.GET, longURL, timeout: .seconds(10))
                }
                for user in 0..<12 {
                    let flood = try await client.answer(
                        .POST, serve.backendURL + "/paymentorders", json: Self.largeOrderJSON(),
                        headers: Self.headers(of: "flood-\(round)-\(user)"), timeout: .seconds(10))
                    #expect(flood.status == 201, "\(flood.body)")
                }
                try await ownersOrderIsReadable()
                try await Self.expectWithinBudgets(client, serve.sandboxURL, during: "round \(round)")
            }

            // One user alone cannot go on: the limit answers 429 with Retry-After.
            var statuses: [Int] = []
            var retryAfter: String?
            for _ in 0...Self.perUser {
                let answer = try await client.answer(
                    .POST, serve.backendURL + "/paymentorders", json: Self.largeOrderJSON(),
                    headers: Self.headers(of: "one-user"), timeout: .seconds(10))
                statuses.append(answer.status)
                retryAfter = answer.headers.first(name: "Retry-After") ?? retryAfter
            }
            #expect(statuses == Array(repeating: 201, count: Self.perUser) + [429])
            #expect(retryAfter.flatMap(Int.init).map { $0 > 0 } == true)

            let after = try Self.residentBytes(pid)
            let growth = after - before
            print(
                "MemoryBudgetTests: VmRSS \(before / 1_048_576) MiB before the floods, \(after / 1_048_576) MiB after: grew \(growth / 1_048_576) MiB (budget \(Self.budget / 1_048_576) MiB + margin \(Self.margin / 1_048_576) MiB)"
            )
            #expect(growth < Self.budget + Self.margin, "VmRSS grew by \(growth) bytes")

            // The owner's order is still there, and the merchant captures it.
            try await ownersOrderIsReadable()
            let admin = ["Authorization": "Bearer \(Self.adminKey)", "Idempotency-Key": "memory-capture-1"]
            let capture = try await client.answer(
                .POST, serve.backendURL + "/admin/paymentorders/\(id)/captures",
                json: #"{"amount": 1500, "vatAmount": 375}"#, headers: admin, timeout: .seconds(10))
            #expect(capture.status == 201, "\(capture.body)")
        } catch {
            await serve.terminate()
            throw error
        }
        await serve.terminate()
    }
}
