#if canImport(PassKit) && canImport(UIKit)
    import Foundation
    import PassKit

    extension SwedbankPaySDK {
        /// Shows the Apple Pay sheet with `PKPaymentAuthorizationController`: the session's
        /// ``WalletAuthorizer`` on iOS.
        public struct PassKitWalletAuthorizer: WalletAuthorizer {
            /// Creates the authorizer; it holds nothing until a sheet is shown.
            public init() {}

            /// Shows the Apple Pay sheet for `request`, passes the authorized token to `submit` and
            /// ends with the sheet's outcome.
            @MainActor
            public func authorize(
                _ request: WalletPaymentRequest, submit: @escaping @Sendable (Data) async -> Bool
            ) async -> WalletAuthorizationOutcome {
                let controller = PKPaymentAuthorizationController(paymentRequest: Self.paymentRequest(request))
                let coordinator = PassKitSheetCoordinator(submit: submit)
                controller.delegate = coordinator
                let outcome = await withCheckedContinuation { continuation in
                    coordinator.finish = { continuation.resume(returning: $0) }
                    // The completion is `@Sendable` and not main-actor isolated in the SDK.
                    controller.present { presented in
                        guard !presented else { return }
                        Task { @MainActor in coordinator.complete(.failed("The Apple Pay sheet could not be shown.")) }
                    }
                }
                // PassKit holds its delegate weakly: both must live until the sheet has ended.
                withExtendedLifetime((controller, coordinator)) {}
                return outcome
            }

            /// The PassKit request for the session's `wallet-sdk` task, as `WalletSheetPlan`
            /// decides it.
            static func paymentRequest(_ request: WalletPaymentRequest) -> PKPaymentRequest {
                let plan = WalletSheetPlan(request)
                let payment = PKPaymentRequest()
                payment.merchantIdentifier = plan.merchantIdentifier
                if let countryCode = plan.countryCode { payment.countryCode = countryCode }
                if let currencyCode = plan.currencyCode { payment.currencyCode = currencyCode }
                var capabilities: PKMerchantCapability = []
                for capability in plan.capabilities {
                    switch capability {
                    case .threeDS: capabilities.insert(.capability3DS)
                    case .debit: capabilities.insert(.capabilityDebit)
                    case .credit: capabilities.insert(.capabilityCredit)
                    }
                }
                payment.merchantCapabilities = capabilities
                payment.supportedNetworks = plan.networks.compactMap { networks[$0] }
                if let countries = plan.supportedCountries { payment.supportedCountries = countries }
                payment.requiredShippingContactFields = Set(
                    plan.requiredShippingContactFields.map { PKContactField(rawValue: $0) })
                if let total = plan.total {
                    payment.paymentSummaryItems = [
                        PKPaymentSummaryItem(label: total.label, amount: NSDecimalNumber(decimal: total.amount), type: .final)
                    ]
                }
                return payment
            }

            /// What this device's Apple Pay can pay with, by PassKit's checks: at all, with each
            /// network Apple Pay knows, and with each capability on any of them.
            @MainActor
            public var device: SwedbankPaySDK.WalletDevice {
                let all = SwedbankPaySDK.WalletDevice.knownNetworks.compactMap { Self.networks[$0] }
                let usable = SwedbankPaySDK.WalletDevice.knownNetworks.filter { name in
                    Self.networks[name].map { PKPaymentAuthorizationController.canMakePayments(usingNetworks: [$0]) }
                        ?? false
                }
                let capabilities: [(String, PKMerchantCapability)] = [
                    (WalletSheetPlan.Capability.threeDS.rawValue, .capability3DS),
                    (WalletSheetPlan.Capability.debit.rawValue, .capabilityDebit),
                    (WalletSheetPlan.Capability.credit.rawValue, .capabilityCredit),
                ]
                let supported = capabilities.filter {
                    PKPaymentAuthorizationController.canMakePayments(usingNetworks: all, capabilities: $0.1)
                }
                return SwedbankPaySDK.WalletDevice(
                    canMakePayments: PKPaymentAuthorizationController.canMakePayments(), networks: Set(usable),
                    capabilities: Set(supported.map(\.0)))
            }

            private static let networks: [String: PKPaymentNetwork] = [
                "amex": .amex, "cartebancaires": .cartesBancaires, "chinaunionpay": .chinaUnionPay,
                "discover": .discover, "interac": .interac, "id": .idCredit, "jcb": .JCB, "mastercard": .masterCard,
                "quicpay": .quicPay, "suica": .suica, "visa": .visa,
            ]
        }
    }

    /// Runs one Apple Pay sheet: hands the authorized token to the session and ends once.
    @MainActor
    final class PassKitSheetCoordinator: NSObject {
        private let submit: @Sendable (Data) async -> Bool
        private var submitted = false
        var finish: ((SwedbankPaySDK.WalletAuthorizationOutcome) -> Void)?

        init(submit: @escaping @Sendable (Data) async -> Bool) {
            self.submit = submit
        }

        func complete(_ outcome: SwedbankPaySDK.WalletAuthorizationOutcome) {
            let finish = finish
            self.finish = nil
            finish?(outcome)
        }
    }

    // Since the iOS 18 SDK the delegate's methods are main-actor isolated, as this class is: the
    // conformance needs no `@preconcurrency` (it would warn that it has no effect).
    extension PassKitSheetCoordinator: PKPaymentAuthorizationControllerDelegate {
        func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
            handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
        ) {
            submitted = true
            let data = payment.token.paymentData
            let submit = submit
            Task { @MainActor in
                let paid = await submit(data)
                completion(PKPaymentAuthorizationResult(status: paid ? .success : .failure, errors: nil))
            }
        }

        func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
            controller.dismiss()
            complete(submitted ? .submitted : .cancelled)
        }
    }
#endif
