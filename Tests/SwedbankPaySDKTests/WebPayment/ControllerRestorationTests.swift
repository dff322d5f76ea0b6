import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@MainActor
@Suite(.serialized) struct ControllerRestorationTests {
    @Test func aPaymentBeingPaidRestoresIntoItsMenuInANewController() async throws {
        let info = WebPaymentFixtures.v3Info(paymentUrlID: "restored-1")
        let before = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.value(info)]))
        await before.startV3()
        let data = try before.controller.paymentRestorationData()
        before.controller.abortPayment()

        let after = ControllerHarness()
        after.controller.restorePayment(from: data)
        await settle { after.pages.count == 1 }
        #expect(after.controller.currentPaymentOrder == info)
        #expect(after.pages == before.pages)
        // Nothing is created again, and the restored payment takes its paymentUrl.
        #expect(after.configuration.calls.isEmpty)
        #expect(SwedbankPaySDK.open(url: info.paymentUrl!))
        await settle { after.pages.count == 2 }
        after.post("onPaid")
        #expect(after.delegate.calls == ["paymentComplete"])
    }

    @Test func aPaymentOrderBeingCreatedIsRequestedAgainWithTheSameArguments() async throws {
        let before = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.hang]))
        before.controller.startPayment(
            withCheckin: false, consumer: nil, paymentOrder: WebPaymentFixtures.order, userData: "order-42")
        await settle { before.configuration.calls.count == 1 }
        let data = try before.controller.paymentRestorationData()
        before.controller.abortPayment()

        let after = ControllerHarness(
            configuration: StubWebConfiguration(paymentOrders: [.value(WebPaymentFixtures.v2Info)]))
        after.controller.restorePayment(from: data)
        await settle { after.pages.count == 1 }
        #expect(after.configuration.calls == ["postPaymentorders(1500, ref: nil, options: 0)"])
        #expect(after.controller.currentPaymentOrder == WebPaymentFixtures.v2Info)
        #expect(before.delegate.calls == ["paymentCanceled"])
    }

    @Test func aCheckinRestoresIntoTheCheckinPage() async throws {
        let before = ControllerHarness()
        before.controller.startPayment(
            withCheckin: true, consumer: WebPaymentFixtures.consumer, paymentOrder: WebPaymentFixtures.order,
            userData: nil)
        await settle { before.pages.count == 1 }

        let after = ControllerHarness()
        after.controller.restorePayment(from: try before.controller.paymentRestorationData())
        await settle { after.pages.count == 1 }
        #expect(after.pages == before.pages)
        after.post("onConsumerIdentified", .string("cpr-9"))
        await settle { after.configuration.calls.count == 1 }
        #expect(after.configuration.calls == ["postPaymentorders(1500, ref: cpr-9, options: 2)"])
    }

    @Test func aConfigurationGivenToTheSavedControllerIsNotGuessedByOneWithout() async throws {
        let info = WebPaymentFixtures.v3Info(paymentUrlID: "restored-2")
        let before = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.value(info)]))
        await before.startV3()
        let data = try before.controller.paymentRestorationData()
        before.controller.abortPayment()

        // As UIKit restores: a controller that was given no configuration.
        let host = ScriptedWebViewHost()
        let delegate = RecordingWebDelegate()
        let after = SwedbankPaySDKController(configuration: nil, webViewHost: host, appLauncher: nil)
        after.delegate = delegate
        after.restorePayment(from: data)
        #expect(delegate.calls == ["paymentFailed(nonpersistableConfiguration)"])
        #expect(after.currentPaymentOrder == info)
        #expect(host.webViews.isEmpty)
    }

    @Test func aControllerWithoutAnyConfigurationFailsInsteadOfStopping() async throws {
        let host = ScriptedWebViewHost()
        let delegate = RecordingWebDelegate()
        let controller = SwedbankPaySDKController(configuration: nil, webViewHost: host, appLauncher: nil)
        controller.delegate = delegate
        controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        #expect(delegate.calls == ["paymentFailed(missingConfiguration)"])
        #expect(host.webViews.isEmpty)
    }

    @Test func anEndedPaymentRestoresItsEnding() async throws {
        let before = ControllerHarness()
        await before.startV3()
        before.post("onError", .object(["details": .string("declined")]))
        let after = ControllerHarness()
        after.controller.restorePayment(from: try before.controller.paymentRestorationData())
        #expect(
            after.delegate.calls == [
                "paymentFailed(ScriptError(Optional(SwedbankPaySDK.SwedbankPaySDK.TerminalFailure(origin: nil, messageId: nil, details: Optional(\"declined\")))))"
            ])
        #expect(after.host.webViews.isEmpty)
    }

    @Test func unregisteredUserDataCannotBeSaved() async throws {
        struct Basket { var items = 3 }
        let before = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.hang]))
        before.controller.startPayment(paymentOrder: WebPaymentFixtures.order, userData: Basket())
        let after = ControllerHarness()
        after.controller.restorePayment(from: try before.controller.paymentRestorationData())
        #expect(after.delegate.calls == ["paymentFailed(unregisteredCodable(\"\(String(reflecting: Basket.self))\"))"])
    }

    @Test func unreadableDataEndsThePaymentAsUnknown() {
        let harness = ControllerHarness()
        harness.controller.restorePayment(from: Data("{\"version\":99}".utf8))
        harness.controller.restorePayment(from: Data("nonsense".utf8))
        #expect(harness.delegate.calls == ["paymentFailed(unknown)"])
    }
}

/// Seed 004's custom-backend configuration (`MyConfiguration`) driving a controller, and its
/// `updatePaymentOrder(updateInfo: "frob")` call.
@MainActor
@Suite struct Seed004ControllerExamples {
    @Test func theCustomBackendsPaymentMenuShowsAndUpdates() async throws {
        let host = ScriptedWebViewHost()
        let swedbankPayController = SwedbankPaySDKController(
            configuration: MyConfiguration(), webViewHost: host, appLauncher: WebRecordingAppLauncher())
        swedbankPayController.startPayment(paymentOrder: nil)
        await settle { host.last?.loadedHTML.count == 1 }

        swedbankPayController.updatePaymentOrder(
            updateInfo: "frob"
        )
        await settle { host.last?.loadedHTML.count == 2 }
        let pages = host.last?.loadedHTML ?? []
        #expect(pages.map(\.baseURL.absoluteString) == ["https://example.com/", "https://example.com/"])
        #expect(
            pages.first?.html.contains(#""https://ecom.externalintegration.payex.com/script.js?for=/pay/ios""#) == true)
        #expect(
            pages.last?.html.contains(
                #""https://ecom.externalintegration.payex.com/script.js?for=/payment/ios/frobnicate""#) == true)
    }
}
