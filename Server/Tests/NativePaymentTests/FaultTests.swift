import Foundation
import SwedbankPaySDK
import Testing

/// Every fault kind of the sandbox on the session's first request, with the tests' retry policy
/// (tries time out after 6 s and are retried for 15 s, 0.1 s apart): what the app hears, and what
/// reached the sandbox.
@MainActor
@Suite struct FaultTests {
    static let fetchedGuest = SwishTests.fetchedGuest

    /// A rule on the session's GETs (the first fetch and status checks).
    static func onFetch(_ kind: String, count: Int? = nil, status: Int? = nil) -> SwedbankPaySDK.JSONObject {
        var rule: SwedbankPaySDK.JSONObject = [
            "method": .string("GET"), "path": .string("/psp/paymentsessions/*"), "kind": .string(kind),
        ]
        if let count { rule["count"] = .integer(Int64(count)) }
        if let status { rule["status"] = .integer(Int64(status)) }
        return rule
    }

    /// Starts a session whose first request meets `fault`; returns the flow and its first call.
    static func start(_ sandbox: NativeSandbox, _ fault: SwedbankPaySDK.JSONObject) async throws -> (
        NativeFlow, String?
    ) {
        let flow = try await sandbox.start(faults: [fault], policy: TestPolicy.faults, awaitFirstCall: false)
        let calls = try await flow.calls(1)
        #expect(calls.count == 1)
        return (flow, calls.first)
    }

    /// A fault that ends inside the retry window, and what reaches the sandbox before the fetch succeeds.
    struct ShortFault: Sendable, CustomTestStringConvertible {
        var kind: String
        var count: Int
        var status: Int?
        var logged: String
        var testDescription: String { "\(kind) x\(count)" }
    }

    @Test(arguments: [
        // a 5xx burst shorter than the window
        ShortFault(kind: "status", count: 3, status: 503, logged: "GET / 503 [status]"),
        // a hang past the timeout of one try
        ShortFault(kind: "hang", count: 1, logged: "GET / - [hang]"),
        // connection resets
        ShortFault(kind: "reset", count: 2, logged: "GET / - [reset]"),
    ])
    func aFaultInsideTheWindowIsRetriedUnseen(_ fault: ShortFault) async throws {
        try await NativeSandbox.run { sandbox in
            let rule = Self.onFetch(fault.kind, count: fault.count, status: fault.status)
            let (_, first) = try await Self.start(sandbox, rule)
            #expect(first == Self.fetchedGuest)
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(
                requests == Array(repeating: fault.logged, count: fault.count) + ["GET / 200", "POST /prepare 200"])
        }
    }

    /// A fault that outlasts the retry window: the problem the app gets, and the logged tries.
    struct LongFault: Sendable, CustomTestStringConvertible {
        var kind: String
        var status: Int?
        var problem: String
        var logged: String
        var testDescription: String { kind }
    }

    @Test(arguments: [
        LongFault(
            kind: "status", status: 503, problem: "sdkProblem paymentSessionAPIRequestFailed (HTTP 503)",
            logged: "GET / 503 [status]"),
        LongFault(
            kind: "hang", problem: "sdkProblem paymentSessionAPIRequestFailed (no response)", logged: "GET / - [hang]"),
        LongFault(
            kind: "reset", problem: "sdkProblem paymentSessionAPIRequestFailed (no response)",
            logged: "GET / - [reset]"),
    ])
    func aFaultPastTheWindowIsReportedAndRetryResumes(_ fault: LongFault) async throws {
        try await NativeSandbox.run { sandbox in
            let (flow, first) = try await Self.start(sandbox, Self.onFetch(fault.kind, status: fault.status))
            #expect(first == fault.problem)
            let tries = try await sandbox.sessionRequests()
            #expect(tries.count >= 2)
            #expect(tries.allSatisfy { $0.description == fault.logged })
            try await sandbox.clearFaults()
            try flow.retryFirstProblem()
            let calls = try await flow.calls(2)
            #expect(calls.last == Self.fetchedGuest)
            let requests = try await sandbox.sessionRequests().dropFirst(tries.count).map(\.description)
            #expect(requests == ["GET / 200", "POST /prepare 200"])
        }
    }

    @Test func a4xxIsReportedAtOnceWithoutRetrying() async throws {
        try await NativeSandbox.run { sandbox in
            let (flow, first) = try await Self.start(sandbox, Self.onFetch("status", count: 1, status: 404))
            #expect(first == "sdkProblem paymentSessionAPIRequestFailed (HTTP 404)")
            let requests = try await sandbox.sessionRequests().map(\.description)
            #expect(requests == ["GET / 404 [status]"])
            try flow.retryFirstProblem()
            let calls = try await flow.calls(2)
            #expect(calls.last == Self.fetchedGuest)
        }
    }

    @Test func a5xxDuringAnAttemptIsRetriedAndThePaymentCompletes() async throws {
        try await NativeSandbox.run { sandbox in
            let flow = try await sandbox.start(policy: TestPolicy.faults)
            // Only the attempt: the event log's posts go to the same session.
            let attempts = "/psp/paymentsessions/\(flow.order.sessionToken)/methods/*"
            try await sandbox.addFault([
                "method": .string("POST"), "path": .string(attempts), "kind": .string("status"),
                "status": .integer(502), "count": .integer(2),
            ])
            flow.session.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))

            let calls = try await flow.calls(2)
            #expect(calls == [Self.fetchedGuest, "complete"])
            // From the first attempt on: what comes before (fetch, prepare) may include a retry
            // when a loaded machine lets the SDK's own request deadline pass.
            let requests = try await sandbox.sessionRequests().map(\.description)
                .drop { !$0.hasPrefix("POST /methods/") }
            #expect(
                Array(requests) == Array(repeating: "POST /methods/Swish/attempts 502 [status]", count: 2) + [
                    "POST /methods/Swish/attempts 200", "GET / 200",
                ])
        }
    }
}
