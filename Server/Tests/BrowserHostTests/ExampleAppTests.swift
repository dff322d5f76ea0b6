import BrowserHost
import ExampleCore
import Foundation
import PaymentSandbox
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import Testing

/// The example app's logic (`Examples/SwedbankPayExample.swiftpm`, `ExampleCore`) paying through
/// the real Merchant Backend and Payment Sandbox on loopback, with the payment menu in Chromium:
/// what its SwiftUI views do, done by the test — the web flow through the same
/// `WebPaymentPresentation` the SDK's SwiftUI sheet makes.
@MainActor
@Suite(.serialized) struct ExampleAppTests {
    static let user = "example-shop-user"

    func model(_ world: WebPaymentWorld, swishNumber: String = "") -> CheckoutModel {
        CheckoutModel(
            settings: ExampleSettings(
                backendURL: world.backendURL, apiKey: WebPaymentWorld.apiKey, user: Self.user,
                swishNumber: swishNumber),
            sessionEnvironment: {
                SwedbankPaySDK.PaymentSessionEnvironment(
                    httpClient: SwedbankPaySDK.URLSessionHTTPClient(), appLauncher: world.launcher,
                    walletAuthorizer: SwedbankPaySDK.SimulatedWallet(behaviour: .cancel), webViewHost: world.host)
            })
    }

    /// What the SwiftUI sheet does when the model sets `isPresentingWebPayment`.
    func presentWebPayment(
        _ model: CheckoutModel, _ world: WebPaymentWorld
    ) async throws -> (SwedbankPaySDK.WebPaymentPresentation, DelegateRecorder) {
        #expect(model.isPresentingWebPayment)
        let configuration = model.webPaymentConfiguration
        let presentation = SwedbankPaySDK.WebPaymentPresentation(
            configuration: configuration, paymentOrder: model.paymentOrder(configuration), webViewHost: world.host,
            appLauncher: world.launcher)
        let recorder = DelegateRecorder()
        presentation.observer = recorder
        presentation.start()
        try await recorder.wait(for: "paymentOrderDidShow")
        return (presentation, recorder)
    }

