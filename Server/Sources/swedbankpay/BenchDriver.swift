import AsyncHTTPClient
import Foundation
import NIOCore

/// Drives a sandbox over HTTP for `bench sandbox`: many connections creating payment orders, and
/// orders whose payment session is opened the way the SDK opens it (GET, then prepare-payment).
struct BenchDriver: Sendable {
    let client: HTTPClient
    let base: String
    let token: String
    /// Put before every payee reference, so runs against a sandbox that outlives them do not reuse one.
    var referencePrefix = ""

    /// A bound on each connection's loop, whatever the clock says.
    static let maxRequestsPerConnection = 5_000_000

    /// `POST /psp/paymentorders` on `connections` connections for `seconds`.
    func createOrders(seconds: Double, connections: Int) async throws -> BenchThroughput {
        let (base, token, prefix) = (base, token, referencePrefix)
        return try await BenchLoad.run(origin: base, seconds: seconds, connections: connections) { worker, index in
            BenchRequest(
                .POST, "/psp/paymentorders",
                headers: ["Accept": "application/json", "Authorization": "Bearer \(token)"],
                body: SampleOrder.json(payeeReference: "\(prefix)t\(worker)n\(index)"))
        }
    }

    /// Opens `count` payment sessions after a warm-up, reading resident memory around them.
    func openSessions(count: Int, connections: Int) async throws -> BenchMemory {
        // Warm up first so connection pools, buffers and caches are not counted as session memory.
        _ = try await openBatch(prefix: "w", count: min(1_000, count), connections: connections)
        let before = ProcessMemory.residentBytes()
        let start = ContinuousClock.now
        let result = try await openBatch(prefix: "m", count: count, connections: connections)
        let after = ProcessMemory.residentBytes()
        return BenchMemory(
            count: result.created, failed: result.failed, firstFailure: result.firstFailure,
            sessionsOpened: result.sessionsOpened == result.created && result.created > 0,
            residentBefore: before, residentAfter: after, elapsed: Self.seconds(since: start))
    }

    private func openBatch(prefix: String, count: Int, connections: Int) async throws -> BenchThroughput {
        try await withThrowingTaskGroup(of: BenchThroughput.self) { group in
            for worker in 0..<min(connections, max(count, 1)) {
                group.addTask {
                    var result = BenchThroughput()
                    for index in stride(from: worker, to: count, by: connections) {
                        let (status, body) = try await createOrder(reference: "\(prefix)\(index)")
                        guard status == 200 || status == 201 else {
                            result.fail("\(status) \(String(buffer: body).prefix(300))")
                            continue
                        }
                        result.created += 1
                        if try await openSession(order: body, result: &result) { result.sessionsOpened += 1 }
                    }
                    return result
                }
            }
            var total = BenchThroughput()
            for try await result in group { total.merge(result) }
            return total
        }
    }

    /// GET the order's `view-paymentsession`, then its `prepare-payment`; false when the order
    /// has no session operation (the session API is not there).
    private func openSession(order: ByteBuffer, result: inout BenchThroughput) async throws -> Bool {
        guard let session = Self.operation("view-paymentsession", in: order) else { return false }
        let (status, body) = try await send("GET", session.href, body: nil, merchant: false)
        guard status == 200, let prepare = Self.operation("prepare-payment", in: body) else {
            result.fail("GET session: \(status) \(String(buffer: body).prefix(300))")
            return false
        }
        let (prepared, preparedBody) = try await send(
            prepare.method, prepare.href, body: Self.prepareBody, merchant: false)
        guard prepared == 200 else {
            result.fail("prepare-payment: \(prepared) \(String(buffer: preparedBody).prefix(300))")
            return false
        }
        return true
    }

    private func createOrder(reference: String) async throws -> (Int, ByteBuffer) {
        try await send(
            "POST", base + "/psp/paymentorders", body: SampleOrder.json(payeeReference: reference), merchant: true)
    }

    private func send(_ method: String, _ url: String, body: String?, merchant: Bool) async throws -> (Int, ByteBuffer)
    {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Content-Type", value: "application/json")
        if merchant { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 4 * 1_024 * 1_024)
        return (Int(response.status.code), bytes)
    }

    /// The `method` and `href` of the operation `rel` in a JSON body's `operations`.
    private static func operation(_ rel: String, in body: ByteBuffer) -> (method: String, href: String)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let operations = object["operations"] as? [[String: Any]],
            let operation = operations.first(where: { $0["rel"] as? String == rel }),
            let href = operation["href"] as? String
        else { return nil }
        return ((operation["method"] as? String) ?? "GET", href)
    }

    /// The iOS SDK's prepare-payment body.
    static let prepareBody = """
        {"integration":"App","deviceAcceptedWallets":"ApplePay;ClickToPay",\
        "client":{"userAgent":"SwedbankPaySDK-iOS/5.0.2","screenHeight":"2532","screenWidth":"1170","screenColorDepth":"24"},\
        "browser":{"acceptHeader":"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8","timeZoneOffset":"120",\
        "javascriptEnabled":true,"language":"sv-SE"},"service":{"name":"SwedbankPaySDK-iOS","version":"5.0.2"},\
        "presentationSdk":{"name":"iOS","version":"5.0.2"}}
        """

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        seconds(since: start) * 1_000
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
