import Foundation

extension SwedbankPaySDK {
    /// A ``SwedbankPaySDK/WalletAuthorizer`` standing in for the Apple Pay sheet, for paying
    /// against the Payment Sandbox where there is no Apple Pay (Linux, CI, the `swedbankpay demo
    /// native` command): it records each request and answers as told, authorizing with a token in
    /// the sandbox's simulated format (base64 of `{"version": "EC_v1", "data", "signature",
    /// "header": {..., "transactionId"}}` once the SDK encodes it). Never use it against the real
    /// Swedbank Pay: it has no Apple Pay token to give.
    @MainActor
    public final class SimulatedWallet: WalletAuthorizer {
        /// What the payer does with the sheet.
        public enum Behaviour: Sendable, Hashable {
            /// Authorizes; `data` is the token's `data` (`"DECLINE"` makes the sandbox decline).
            case authorize(data: String)
            /// Closes the sheet.
            case cancel
            /// The sheet fails with this description.
            case fail(String)
        }

        /// What the payer does with the next sheet.
        public var behaviour: Behaviour
        /// Every request shown, in order.
        public private(set) var requests: [SwedbankPaySDK.WalletPaymentRequest] = [] {
            didSet { onRecord?() }
        }
        /// What each `submit` returned (the sheet's success or failure), in order.
        public private(set) var submitResults: [Bool] = [] {
            didSet { onRecord?() }
        }
        /// Called after each request or result is recorded: a test awaits that instead of polling.
        public var onRecord: (@MainActor () -> Void)?

        /// A wallet whose payer does what `behaviour` says.
        public init(behaviour: Behaviour = .authorize(data: "simulated")) {
            self.behaviour = behaviour
        }

        /// The payment data of a simulated token (what PassKit's `PKPaymentToken.paymentData` holds).
        public nonisolated static func paymentData(data: String, transactionId: String = "simulated-transaction")
            -> Data
        {
            let token: SwedbankPaySDK.JSONValue = .object([
                "version": .string("EC_v1"), "data": .string(data), "signature": .string("simulated-signature"),
                "header": .object([
                    "ephemeralPublicKey": .string("simulated-key"), "publicKeyHash": .string("simulated-hash"),
                    "transactionId": .string(transactionId),
                ]),
            ])
            return token.serialized()
        }

        public func authorize(
            _ request: SwedbankPaySDK.WalletPaymentRequest, submit: @escaping @Sendable (Data) async -> Bool
        ) async -> SwedbankPaySDK.WalletAuthorizationOutcome {
            requests.append(request)
            switch behaviour {
            case .authorize(let data):
                submitResults.append(await submit(Self.paymentData(data: data)))
                return .submitted
            case .cancel:
                return .cancelled
            case .fail(let description):
                return .failed(description)
            }
        }
    }
}
