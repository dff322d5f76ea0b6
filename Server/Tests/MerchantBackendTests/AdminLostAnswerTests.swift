import AsyncHTTPClient
import Foundation
import PaymentSandbox
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Money moves exactly once when the admin API's answer from Swedbank Pay is lost: a fault matrix
/// of capture, cancellation and reversal × an answer lost after the sandbox made the movement
/// (held back past the backend's timeout, the connection cut, a 500) × the merchant's next step
/// (the same key again, or a new key after the "unknown" answer). At the end of every cell the
/// sandbox's financial transactions and the backend's records agree, the movement happened once,
/// and every answer the merchant got was true. The crash column (SIGKILL mid-call) is
/// `AdminCrashTests`. On SQLite and PostgreSQL.
@Suite(.timeLimit(.minutes(2))) struct AdminLostAnswerTests {
    /// The backend's Swedbank Pay timeout in these tests; the held-back answer comes later. Every
    /// other call of the test (creating and paying the orders, the lookups) must answer within it,
    /// so it leaves room for a loaded machine.
    static let timeout: TimeInterval = 8
    static let heldBack = 10

    enum LostAnswer: String, CaseIterable, Sendable {
        case delayedPastTheTimeout, connectionCut, serverError

        /// The sandbox's fault rule, after the route: the movement is made, its answer lost.
        var fault: String {
            switch self {
            case .delayedPastTheTimeout: "delay:\(AdminLostAnswerTests.heldBack) after"
            case .connectionCut: "reset after"
            case .serverError: "status:500 after"
            }
        }

        /// The status of the merchant's "unknown" answer: 504 when nothing came in time, else 502.
        var status: Int { self == .delayedPastTheTimeout ? 504 : 502 }
    }

    enum NextStep: String, CaseIterable, Sendable {
        case sameKey, newKeyAfterUnknown
    }

    struct Cell: Sendable, CustomStringConvertible {
        var kind: StoredTransaction.Kind
        var lost: LostAnswer
        var next: NextStep
        var description: String { "\(kind.rawValue) × \(lost.rawValue) × \(next.rawValue)" }
    }

    static var matrix: [Cell] {
        StoredTransaction.Kind.allCases.flatMap { kind in
            LostAnswer.allCases.flatMap { lost in NextStep.allCases.map { Cell(kind: kind, lost: lost, next: $0) } }
        }
    }

    static func configure(_ configuration: inout BackendConfiguration) {
        AdminAPITests.withAdmin(&configuration)
        configuration.swedbankPayTimeout = timeout
    }

    static let unknownType = "https://api.payex.com/psp/errordetail/mobilesdk/transactionoutcomeunknown"

    @Test(arguments: TestDatabase.engines)
    func everyLostAnswerIsUnknownAndResolvedOnceByItsKey(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: Self.configure) { harness in
            // The cells are independent (an order each, a fault on its own path): run together, the
            // held-back answers overlap.
            let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                for cell in Self.matrix {
                    group.addTask { try await Self.run(cell, harness) }
                }
                var lines: [String] = []
                for try await line in group { lines.append(line) }
                return lines.sorted()
            }
            #expect(outcomes.count == 18)
            print("AdminLostAnswerTests [\(engine.rawValue)]\n" + outcomes.joined(separator: "\n"))
        }
    }

    /// An order ready for `kind` (paid; for a reversal, captured whole as well), with `body` the
    /// movement the merchant asks for and `amount` what it moves.
    static func ready(for kind: StoredTransaction.Kind, _ harness: BackendHarness) async throws
        -> (id: String, path: String, body: String?, amount: Int)
    {
        let (id, path) = try await AdminAPITests.paidOrder(harness)
        switch kind {
        case .capture:
            return (id, path, #"{"amount": 500, "vatAmount": 100}"#, 500)
        case .cancellation:
            return (id, path, nil, 1500)
        case .reversal:
            let captured = try await send(
                "/admin/paymentorders/\(id)/captures", #"{"amount": 1500, "vatAmount": 375}"#, key: "setup-capture",
                harness)
            #expect(captured.status == 201, "\(captured.body)")
            return (id, path, #"{"amount": 500, "vatAmount": 100}"#, 500)
        }
    }

    /// One cell; answers its line of the report.
    static func run(_ cell: Cell, _ harness: BackendHarness) async throws -> String {
        let (id, path, body, amount) = try await ready(for: cell.kind, harness)
        let route = "/admin/paymentorders/\(id)/\(cell.kind.collection)"
        try harness.sandbox.addFault(
            FaultFlagParser.parse("POST \(path)/\(cell.kind.collection) \(cell.lost.fault) x1"))
        let key = "lost-\(cell.kind.rawValue)-\(cell.lost.rawValue)-\(cell.next.rawValue)"
        var answers: [String] = []

        // 1. The answer is lost: the merchant is told the outcome is unknown, and how to learn it.
        let first = try await send(route, body, key: key, harness)
        answers.append("\(first.status)")
        try expectUnknown(first, status: cell.lost.status, key: key, cell)
        let unknownRow = try await rows(id, harness).last
        #expect(unknownRow?["state"] as? String == "unknown", "\(cell)")
        #expect(unknownRow?["id"] as? String == first.json["transaction"] as? String, "\(cell)")

        // 2. A new key moves nothing while that outcome is unknown.
        if cell.next == .newKeyAfterUnknown {
            let refused = try await send(route, body, key: key + "-new", harness)
            answers.append("\(refused.status)")
            #expect(refused.status == 409, "\(cell): \(refused.body)")
            #expect(refused.json["type"] as? String == unknownType, "\(cell)")
            #expect(refused.json["idempotencyKey"] as? String == key, "\(cell)")
            #expect(refused.headers.first(name: "Retry-After") == nil, "\(cell)")
        }

        // 3. The same key learns the outcome from Swedbank Pay — made — and answers it; once.
        let resolved = try await send(route, body, key: key, harness)
        answers.append("\(resolved.status)")
        #expect(resolved.status == 201, "\(cell): \(resolved.body)")
        let transaction = AdminAPITests.transaction(resolved)
        #expect(transaction["state"] as? String == "done", "\(cell)")
        #expect(transaction["amount"] as? Int == amount, "\(cell)")
        #expect(transaction["payeeReference"] as? String == unknownRow?["payeeReference"] as? String, "\(cell)")
        let replay = try await send(route, body, key: key, harness)
        #expect(replay.status == 201 && replay.body == resolved.body, "\(cell)")

        // 4. The sandbox and the backend agree, and the movement happened once.
        try await expectAgreement(id: id, path: path, harness, cell)
        let entries = try await financialTransactions(path, harness).filter {
            $0["type"] as? String == TransactionType(cell.kind).rawValue
        }
        #expect(entries.count == 1, "\(cell): \(entries)")
        #expect(entries.first?["amount"] as? Int == amount, "\(cell)")
        #expect(
            entries.first?["id"] as? String == transaction["swedbankPayTransaction"] as? String, "\(cell)")
        return "\(cell): \(answers.joined(separator: " → ")); \(entries.count) \(cell.kind.rawValue) at the sandbox"
    }

    /// The merchant's "unknown" answer, exactly.
    static func expectUnknown(_ answer: Answer, status: Int, key: String, _ cell: CustomStringConvertible) throws {
        #expect(answer.status == status, "\(cell): \(answer.body)")
        #expect(answer.json["type"] as? String == unknownType, "\(cell)")
        #expect(answer.json["title"] as? String == "Transaction Outcome Unknown", "\(cell)")
        #expect(answer.json["idempotencyKey"] as? String == key, "\(cell)")
        #expect(answer.headers.first(name: "Retry-After") == "1", "\(cell)")
        let detail = try #require(answer.json["detail"] as? String)
        #expect(detail.contains(" was sent to Swedbank Pay and its answer lost, so it may have happened ("), "\(cell)")
        #expect(
            detail.hasSuffix(
                "). Repeat the request with the same Idempotency-Key to learn its outcome; it is not sent twice."),
            "\(cell)")
    }

    static func send(_ route: String, _ body: String?, key: String?, _ harness: BackendHarness) async throws -> Answer {
        var headers = AdminAPITests.admin
        if let key { headers["Idempotency-Key"] = key }
        return try await harness.send(.POST, route, json: body, headers: headers)
    }

    static func rows(_ id: String, _ harness: BackendHarness) async throws -> [[String: Any]] {
        let shown = try await harness.send(.GET, "/admin/paymentorders/\(id)", headers: AdminAPITests.admin)
        return shown.json["transactions"] as? [[String: Any]] ?? []
    }

    static func financialTransactions(_ path: String, _ harness: BackendHarness) async throws -> [[String: Any]] {
        let list = try await harness.client.answer(
            .GET, harness.sandboxURL + path + "/financialtransactions",
            headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
        return (list.json["financialTransactions"] as? [String: Any])?["financialTransactionsList"] as? [[String: Any]]
            ?? []
    }

    /// Every movement at the sandbox (but the payer's authorization) is a `done` record of the
    /// backend's under the same payee reference, and every record is one of them.
    static func expectAgreement(id: String, path: String, _ harness: BackendHarness, _ cell: CustomStringConvertible)
        async throws
    {
        let records = try await rows(id, harness)
        let movements = try await financialTransactions(path, harness).filter {
            $0["type"] as? String != "Authorization"
        }
        #expect(records.allSatisfy { $0["state"] as? String == "done" }, "\(cell): \(records)")
        #expect(
            records.map { $0["payeeReference"] as? String } == movements.map { $0["payeeReference"] as? String },
            "\(cell)")
        #expect(records.map { $0["amount"] as? Int } == movements.map { $0["amount"] as? Int }, "\(cell)")
    }

    /// A 500 before the sandbox made the capture: unknown to the merchant (a 500 may come after a
    /// commit); the same key finds nothing at Swedbank Pay and sends it, with the same reference.
    @Test(arguments: TestDatabase.engines)
    func aMovementNeverMadeIsSentByTheRetry(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: Self.configure) { harness in
            let (id, path, body, _) = try await Self.ready(for: .capture, harness)
            try harness.sandbox.addFault(FaultFlagParser.parse("POST \(path)/captures status:500 x1"))
            let route = "/admin/paymentorders/\(id)/captures"
            let first = try await Self.send(route, body, key: "never-made", harness)
            try Self.expectUnknown(first, status: 502, key: "never-made", "500 before the capture")
            #expect(try await Self.financialTransactions(path, harness).count == 1)
            let retried = try await Self.send(route, body, key: "never-made", harness)
            #expect(retried.status == 201, "\(retried.body)")
            try await Self.expectAgreement(id: id, path: path, harness, "500 before the capture")
            #expect(
                try await Self.financialTransactions(path, harness).map { $0["type"] as? String } == [
                    "Authorization", "Capture",
                ])
        }
    }

    /// Swedbank Pay answers 409 to a capture it made (as to a payee reference used already): the
    /// backend looks it up, finds it, and answers 201 — never a refusal stored for a capture made.
    @Test(arguments: TestDatabase.engines)
    func aConflictForAMovementMadeIsItsSuccess(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: Self.configure) { harness in
            let (id, path, body, _) = try await Self.ready(for: .capture, harness)
            try harness.sandbox.addFault(FaultFlagParser.parse("POST \(path)/captures status:409 after x1"))
            let answer = try await Self.send(
                "/admin/paymentorders/\(id)/captures", body, key: "conflict-made", harness)
            #expect(answer.status == 201, "\(answer.body)")
            #expect(AdminAPITests.transaction(answer)["state"] as? String == "done")
            try await Self.expectAgreement(id: id, path: path, harness, "409 after the capture")
        }
    }

    /// Without a key of the merchant's, the transaction's id is its key: the "unknown" answer
    /// names it, and a repeat with it resolves the capture.
    @Test func aCaptureWithoutAKeyIsResolvedByTheKeyItsAnswerNames() async throws {
        try await BackendHarness.run(configure: Self.configure) { harness in
            let (id, path, body, _) = try await Self.ready(for: .capture, harness)
            try harness.sandbox.addFault(FaultFlagParser.parse("POST \(path)/captures reset after x1"))
            let route = "/admin/paymentorders/\(id)/captures"
            let first = try await Self.send(route, body, key: nil, harness)
            let named = try #require(first.json["idempotencyKey"] as? String)
            #expect(named == first.json["transaction"] as? String)
            try Self.expectUnknown(first, status: 502, key: named, "keyless")
            let resolved = try await Self.send(route, body, key: named, harness)
            #expect(resolved.status == 201, "\(resolved.body)")
            try await Self.expectAgreement(id: id, path: path, harness, "keyless")
        }
    }
}

extension TransactionType {
    /// The financial transaction type a movement of `kind` makes.
    init(_ kind: StoredTransaction.Kind) {
        switch kind {
        case .capture: self = .capture
        case .cancellation: self = .cancellation
        case .reversal: self = .reversal
        }
    }
}
