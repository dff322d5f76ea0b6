import Foundation

/// The session's event log (beacons to the `event-logging` href): what the SDK was asked, what it
/// told the app, and each HTTP try, queued until the href is known.
///
/// Unlike the reference, no beacon carries a full MSISDN, payment token or card number: they are
/// masked (``mask(msisdn:)``, ``mask(token:)``, ``mask(pan:)``).
struct EventLog: Sendable {
    let device: SwedbankPaySDK.PaymentSessionDeviceInfo
    private(set) var endpoint: URL?
    private var queued: [SwedbankPaySDK.JSONValue] = []
    /// At most this many beacons wait; older ones are dropped first.
    static let maxQueued = 200

    /// The wall time a beacon is stamped with (the environment's ``SwedbankPaySDK/PaymentSessionEnvironment/wallTime``).
    let wallTime: @Sendable () -> Date

    init(device: SwedbankPaySDK.PaymentSessionDeviceInfo, wallTime: @escaping @Sendable () -> Date) {
        self.wallTime = wallTime
        self.device = device
    }

    /// A new session: its beacons go to its own href, once known.
    mutating func reset() {
        endpoint = nil
        queued = []
    }

    /// Takes the href of a model's `event-logging`.
    mutating func use(_ model: SessionModel) {
        if let href = model.topLevel(SessionRel.eventLogging)?.href, let url = URL(string: href) {
            endpoint = url
        }
    }

    mutating func enqueue(_ beacon: SwedbankPaySDK.JSONValue) {
        queued.append(beacon)
        if queued.count > Self.maxQueued { queued.removeFirst(queued.count - Self.maxQueued) }
    }

    mutating func takeQueued() -> [SwedbankPaySDK.JSONValue] {
        defer { queued = [] }
        return queued
    }

    // MARK: Beacons

    func method(_ name: String, succeeded: Bool, values: SwedbankPaySDK.JSONObject) -> SwedbankPaySDK.JSONValue {
        beacon("SDKMethodInvoked", extra: ["method": invocation(name, succeeded: succeeded)], values: values)
    }

    func callback(_ event: SwedbankPaySDK.PaymentSessionEvent, succeeded: Bool) -> SwedbankPaySDK.JSONValue {
        var values: SwedbankPaySDK.JSONObject = [:]
        switch event {
        case .paymentSessionFetched(let instruments):
            values["instruments"] = .string(instruments.map(\.paymentMethod).joined(separator: ";"))
        case .sessionProblemOccurred(let problem):
            values["problemTitle"] = problem.title.map { .string($0) } ?? .null
            values["problemStatus"] = .string(String(problem.status ?? 0))
            values["problemDetail"] = problem.detail.map { .string($0) } ?? .null
        case .sdkProblemOccurred(let problem):
            values["problem"] = .string(problem.name)
            if let error = problem.error { values["errorDescription"] = .string(String(describing: error)) }
        default:
            break
        }
        return beacon(
            "SDKCallbackInvoked", extra: ["method": invocation(event.name, succeeded: succeeded)], values: values)
    }

    func event(_ action: String, values: SwedbankPaySDK.JSONObject) -> SwedbankPaySDK.JSONValue {
        beacon(action, extra: [:], values: values)
    }

    func httpRequest(
        _ request: SessionRequest, status: Int?, seconds: TimeInterval, error: SwedbankPaySDK.TransportError?
    ) -> SwedbankPaySDK.JSONValue {
        var http: SwedbankPaySDK.JSONObject = ["requestUrl": .string(request.href), "method": .string(request.method)]
        if let status { http["responseStatusCode"] = .integer(Int64(status)) }
        let values: SwedbankPaySDK.JSONObject =
            error.map { ["errorDescription": .string(String(describing: $0))] } ?? [:]
        return beacon(
            "HttpRequest", extra: ["http": .object(http)], values: values,
            duration: Int64((max(0, seconds) * 1000).rounded()))
    }

    /// The values of `makePaymentAttempt`, masked.
    static func attemptValues(_ instrument: SwedbankPaySDK.PaymentAttemptInstrument) -> SwedbankPaySDK.JSONObject {
        var values: SwedbankPaySDK.JSONObject = ["instrument": .string(instrument.paymentMethod)]
        switch instrument {
        case .swish(let msisdn):
            values["msisdn"] = msisdn.map { .string(mask(msisdn: $0)) } ?? .null
        case .creditCard(let prefill):
            values["paymentToken"] = .string(mask(token: prefill.paymentToken))
            values["cardNumber"] = .string(mask(pan: prefill.maskedPan))
            values["cardExpiryMonth"] = .string(prefill.expiryMonth)
            values["cardExpiryYear"] = .string(prefill.expiryYear)
        case .newCreditCard(let consent):
            values["showConsentAffirmation"] = .string(consent ? "true" : "false")
        case .applePay:
            break
        }
        return values
    }

    /// `+46739000001` → `+467******01`: the country code's start and the last two digits.
    static func mask(msisdn: String) -> String {
        let characters = Array(msisdn)
        guard characters.count > 6 else { return String(repeating: "*", count: characters.count) }
        return String(characters.prefix(4)) + String(repeating: "*", count: characters.count - 6)
            + String(characters.suffix(2))
    }

    /// The last four characters only.
    static func mask(token: String) -> String {
        "****" + String(token.suffix(4))
    }

    /// Only the last four digits of a card number (the session's masked PAN shows the first six).
    static func mask(pan: String) -> String {
        let characters = Array(pan)
        guard characters.count > 4 else { return String(repeating: "*", count: characters.count) }
        return String(repeating: "*", count: characters.count - 4) + String(characters.suffix(4))
    }

    // MARK: Shape

    private func invocation(_ name: String, succeeded: Bool) -> SwedbankPaySDK.JSONValue {
        .object(["name": .string(name), "sdk": .string("true"), "succeeded": .bool(succeeded)])
    }

    private func beacon(
        _ action: String, extra: SwedbankPaySDK.JSONObject, values: SwedbankPaySDK.JSONObject, duration: Int64? = nil
    ) -> SwedbankPaySDK.JSONValue {
        var event: SwedbankPaySDK.JSONObject = [
            "created": .string(Self.timestamp(wallTime())), "action": .string(action),
        ]
        if let duration { event["duration"] = .integer(duration) }
        var beacon: SwedbankPaySDK.JSONObject = [
            "type": .string("ClientEvent"),
            "client": .object(device.client(clientType: false)),
            "service": .object([
                "name": .string("SwedbankPaySDK-iOS"),
                "version": .string(SwedbankPaySDK.VersionReporter.currentVersion),
            ]),
            "event": .object(event),
        ]
        beacon.merge(extra) { _, new in new }
        if !values.isEmpty { beacon["extensions"] = .object(["values": .object(values)]) }
        return .object(beacon)
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSS` with the zone offset (`+02:00`, `Z`), in the device's zone.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
        return formatter.string(from: date)
    }
}
