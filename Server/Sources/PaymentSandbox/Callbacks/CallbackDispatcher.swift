#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import ServerSupport
import SwedbankPaySDK

/// Tells a merchant that a payment order changed by POSTing the v3.1 callback body to the order's
/// `urls.callbackUrl`, the way Swedbank Pay does.
///
/// Deliveries run in detached tasks, so the request that changed the order never waits for the
/// merchant. A delivery that gets no 2xx answer is retried at ``SandboxConfiguration/callbackRetryDelays``
/// (seconds after the first attempt, measured on the sandbox clock so tests drive them with a
/// manual clock). Every attempt is recorded in ``log``.
final class CallbackDispatcher: @unchecked Sendable {
    private let client: HTTPClient
    private let clock: any SwedbankPaySDK.Clock
    private let time: SandboxTime
    private let retryDelays: [TimeInterval]
    private let timeout: TimeInterval
    /// The TLS settings of callbacks over HTTPS when the sandbox serves TLS itself; nil: the
    /// client's own (the system's roots).
    private let tls: TLSConfiguration?
    /// Every delivery attempt, oldest first, bounded by ``SandboxConfiguration/maxLogEntries``.
    let log: BoundedLog<CallbackDelivery>

    // Guards `running`, `nextTask` and `isShutDown`; the tasks themselves run outside it.
    private let lock = NSLock()
    private var running: [UInt64: Task<Void, Never>] = [:]
    private var nextTask: UInt64 = 0
    private var isShutDown = false

    /// `client` defaults to the process-wide shared client, which needs no shutdown; a client
    /// passed in stays owned by the caller.
    init(configuration: SandboxConfiguration, time: SandboxTime, client: HTTPClient = .shared) {
        self.client = client
        tls = configuration.tls.flatMap { try? TLSIdentity.clientConfiguration(trusting: $0.trustAnchors) }
        clock = time.clock
        self.time = time
        retryDelays = configuration.callbackRetryDelays.sorted()
        timeout = configuration.callbackTimeout
        log = BoundedLog(
            capacity: max(1, configuration.maxLogEntries), byteBudget: configuration.storeBudgets.callbackLog,
            cost: { $0.storedBytes })
    }

    /// Call after an order's status changed (paid, aborted, failed, ...). Does nothing when the
    /// order has no `urls.callbackUrl`; otherwise starts delivering in the background and returns
    /// at once.
    func orderChanged(_ record: PaymentOrderRecord) {
        guard let url = record.order.urls.callbackUrl else { return }
        let body = Self.body(for: record)
        let orderPath = record.path
        lock.withLock {
            guard !isShutDown else { return }
            let id = nextTask
            nextTask += 1
            // Created under the lock so `finished` (which takes the lock) always finds the entry.
            running[id] = Task.detached { [self] in
                await deliver(body, to: url, about: orderPath)
                finished(id)
            }
        }
    }

    /// The number of deliveries still trying (first attempt or waiting for a retry).
    var pendingDeliveries: Int {
        lock.withLock { running.count }
    }

    /// Cancels pending deliveries and forgets the log (`POST /sandbox/reset`).
    func reset() async {
        cancelAll()
        await log.clear()
    }

    /// Cancels pending deliveries and refuses new ones; call when the sandbox stops.
    func shutdown() {
        lock.withLock { isShutDown = true }
        cancelAll()
    }

    /// The callback body: `{"orderReference"?, "paymentOrder": {"id", "instrument"?, "number"?}}`, and
    /// for v3.0 and v2 orders once paid also `payment: {id, number}` and `transaction: {id, number}`.
    /// The instrument and number are those of the paying attempt, else of the latest attempt, else
    /// (instrument mode) the order's instrument.
    static func body(for record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var paymentOrder: SwedbankPaySDK.JSONObject = ["id": .string(record.path)]
        let lastAttempt = record.history.last { $0.number != nil }
        if let instrument = (record.paid?.instrument ?? lastAttempt?.instrument)?.rawValue
            ?? record.order.instrument?.rawValue
        {
            paymentOrder["instrument"] = .string(instrument)
        }
        if let number = record.paid?.number ?? lastAttempt?.number {
            paymentOrder["number"] = .integer(number)
        }
        var body: SwedbankPaySDK.JSONObject = ["paymentOrder": .object(paymentOrder)]
        if record.callbackNamesPayment, let paid = record.paid {
            // v3.0 and v2: the instrument's payment and its latest transaction, on the instrument's API.
            let payment = "/psp/\(paid.instrument.apiSegment)/payments/\(record.id)"
            let latest = PaymentOrderSubResource.allTransactions(record).last
            let kind = latest?.kind ?? .sale
            let segment =
                [
                    .authorization: "authorizations", .sale: "sale", .capture: "captures",
                    .cancellation: "cancellations", .reversal: "reversals",
                ][kind] ?? "sale"
            body["payment"] = .object(["id": .string(payment), "number": .integer(paid.number)])
            body["transaction"] = .object([
                "id": .string(payment + "/" + segment + "/" + (latest?.guid ?? record.id)),
                "number": .integer(latest?.number ?? paid.number),
            ])
        }
        if let orderReference = record.order.payeeInfo.orderReference {
            body["orderReference"] = .string(orderReference)
        }
        return body
    }

    private func cancelAll() {
        let (tasks, idle) = lock.withLock {
            let tasks = Array(running.values)
            running = [:]
            defer { idleWaiters = [] }
            return (tasks, idleWaiters)
        }
        for task in tasks { task.cancel() }
        for waiter in idle { waiter.resume() }
    }

    private func finished(_ id: UInt64) {
        let idle = lock.withLock {
            running[id] = nil
            guard running.isEmpty else { return [CheckedContinuation<Void, Never>]() }
            defer { idleWaiters = [] }
            return idleWaiters
        }
        for waiter in idle { waiter.resume() }
    }

    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once no delivery is trying any more (at once when none is): an event to await,
    /// where a test would otherwise poll ``pendingDeliveries``.
    func idle() async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if running.isEmpty { return true }
                idleWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func deliver(_ body: SwedbankPaySDK.JSONObject, to url: URL, about orderPath: String) async {
        let data = (try? JSONResponse.encoder.encode(body)) ?? Data("{}".utf8)
        let start = clock.now
        let schedule = [0] + retryDelays
        for (index, delay) in schedule.enumerated() {
            do {
                try await clock.sleep(seconds: start + delay - clock.now)
            } catch {
                return  // cancelled by reset or shutdown
            }
            let offset = clock.now - start
            let (statusCode, failure) = await post(data, to: url)
            // A reset or shutdown during the POST: the log was cleared, so leave it clear.
            if Task.isCancelled { return }
            let delivered = statusCode.map { (200..<300).contains($0) } ?? false
            let willRetry = !delivered && index + 1 < schedule.count
            await log.append(
                CallbackDelivery(
                    paymentOrder: orderPath, url: url.absoluteString, attempt: index + 1, offset: offset,
                    sent: PSPTimestamp.format(time.date), body: .object(body), statusCode: statusCode, error: failure,
                    delivered: delivered, willRetry: willRetry))
            if delivered { return }
        }
    }

    /// Posts once; the merchant's status code, or why there is none.
    private func post(_ data: Data, to url: URL) async -> (Int?, String?) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "PaymentSandbox-Callback")
        request.tlsConfiguration = tls
        request.body = .bytes(ByteBuffer(bytes: data))
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            // The answer's body means nothing to Swedbank Pay; read a little so the connection
            // can be reused, and ignore the rest.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return (Int(response.status.code), nil)
        } catch {
            return (nil, String(describing: error))
        }
    }
}
#endif
