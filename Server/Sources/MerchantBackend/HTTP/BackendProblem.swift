import ServerSupport
import SwedbankPaySDK

/// A failure answered as `application/problem+json` with a type URI the SDK gives a typed case
/// (``SwedbankPaySDK/ProblemTypeURI``). Throw it from a route; ``ProblemMiddleware``
/// writes it (the rendering is in `BackendProblem+Document.swift`, so this file stays free of the
/// HTTP server and the fuzz targets compile it as it is).
struct BackendProblem: Error, Sendable {
    var type: String
    var title: String
    var status: Int
    var detail: String?
    /// `problems[]`: each names a bad field and what is wrong with it.
    var problems: [(name: String, description: String)] = []
    /// Extra top-level members (`gatewayStatus`, `body`), where the SDK reads them.
    var extra: SwedbankPaySDK.JSONObject = [:]
    /// `Retry-After`, for a problem that means "try again later" (``stillInFlight(_:)``).
    var retryAfterSeconds: Int?
}

extension BackendProblem {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    /// 401 `mobilesdk/unauthorized`: the app's credentials are missing or wrong.
    static func unauthorized(_ detail: String?) -> BackendProblem {
        BackendProblem(type: URI.mobileSDKUnauthorized, title: "Unauthorized", status: 401, detail: detail)
    }

    /// `mobilesdk/badrequest` (400 unless said otherwise — 405, 409, 413, 415, 422 or 431, titled with
    /// their reason phrases): the request is wrong; `problems` names each bad field.
    static func badRequest(
        _ detail: String, status: Int = 400, problems: [(name: String, description: String)] = []
    ) -> BackendProblem {
        let title =
            switch status {
            case 405: "Method Not Allowed"
            case 409: "Conflict"
            case 413: "Payload Too Large"
            case 415: "Unsupported Media Type"
            case 422: "Unprocessable Entity"
            case 431: "Request Header Fields Too Large"
            default: "Bad Request"
            }
        return BackendProblem(
            type: URI.mobileSDKBadRequest, title: title, status: status, detail: detail, problems: problems)
    }

    /// 403 `forbidden`: a well-formed request the backend refuses by policy (a relay target that
    /// is not a payment order operation at the configured Swedbank Pay host).
    static func forbidden(_ detail: String, problems: [(name: String, description: String)] = []) -> BackendProblem {
        BackendProblem(type: URI.forbidden, title: "Forbidden", status: 403, detail: detail, problems: problems)
    }

    /// 409 `conflict`, as Swedbank Pay words it: the resource is not in a state that allows the
    /// operation.
    static func conflict(_ detail: String) -> BackendProblem {
        BackendProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.conflict), title: "Conflict", status: 409, detail: detail)
    }

    /// Seconds an app or admin client is asked to wait (`Retry-After`) before it repeats a request
    /// whose `Idempotency-Key` is still in flight: Swedbank Pay answers in 100–800 ms, so the
    /// first request has usually ended by then.
    static let inFlightRetryAfter = 1

    /// The same problem, asking the client to try again in ``inFlightRetryAfter`` seconds: the
    /// 409 of a request whose `Idempotency-Key` is still being processed.
    func stillInFlight() -> BackendProblem {
        var problem = self
        problem.retryAfterSeconds = Self.inFlightRetryAfter
        return problem
    }

    /// 404 `notfound`: no such resource, or not one of the caller's.
    static func notFound(_ detail: String) -> BackendProblem {
        BackendProblem(type: URI.notFound, title: "Not Found", status: 404, detail: detail)
    }

    /// 504 `mobilesdk/gatewaytimeout`: Swedbank Pay did not answer within the deadline.
    static func gatewayTimeout(_ detail: String) -> BackendProblem {
        BackendProblem(type: URI.mobileSDKGatewayTimeout, title: "Gateway Timeout", status: 504, detail: detail)
    }

    /// 502 `mobilesdk/badgateway` without `gatewayStatus`: Swedbank Pay could not be reached (the
    /// SDK reports `backendConnectionFailure`).
    static func connectionFailure(_ detail: String) -> BackendProblem {
        BackendProblem(type: URI.mobileSDKBadGateway, title: "Bad Gateway", status: 502, detail: detail)
    }

    /// 502 `mobilesdk/badgateway` with `gatewayStatus` and `body`: Swedbank Pay answered with
    /// something unusable (the SDK reports `invalidBackendResponse`).
    static func invalidResponse(_ detail: String, gatewayStatus: Int, body: String) -> BackendProblem {
        BackendProblem(
            type: URI.mobileSDKBadGateway, title: "Bad Gateway", status: 502, detail: detail,
            extra: ["gatewayStatus": .integer(Int64(gatewayStatus)), "body": .string(body)])
    }

    /// The admin API's problem for a capture, cancellation or reversal whose outcome is unknown
    /// (this backend's own type, not Swedbank Pay's; ``TransactionDecision``).
    static let transactionOutcomeUnknown = "https://api.payex.com/psp/errordetail/mobilesdk/transactionoutcomeunknown"

    /// 504 (no answer in time) or 502 (any other lost answer) `…/mobilesdk/transactionoutcomeunknown`
    /// with `Retry-After: 1`: the movement was sent and its answer lost, so it may have happened;
    /// the same request with the same `Idempotency-Key` finds out at Swedbank Pay and answers the
    /// outcome. `transaction` and `idempotencyKey` name it; `cause` says what was lost.
    static func outcomeUnknown(_ transaction: StoredTransaction, cause: BackendProblem) -> BackendProblem {
        var problem = BackendProblem(
            type: transactionOutcomeUnknown, title: "Transaction Outcome Unknown",
            status: cause.status == 504 ? 504 : 502,
            detail:
                "The \(transaction.kind.rawValue) was sent to Swedbank Pay and its answer lost, so it may have happened (\(Self.clause(cause))). Repeat the request with the same Idempotency-Key to learn its outcome; it is not sent twice.",
            extra: Self.naming(transaction))
        problem.retryAfterSeconds = inFlightRetryAfter
        return problem
    }

    /// 409 `…/mobilesdk/transactionoutcomeunknown`: a new capture, cancellation or reversal is
    /// refused while `blocker`, another transaction of the order, has an unknown outcome — moving
    /// money again before knowing whether it moved could move it twice. No `Retry-After`: waiting
    /// does not resolve it, repeating `blocker`'s request with its key does.
    static func outcomeUnknown(blockedBy blocker: StoredTransaction) -> BackendProblem {
        BackendProblem(
            type: transactionOutcomeUnknown, title: "Conflict", status: 409,
            detail:
                "The outcome of \(blocker.kind.rawValue) \(blocker.id) of this payment order is unknown. Repeat that request with its Idempotency-Key first; no other transaction of the order is made until it is resolved.",
            extra: Self.naming(blocker))
    }

    /// `problem`'s detail (else its title) without a closing full stop, to stand in parentheses.
    private static func clause(_ problem: BackendProblem) -> String {
        let text = problem.detail ?? problem.title
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    private static func naming(_ transaction: StoredTransaction) -> SwedbankPaySDK.JSONObject {
        var members: SwedbankPaySDK.JSONObject = ["transaction": .string(transaction.id)]
        if let key = transaction.idempotencyKey { members["idempotencyKey"] = .string(key) }
        return members
    }

    /// 500 without a type: a fault of the backend itself (never caused by input).
    static func internalError() -> BackendProblem {
        BackendProblem(
            type: URI.aboutBlank, title: "Internal Server Error", status: 500,
            detail: "The backend failed; the failure is logged.")
    }
}
