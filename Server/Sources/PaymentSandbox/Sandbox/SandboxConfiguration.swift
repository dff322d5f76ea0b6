#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// How a ``PaymentSandbox`` behaves. Every limit is explicit; the defaults suit tests and a
/// developer machine.
public struct SandboxConfiguration: Sendable {
    /// Bearer tokens merchants may call the API with. A call without one of them gets 401.
    public var merchantTokens: Set<String>
    /// The payee id the sandbox's merchant owns; payment orders for another payee get 403.
    /// nil accepts any payee id.
    public var payeeId: String?
    /// The largest request body accepted, in bytes; larger ones get 413.
    public var maxRequestBodyBytes: Int
    /// The most payment orders kept; the least recently used is forgotten first.
    public var maxPaymentOrders: Int
    /// The most payment sessions kept (one per payment order that was opened natively).
    public var maxPaymentSessions: Int
    /// The most consumer sessions kept.
    public var maxConsumerSessions: Int
    /// Seconds a payment order, session or consumer session is kept after its last use.
    public var resourceLifetime: TimeInterval
    /// The most entries of the request log, the event log and the callback log.
    public var maxLogEntries: Int
    /// The most bytes each store holds by its own account (``SandboxStoreBudgets``): 256 MiB for
    /// all together unless set otherwise. Whichever of a store's count and bytes is reached first
    /// applies.
    public var storeBudgets = SandboxStoreBudgets()
    /// Makes ids and tokens deterministic: the same seed and the same calls give the same ids.
    /// nil draws them at random.
    public var seed: UInt64?
    /// The absolute URL the sandbox is reached at, used in every href it returns. nil takes
    /// `http://<Host header>` of each request.
    public var publicBaseURL: URL?
    /// The absolute URL merchants' servers reach the API at, used instead of ``publicBaseURL`` in
    /// the hrefs of API resources (under `/psp/`, except the payment-session API), as the real
    /// service gives those on its `api.…` host and its pages on `ecom.…`. For a sandbox that
    /// backends and payers reach at different addresses (containers and a published port). nil
    /// uses the public URL for every href.
    public var apiBaseURL: URL?
    /// Seconds after which a Swish payment started for another device (with an MSISDN) is
    /// approved by itself, as if the payer approved it on their phone. nil waits for the control
    /// API.
    public var swishOtherDeviceApprovalDelay: TimeInterval?
    /// Seconds after which a Swish payment started in a web page (the Redirect page or the
    /// Seamless View) approves itself. nil, the default, leaves it to the payer's Approve or
    /// Decline on the page (or the control API), as a real payer's phone would.
    public var swishWebApprovalDelay: TimeInterval?
    /// Delays (seconds after the first attempt) at which a failed callback to the merchant is
    /// tried again.
    public var callbackRetryDelays: [TimeInterval]
    /// Seconds a callback POST to the merchant may take.
    public var callbackTimeout: TimeInterval
    /// The token every control request (`/sandbox/requests`, `/sandbox/faults`, `/sandbox/reset`,
    /// `/sandbox/paymentorders`, ...) must carry as `Authorization: Bearer <token>`. nil needs
    /// none, which only a sandbox on a loopback address may do (``ControlBinding``).
    public var controlToken: String?
    /// Whether to refuse what the real service takes although its documentation says otherwise
    /// (``RealServiceLeniency``: a payee reference sent as a number), instead of taking it with a
    /// warning in the request log. For CI runs that must catch such requests.
    public var strict: Bool
    /// How two payer references are found to name one payer (``PayerReferenceMatching``).
    public var payerReferenceMatching: PayerReferenceMatching
    /// The certificate the sandbox serves HTTPS with; nil serves plain HTTP. With one, every
    /// href it builds from a request's `Host` is `https`, and its callbacks to the merchant trust
    /// the identity's ``TLSIdentity/trustAnchors`` beside the system's roots (`serve --https`
    /// calls back its own backend, which presents the same certificate).
    public var tls: TLSIdentity?

    /// `https` when the sandbox serves TLS, else `http`.
    public var scheme: String { tls == nil ? "http" : "https" }

    public init(
        merchantTokens: Set<String> = ["sandbox-merchant-token"],
        payeeId: String? = nil,
        maxRequestBodyBytes: Int = 256 * 1024,
        maxPaymentOrders: Int = 100_000,
        maxPaymentSessions: Int = 100_000,
        maxConsumerSessions: Int = 10_000,
        resourceLifetime: TimeInterval = 24 * 60 * 60,
        maxLogEntries: Int = 1_000,
        seed: UInt64? = nil,
        publicBaseURL: URL? = nil,
        apiBaseURL: URL? = nil,
        swishOtherDeviceApprovalDelay: TimeInterval? = 3,
        callbackRetryDelays: [TimeInterval] = [1, 5, 30, 60, 360],
        callbackTimeout: TimeInterval = 10,
        controlToken: String? = nil,
        strict: Bool = false,
        payerReferenceMatching: PayerReferenceMatching = .exact
    ) {
        self.merchantTokens = merchantTokens
        self.payeeId = payeeId
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.maxPaymentOrders = maxPaymentOrders
        self.maxPaymentSessions = maxPaymentSessions
        self.maxConsumerSessions = maxConsumerSessions
        self.resourceLifetime = resourceLifetime
        self.maxLogEntries = maxLogEntries
        self.seed = seed
        self.publicBaseURL = publicBaseURL
        self.apiBaseURL = apiBaseURL
        self.swishOtherDeviceApprovalDelay = swishOtherDeviceApprovalDelay
        self.callbackRetryDelays = callbackRetryDelays
        self.callbackTimeout = callbackTimeout
        self.controlToken = controlToken
        self.strict = strict
        self.payerReferenceMatching = payerReferenceMatching
    }
}
#endif
