#if canImport(PassKit) && canImport(UIKit)
    import Foundation
    import PassKit
    import Testing

    @testable import SwedbankPaySDK

    // Apple only: the PassKit side of Apple Pay in the real framework (the Apple workflow runs these
    // in the iOS Simulator; the sheet itself needs a payer and is not shown). Type-checked on Linux
    // against the model by `scripts/check-apple-only`.

    @MainActor
    @Suite struct PassKitWalletAuthorizerTests {
        @Test func makesThePassKitRequestFromTheSessionsTask() {
            let task = SwedbankPaySDK.WalletPaymentRequest(
                merchantIdentifier: "merchant.com.example.shop", totalAmountLabel: "Example Shop",
                totalAmount: "1500.50", currencyCode: "SEK", locale: "sv-SE",
                merchantCapabilities: ["supports3DS", "supportsDebit", "supportsEMV"],
                supportedNetworks: ["visa", "masterCard", "nonesuch"], supportedCountries: ["SE", "NO"],
                requiredShippingContactFields: ["email"])
            let payment = SwedbankPaySDK.PassKitWalletAuthorizer.paymentRequest(task)
            #expect(payment.merchantIdentifier == "merchant.com.example.shop")
            #expect(payment.countryCode == "SE")
            #expect(payment.currencyCode == "SEK")
            // Capabilities and networks the SDK does not know are left out, not guessed.
            #expect(payment.merchantCapabilities == [.capability3DS, .capabilityDebit])
            #expect(payment.supportedNetworks == [.visa, .masterCard])
            #expect(payment.supportedCountries == ["SE", "NO"])
            #expect(payment.requiredShippingContactFields == [PKContactField(rawValue: "email")])
            #expect(payment.paymentSummaryItems.map(\.label) == ["Example Shop"])
            #expect(payment.paymentSummaryItems.map(\.amount) == [NSDecimalNumber(string: "1500.50")])
            #expect(payment.paymentSummaryItems.map(\.type) == [.final])
        }

        @Test func readsTheDevicesWalletWithPassKitsOwnNames() {
            let device = SwedbankPaySDK.PassKitWalletAuthorizer().device
            // Whatever this Simulator's wallet holds, only names the session knows come back.
            #expect(device.networks.isSubset(of: Set(SwedbankPaySDK.WalletDevice.knownNetworks)))
            #expect(device.capabilities.isSubset(of: ["supports3DS", "supportsDebit", "supportsCredit"]))
            #expect(device.canMakePayments == PKPaymentAuthorizationController.canMakePayments())
        }
    }
#endif
