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
                let coordinator = PassKitSheetCoordinator(sheet: WalletSheetRun(submit: submit))
                controller.delegate = coordinator
                let outcome = await coordinator.sheet.run {
                    // The completion is `@Sendable` and not main-actor isolated in the SDK.
                    controller.present { presented in
                        guard !presented else { return }
                        Task { @MainActor in coordinator.sheet.complete(WalletSheetRun.notShown) }
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
                payment.merchantCapabilities = PKMerchantCapability(plan.capabilities.map(\.passKit))
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
                .probing(
                    Self.networks, canMakePayments: PKPaymentAuthorizationController.canMakePayments(),
                    canPay: { PKPaymentAuthorizationController.canMakePayments(usingNetworks: $0) },
                    canPayWith: {
                        PKPaymentAuthorizationController.canMakePayments(usingNetworks: $0, capabilities: $1.passKit)
                    })
            }

            private static let networks: [String: PKPaymentNetwork] = [
                "amex": .amex, "cartebancaires": .cartesBancaires, "chinaunionpay": .chinaUnionPay,
                "discover": .discover, "interac": .interac, "id": .idCredit, "jcb": .JCB, "mastercard": .masterCard,
                "quicpay": .quicPay, "suica": .suica, "visa": .visa,
            ]
        }
    }

    extension SwedbankPaySDK.WalletSheetPlan.Capability {
        var passKit: PKMerchantCapability {
            switch self {
            case .threeDS: .capability3DS
            case .debit: .capabilityDebit
            case .credit: .capabilityCredit
            }
        }
    }

    /// PassKit's delegate for one Apple Pay sheet; `WalletSheetRun` decides how it ends.
    @MainActor
    final class PassKitSheetCoordinator: NSObject {
        let sheet: SwedbankPaySDK.WalletSheetRun

        init(sheet: SwedbankPaySDK.WalletSheetRun) {
            self.sheet = sheet
        }
    }

    // Since the iOS 18 SDK the delegate's methods are main-actor isolated, as this class is: the
    // conformance needs no `@preconcurrency` (it would warn that it has no effect).
    extension PassKitSheetCoordinator: PKPaymentAuthorizationControllerDelegate {
        func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
            handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
        ) {
            let submit = sheet.authorized()
            let data = payment.token.paymentData
            Task { @MainActor in
                let paid = await submit(data)
                completion(PKPaymentAuthorizationResult(status: paid ? .success : .failure, errors: nil))
            }
        }

        func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
            controller.dismiss()
            sheet.finished()
        }
    }
#endif
