import Foundation
import SwedbankPaySDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Changes a `URLRequest` before it is sent: the hooks of the reference SDK 5.0.3's request
/// decorator, kept so that an app's decorator written for 5.0.3 still compiles.
///
/// Every method has a default that leaves the request as it is; implement the ones you need.
/// ``SwedbankPaySDK/SwedbankPaySDK/SimpleRequestDecorator`` adds a fixed set of headers in
/// ``decorateAny(request:)``.
///
/// As in 5.0.3, ``SwedbankPaySDK/SwedbankPaySDK/MerchantBackendConfiguration`` takes no decorator, only
/// `headers`, which it adds to every request it makes (never replacing its own `Accept`,
/// `Content-Type` and `User-Agent`).
public protocol SwedbankPaySDKRequestDecorator {
    /// Called for every request, before the request-specific method.
    func decorateAny(request: inout URLRequest)

    /// Called for the request that reads the backend's top-level resources (`GET backendUrl`).
    func decorateGetTopLevelResources(request: inout URLRequest)

    /// Called for the request that starts a consumer identification session.
    func decorateInitiateConsumerSession(
        request: inout URLRequest,
        consumer: SwedbankPaySDK.Consumer,
        userData: Any?
    )

    /// Called for the request that creates a payment order.
    func decorateCreatePaymentOrder(
        request: inout URLRequest,
        paymentOrder: SwedbankPaySDK.PaymentOrder,
        userData: Any?
    )

    /// Called for the request that sets the instrument of an instrument-mode payment order.
    func decoratePaymentOrderSetInstrument(
        request: inout URLRequest,
        instrument: SwedbankPaySDK.Instrument,
        userData: Any?
    )

    /// Called for a request that expands resources of a payment order at `endpoint`.
    func decorateExpandOperation(
        request: inout URLRequest,
        operation: [SwedbankPaySDK.ExpandResource],
        endpoint: String
    )

    /// Called for a request that performs an operation of a payment order.
    func decorateOperation(
        request: inout URLRequest,
        operation: SwedbankPaySDK.OperationRelation,
        userData: Any?
    )
}

extension SwedbankPaySDKRequestDecorator {
    /// Leaves the request unchanged.
    public func decorateAny(request: inout URLRequest) {}

    /// Leaves the request unchanged.
    public func decorateGetTopLevelResources(request: inout URLRequest) {}

    /// Leaves the request unchanged.
    public func decorateInitiateConsumerSession(
        request: inout URLRequest,
        consumer: SwedbankPaySDK.Consumer,
        userData: Any?
    ) {}

    /// Leaves the request unchanged.
    public func decorateCreatePaymentOrder(
        request: inout URLRequest,
        paymentOrder: SwedbankPaySDK.PaymentOrder,
        userData: Any?
    ) {}

    /// Leaves the request unchanged.
    public func decoratePaymentOrderSetInstrument(
        request: inout URLRequest,
        instrument: SwedbankPaySDK.Instrument,
        userData: Any?
    ) {}

    /// Leaves the request unchanged.
    public func decorateExpandOperation(
        request: inout URLRequest,
        operation: [SwedbankPaySDK.ExpandResource],
        endpoint: String
    ) {}

    /// Leaves the request unchanged.
    public func decorateOperation(
        request: inout URLRequest,
        operation: SwedbankPaySDK.OperationRelation,
        userData: Any?
    ) {}
}

extension SwedbankPaySDK {
    /// A request decorator that sets a fixed set of headers on every request.
    ///
    /// ```swift
    /// var request = URLRequest(url: URL(string: "https://example.com/")!)
    /// request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    /// SwedbankPaySDK.SimpleRequestDecorator(headers: ["x-api-key": "key"]).decorateAny(request: &request)
    /// // Content-Type: application/json, x-api-key: key
    /// ```
    ///
    /// Each header replaces a field of the same name (compared case-insensitively) and leaves every
    /// other field as it was. (5.0.3's replaced all of the request's fields, dropping the JSON
    /// `Content-Type` of every request with a body.)
    public struct SimpleRequestDecorator: SwedbankPaySDKRequestDecorator, Sendable, Hashable {
        /// The headers set on every request, by field name.
        public var headers: [String: String]

        /// Creates a decorator that sets `headers` on every request.
        public init(headers: [String: String]) {
            self.headers = headers
        }

        /// Sets each of ``headers`` on `request`, in the order of their names, so that of two
        /// names differing only in case the later one in that order wins.
        public func decorateAny(request: inout URLRequest) {
            for name in headers.keys.sorted() {
                request.setValue(headers[name], forHTTPHeaderField: name)
            }
        }
    }
}
