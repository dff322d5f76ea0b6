import AsyncHTTPClient
import Foundation
import LocalStack
import PaymentSandbox
import ServerSupport
import Testing

@testable import MerchantBackend

/// The crash column of the admin API's fault matrix (the rest is `AdminLostAnswerTests`):
/// `swedbankpay backend` is killed with SIGKILL while the sandbox, having made each movement, holds
/// its answer — a capture, a cancellation and a reversal, each followed by the same key or by a
/// new key. Started again on the same database, no retry is told "still being processed" for ever:
/// once the abandonment window (the timeout plus 5 s) has passed, the same key takes the
/// transaction over, finds the movement at Swedbank Pay and answers 201; a new key moves nothing
/// meanwhile. At the end the sandbox and the backend agree, each movement made once. On SQLite and
/// PostgreSQL.
@Suite(.timeLimit(.minutes(2))) struct AdminCrashTests {
    /// The restarted backend's timeout: its abandonment window is this plus 5 s.
    static let timeout = 2
    /// The first backend's timeout, long enough that it answers nothing before it is killed and
    /// that preparing the orders on a loaded machine does not end in a gateway timeout.
    static let firstTimeout = 60

    struct Cell: Sendable, CustomStringConvertible {
        var kind: StoredTransaction.Kind
        var next: AdminLostAnswerTests.NextStep
        var id = ""
        var path = ""
        var body: String?
        var amount = 0
        var key: String { "crash-\(kind.rawValue)-\(next.rawValue)" }
        var route: String { "/admin/paymentorders/\(id)/\(kind.collection)" }
        var description: String { "\(kind.rawValue) × SIGKILL mid-call × \(next.rawValue)" }
    }

    @Test(arguments: TestDatabase.engines)
    func aTransactionLeftPendingByAKilledBackendIsResolvedOnce(engine: BackendHarness.Engine) async throws {
        let executable = try ServeProcess.executable()
        let stack = try await BackendHarness.startSandbox()
        let own = try await TestDatabase.OwnDatabase.make(engine)
        let database =
            switch own.location {
            case .sqlite(let path): path
            case .postgres(let url): url
            }
        var failure: (any Error)?
        do {
            try await exercise(executable, stack: stack, database: database, engine: engine)
        } catch {
            failure = error
        }
        await stack.stop()
        TestDatabase.remove(own.location)
        await own.remove()
        if let failure { throw failure }
    }

    private func exercise(_ executable: URL, stack: LocalStack, database: String, engine: BackendHarness.Engine)
        async throws
    {
        let sandboxURL = stack.sandboxURL.absoluteString
        let first = try #require(
            try await Self.launch(executable, sandboxURL: sandboxURL, database: database, timeout: Self.firstTimeout))
        var cells: [Cell] = []
        for kind in StoredTransaction.Kind.allCases {
            for next in AdminLostAnswerTests.NextStep.allCases {
                var cell = Cell(kind: kind, next: next)
                try await Self.prepare(&cell, backendURL: first.url, sandboxURL: sandboxURL)
                // The movement is made; its answer never leaves the sandbox.
                try stack.sandbox.addFault(FaultFlagParser.parse("POST \(cell.path)/\(kind.collection) hang after x1"))
                cells.append(cell)
            }
        }
        let calls = cells.map { cell in
            Task { try await Self.send(cell.route, cell.body, key: cell.key, backendURL: first.url) }
        }
        // Every movement made at the sandbox, every answer held: the backend dies mid-call.
        await stack.sandbox.faultsApplied(cells.count)
        await first.kill()
        // No transaction of the killed process was written after this instant.
        let killed = ContinuousClock.now
        for (cell, call) in zip(cells, calls) {
            // The merchant hears nothing — no answer is no untrue answer.
            if case .success(let answer) = await call.result {
                Issue.record("\(cell): answered \(answer.status) by a killed backend")
            }
        }

        let second = try #require(
            try await Self.launch(executable, sandboxURL: sandboxURL, database: database, timeout: Self.timeout))
        var report: [String] = []
        let window = Duration.seconds(Self.timeout) + .seconds(BackendConfiguration.recordingMargin)
        // Within the window the transactions may still be live elsewhere: asked to retry shortly. An
        // answer that came back after the window closed (a loaded machine) proves nothing either way
        // and is only reported.
        for cell in cells {
            let key = cell.next == .sameKey ? cell.key : cell.key + "-new"
            let early = try await Self.send(cell.route, cell.body, key: key, backendURL: second.url)
            guard ContinuousClock.now < killed + window else {
                report.append("\(cell): \(early.status) (after the window)")
                continue
            }
            #expect(early.status == 409, "\(cell): \(early.body)")
            #expect(early.headers.first(name: "Retry-After") == "1", "\(cell)")
            report.append("\(cell): \(early.status)")
        }
        // Past the window each is taken over and resolved: the movement was made. One wait until
        // then — a lower bound, which a loaded machine only makes later.
        try await Task.sleep(until: killed + window + .milliseconds(500))
        for (index, cell) in cells.enumerated() {
            if cell.next == .newKeyAfterUnknown {
                // A new key while the first is unresolved moves nothing and names the key to repeat.
                let refused = try await Self.send(cell.route, cell.body, key: cell.key + "-new", backendURL: second.url)
                #expect(refused.status == 409, "\(cell): \(refused.body)")
                #expect(refused.json["type"] as? String == AdminLostAnswerTests.unknownType, "\(cell)")
                #expect(refused.json["idempotencyKey"] as? String == cell.key, "\(cell)")
                report[index] += " → \(refused.status)"
            }
            let answer = try await Self.send(cell.route, cell.body, key: cell.key, backendURL: second.url)
            #expect(answer.status == 201, "\(cell): \(answer.body)")
            let transaction = AdminAPITests.transaction(answer)
            #expect(transaction["state"] as? String == "done", "\(cell)")
            #expect(transaction["amount"] as? Int == cell.amount, "\(cell)")
            report[index] += " → \(answer.status)"
            let movements = try await Self.movements(cell.path, sandboxURL: sandboxURL)
            let made = movements.filter { $0["type"] as? String == TransactionType(cell.kind).rawValue }
            #expect(made.count == 1, "\(cell): \(movements)")
            #expect(made.first?["id"] as? String == transaction["swedbankPayTransaction"] as? String, "\(cell)")
            let shown = try await HTTPClient.shared.answer(
                .GET, second.url + "/admin/paymentorders/\(cell.id)", headers: AdminAPITests.admin)
            let records = shown.json["transactions"] as? [[String: Any]] ?? []
            #expect(records.allSatisfy { $0["state"] as? String == "done" }, "\(cell): \(records)")
            #expect(
                records.map { $0["payeeReference"] as? String } == movements.map { $0["payeeReference"] as? String },
                "\(cell)")
            report[index] += "; \(made.count) \(cell.kind.rawValue) at the sandbox"
        }
        await second.terminate()
        print("AdminCrashTests [\(engine.rawValue)]\n" + report.joined(separator: "\n"))
    }

    /// A paid order for the cell (a reversal's captured whole first), made through the backend.
    static func prepare(_ cell: inout Cell, backendURL: String, sandboxURL: String) async throws {
        let created = try await HTTPClient.shared.answer(
            .POST, backendURL + "/paymentorders", json: BackendHarness.orderJSON(), headers: BackendHarness.appHeaders)
        #expect(created.status == 201, "\(created.body)")
        cell.path = try #require(created.paymentOrderID)
        cell.id = try #require(created.headers.first(name: "Location")?.split(separator: "/").last.map(String.init))
        let guid = try #require(cell.path.split(separator: "/").last.map(String.init))
        let paid = try await HTTPClient.shared.answer(
            .POST, sandboxURL + "/sandbox/paymentorders/\(guid)/pay", json: #"{"instrument": "CreditCard"}"#)
        #expect(paid.status == 200, "\(paid.body)")
        switch cell.kind {
        case .capture:
            (cell.body, cell.amount) = (#"{"amount": 500, "vatAmount": 100}"#, 500)
        case .cancellation:
            (cell.body, cell.amount) = (nil, 1500)
        case .reversal:
            let captured = try await send(
                "/admin/paymentorders/\(cell.id)/captures", #"{"amount": 1500, "vatAmount": 375}"#,
                key: "setup-capture", backendURL: backendURL)
            #expect(captured.status == 201, "\(captured.body)")
            (cell.body, cell.amount) = (#"{"amount": 500, "vatAmount": 100}"#, 500)
        }
    }

    static func send(_ route: String, _ body: String?, key: String, backendURL: String) async throws -> Answer {
        var headers = AdminAPITests.admin
        headers["Idempotency-Key"] = key
        return try await HTTPClient.shared.answer(.POST, backendURL + route, json: body, headers: headers)
    }

    static func movements(_ path: String, sandboxURL: String) async throws -> [[String: Any]] {
        let list = try await HTTPClient.shared.answer(
            .GET, sandboxURL + path + "/financialtransactions",
            headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
        let entries =
            (list.json["financialTransactions"] as? [String: Any])?["financialTransactionsList"] as? [[String: Any]]
            ?? []
        return entries.filter { $0["type"] as? String != "Authorization" }
    }

    /// `swedbankpay backend` with the admin API on a free port, on `database`, against the sandbox.
    static func launch(_ executable: URL, sandboxURL: String, database: String, timeout: Int) async throws
        -> ChildServer?
    {
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let server = try await ChildServer.launch(
                executable,
                [
                    "backend", "--port", "\(port)", "--database", database, "--swedbank-pay-url", sandboxURL,
                    "--payee-id", BackendHarness.payeeID, "--api-keys", BackendHarness.apiKey, "--admin-keys",
                    AdminAPITests.adminKey, "--timeout", "\(timeout)", "--log-level", "error",
                ],
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN": BackendHarness.merchantToken],
                url: "http://127.0.0.1:\(port)", readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            if let server { return server }
        }
        return nil
    }
}