    @Test func theCartIsPaidInThePaymentMenuAndTheBackendConfirmsIt() async throws {
        try await WebPaymentWorld.run { world in
            let model = model(world)
            model.cart.add(Product.catalogue[0])
            model.cart.add(Product.catalogue[0])
            model.cart.add(Product.catalogue[1])
            #expect(model.statusText == "Total 457.00 SEK.")
            model.payOnWeb()
            #expect(model.phase == .payingOnWeb)
            #expect(!model.canPay)

            let (presentation, _) = try await presentWebPayment(model, world)
            let info = presentation.controller.currentPaymentOrder
            try await HostedViewCheckoutBrowserTests.payByCard("4925 0000 0000 0004", world.sdkPage(), world.menu(info))
            let result = await presentation.result()
            #expect("\(result)" == "complete")
            await model.webPaymentEnded(result)

            #expect(model.phase == .paid(amount: 45_700))
            #expect(model.statusText == "Paid 457.00 SEK. Thank you!")
            #expect(!model.isPresentingWebPayment)
            #expect(model.cart.isEmpty)
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    @Test func aPaymentMenuSwipedAwayIsAbortedAndTheCartKept() async throws {
        try await WebPaymentWorld.run { world in
            let model = model(world)
            model.cart.add(Product.catalogue[2])
            model.payOnWeb()
            let (presentation, _) = try await presentWebPayment(model, world)
            let info = presentation.controller.currentPaymentOrder
            presentation.dismissedByPayer()
            await model.webPaymentEnded(await presentation.result())
            #expect(model.phase == .notPaid("The payment was canceled."))
            #expect(model.cart.total == 49_900)
            #expect(model.canPay)
            #expect(try await world.statusAtSwedbankPay(info) == "Aborted")
        }
    }

    @Test func theCartIsPaidNativelyWithSwishOnAnotherPhone() async throws {
        try await WebPaymentWorld.run(sandbox: { $0.swishOtherDeviceApprovalDelay = 0.2 }) { world in
            let model = model(world, swishNumber: "+46739000001")
            model.cart.add(Product.catalogue[1])
            await model.startNativePayment()
            #expect(model.phase == .choosingInstrument)
            // The sandbox's payers have two saved cards; its sessions offer Apple Pay, which the
            // simulated device can pay with.
            #expect(
                model.nativeChoices.map(\.title) == [
                    "Visa 0004, expires 12/35", "MasterCard 3406, expires 12/35", "New card", "Swish",
                    "Swish on +46739000001", "Apple Pay",
                ])
            let other = try #require(model.nativeChoices.first { $0.id == "swish-other" })
            await model.payNatively(with: other.instrument)
            #expect(model.phase == .paid(amount: 19_900))
            #expect(model.cart.isEmpty)
        }
    }

    @Test func aNativePaymentTheShopperCancelsIsNotPaid() async throws {
        try await WebPaymentWorld.run { world in
            let model = model(world)
            model.cart.add(Product.catalogue[0])
            await model.startNativePayment()
            #expect(model.phase == .choosingInstrument)
            await model.cancelNativePayment()
            #expect(model.phase == .notPaid("The payment was canceled."))
            #expect(model.cart.total == 12_900)
        }
    }

    /// What the native checkout's sheet does when the payer swipes down the web menu the session
    /// fell back to: its binding sets `isPresentingNativeView` false, and the payment is aborted.
    @Test func aNativeSheetSwipedDownAbortsThePaymentAndKeepsTheCart() async throws {
        try await WebPaymentWorld.run { world in
            let model = model(world)
            model.cart.add(Product.catalogue[0])
            await model.startNativePayment()
            let newCard = try #require(model.nativeChoices.first { $0.id == "new-card" })
            await model.payNatively(with: newCard.instrument)
            #expect(model.phase == .payingNatively)
            #expect(model.isPresentingNativeView)

            // Setting it true changes nothing: only the session shows views.
            model.isPresentingNativeView = true
            #expect(model.nativeViewDismissal == nil)
            model.isPresentingNativeView = false
            #expect(model.nativeView == nil)
            #expect(!model.isPresentingNativeView)
            let abort = try #require(model.nativeViewDismissal)
            await abort.value
            #expect(model.phase == .notPaid("The payment was canceled."))
            #expect(model.cart.total == 12_900)
            #expect(model.canPay)
        }
    }

    /// The app's Info.plist content and entitlements (`Config/`) declare the URL scheme and the
    /// Apple Pay merchant identifier its code uses: a scheme the app does not register never
    /// brings the payer back, and a merchant id it is not entitled to cannot start Apple Pay.
    @Test func theAppDeclaresTheSchemeAndMerchantIdentifierItsCodeUses() throws {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Examples/SwedbankPayExample.swiftpm/Config").standardized
        func plist(_ name: String) throws -> [String: Any] {
            let data = try Data(contentsOf: config.appendingPathComponent(name))
            return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        }
        let info = try plist("AdditionalInfo.plist")
        let urlTypes = try #require(info["CFBundleURLTypes"] as? [[String: Any]])
        #expect(urlTypes.count == 1)
        #expect(urlTypes.first?["CFBundleURLSchemes"] as? [String] == [ExampleSettings.callbackScheme])
        let ats = try #require(info["NSAppTransportSecurity"] as? [String: Any])
        #expect(ats.keys.sorted() == ["NSAllowsLocalNetworking"])
        #expect(ats["NSAllowsLocalNetworking"] as? Bool == true)

        let entitlements = try plist("SwedbankPayExample.entitlements")
        #expect(
            entitlements["com.apple.developer.in-app-payments"] as? [String] == [NativeChoice.applePayMerchantIdentifier])
        let domains = try #require(entitlements["com.apple.developer.associated-domains"] as? [String])
        #expect(domains.count == 1)
        #expect(domains.allSatisfy { $0.hasPrefix("applinks:") })
    }

    @Test func settingsThatCannotWorkAreRefusedBeforeAnyRequest() async throws {
        let model = CheckoutModel(settings: ExampleSettings(backendURL: "localhost:8080"))
        model.cart.add(Product.catalogue[0])
        model.payOnWeb()
        #expect(model.phase == .notPaid("“localhost:8080” is not an http or https URL such as http://localhost:8080/"))
        #expect(!model.isPresentingWebPayment)
        model.settings = ExampleSettings(apiKey: "")
        await model.startNativePayment()
        #expect(model.phase == .notPaid("API key must be printable ASCII and not empty"))
    }

    @Test func amountsAndVATAreShownAndRoundedAsTheShopSaysThem() {
        #expect(Money.format(12_900) == "129.00 SEK")
        #expect(Money.format(5) == "0.05 SEK")
        #expect(Money.format(-150) == "-1.50 SEK")
        var cart = Cart()
        cart.add(Product.catalogue[0])
        // 12 % VAT included in 129.00: 13.821… → 13.82.
        #expect(cart.vatAmount == 1_382)
        for _ in 0..<150 { cart.add(Product.catalogue[1]) }
        #expect(cart.lines.map(\.quantity) == [1, Cart.maximumQuantity])
        cart.remove(Product.catalogue[0])
        #expect(cart.lines.map(\.product.id) == ["mug"])
    }
}
