import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@MainActor
@Suite(.serialized) struct SwedbankPaySDKControllerTests {
    let info = WebPaymentFixtures.v3Info
    let base = URL(string: "https://merchant.example/")!

    private func describe(_ pages: [String]) -> [String] {
        pages.map { html in
            let link =
                html.components(separatedBy: "var scriptUrl = \"").dropFirst().first?.components(separatedBy: "\";")
                .first?.replacingOccurrences(of: "\\u0026", with: "&") ?? "?"
            let kind =
                html.contains("hostedView.consumer(")
                ? "checkin"
                : html.contains("hostedView.checkout(") ? "checkout" : "paymentMenu"
            return "\(kind) \(link)\(html.contains("var delay = 500;") ? " delayed" : "")"
        }
    }

    @Test func aV3PaymentShowsTheCheckoutAndCompletesAtTheCompleteUrl() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        let webView = try #require(harness.webView)

        #expect(harness.configuration.calls == ["postPaymentorders(1500, ref: nil, options: 1)"])
        #expect(webView.events.count == 2)
        #expect(webView.events.first == .addMessageHandler("swedbankpay"))
        #expect(webView.loadedHTML.first?.baseURL == base)
        #expect(describe(harness.pages) == ["checkout https://psp.example/checkout.js?token=1"])
        #expect(harness.controller.currentPaymentOrder == info)
        #expect(harness.controller.showingPaymentOrder)

        #expect(harness.post("onScriptLoaded"))
        harness.post(
            "generalEvent", .object(["sourceEvent": .string("OnCheckoutLoaded"), "bodyHeight": .integer(600)]))
        harness.post("generalEvent", .object(["sourceEvent": .string("OnInstrumentSelected")]))
        #expect(await webView.offer("https://merchant.example/complete") == .cancel)
        // Late events change nothing.
        #expect(await webView.offer("https://merchant.example/cancel") == .cancel)
        harness.post("onError", .object(["details": .string("late")]))

        #expect(
            harness.delegate.calls == [
                "paymentOrderDidShow(https://psp.example/checkout.js?token=1)",
                "javaScriptEvent(OnCheckoutLoaded, [\"bodyHeight\", \"sourceEvent\"])",
                "instrumentSelected",
                "javaScriptEvent(OnInstrumentSelected, [\"sourceEvent\"])",
                "paymentComplete",
            ])
        #expect(harness.launcher.opened.isEmpty)
    }

    @Test func thePaymentMenuStyleReachesThePageAsJSON() async throws {
        let harness = ControllerHarness()
        harness.controller.paymentMenuStyle = ["button": ["color": "#fff"], "size": 2, "flag": true, "ratio": 0.5]
        await harness.startV3()
        #expect(
            harness.pages.first?.contains(
                ##"  var style = {"button":{"color":"#fff"},"flag":true,"ratio":0.5,"size":2};"##) == true)
    }

    @Test func onPaidCompletesAV3Payment() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        harness.post("onPaid", .object(["id": .string("/psp/paymentorders/1")]))
        #expect(harness.delegate.calls == ["paymentComplete"])
    }

    @Test func aV2CheckinPaymentIdentifiesThenShowsTheMenu() async throws {
        let configuration = StubWebConfiguration(paymentOrders: [.value(WebPaymentFixtures.v2Info)])
        let harness = ControllerHarness(configuration: configuration)
        harness.controller.startPayment(
            withCheckin: true, consumer: WebPaymentFixtures.consumer, paymentOrder: WebPaymentFixtures.order,
            userData: "user-data")
        await settle { harness.pages.count == 1 }
        #expect(describe(harness.pages) == ["checkin https://psp.example/consumer.js?token=c"])
        // Checkin messages only: a payment-page message on the checkin page is ignored.
        harness.post("onPaid")
        harness.post("onConsumerIdentified", .string("cpr-1"))
        await settle { harness.pages.count == 2 }

        #expect(
            configuration.calls == [
                "postConsumers([\"SE\"], userData: user-data)",
                "postPaymentorders(1500, ref: cpr-1, options: 2)",
            ])
        #expect(
            describe(harness.pages) == [
                "checkin https://psp.example/consumer.js?token=c", "paymentMenu https://psp.example/menu.js?token=2",
            ])
        await settle { harness.delegate.calls.count == 1 }
        harness.post(
            "onError", .object(["origin": .string("paymentmenu"), "messageId": .string("m"), "details": .string("d")]))
        #expect(
            harness.delegate.calls == [
                "paymentOrderDidShow(https://psp.example/menu.js?token=2)",
                "paymentFailed(ScriptError(Optional(SwedbankPaySDK.SwedbankPaySDK.TerminalFailure(origin: Optional(\"paymentmenu\"), messageId: Optional(\"m\"), details: Optional(\"d\")))))",
            ])
    }

    @Test func v3WithCheckinAsksForBothOptionsAndExpandsTheIdentifiedPayer() async throws {
        let harness = ControllerHarness()
        harness.controller.startPayment(
            withCheckin: true, isV3: true, consumer: WebPaymentFixtures.consumer,
            paymentOrder: WebPaymentFixtures.order,
            userData: nil)
        await settle { harness.pages.count == 1 }
        harness.post("payerIdentified", .object([:]))
        await settle { !harness.delegate.calls.isEmpty }
        #expect(
            harness.configuration.calls == [
                "postPaymentorders(1500, ref: nil, options: 3)", "expandPayerAfterIdentified",
            ])
        #expect(harness.delegate.calls == ["shippingAddressIsKnown"])
    }

    @Test func theHostedScriptFailingToLoadFailsThePayment() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        harness.post("onScriptError", .string("https://psp.example/checkout.js?token=1"))
        #expect(
            harness.delegate.calls == [
                "paymentFailed(ScriptLoadingFailure(scriptUrl: Optional(https://psp.example/checkout.js?token=1)))"
            ])
    }

    @Test func aCreationFailureIsTheConfigurationsError() async throws {
        let harness = ControllerHarness(
            configuration: StubWebConfiguration(paymentOrders: [.failure(TestBackendError(code: 500))]))
        harness.controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        await settle { !harness.delegate.calls.isEmpty }
        #expect(harness.delegate.calls == ["paymentFailed(TestBackendError(code: 500))"])
        #expect(harness.host.webViews.isEmpty)
    }

    @Test func aThirdPartyPageInTheWebViewReturnsThroughThePaymentUrl() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        let webView = try #require(harness.webView)

        let post = SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: "https://acs.bank.example/challenge")!, method: "POST", body: Data("creq=abc".utf8))
        #expect(await webView.offer(post) == .allow)
        #expect(!harness.controller.showingPaymentOrder)
        // The old page's messages no longer count.
        #expect(harness.post("onPaid"))
        // 3-D Secure pages inside frames load without asking anyone.
        #expect(
            await webView.offer(.init(url: URL(string: "https://acs.bank.example/frame")!, isMainFrame: false))
                == .allow)
        #expect(await webView.offer(info.paymentUrl!.absoluteString) == .cancel)
        await settle { harness.pages.count == 2 }

        #expect(
            harness.configuration.calls.dropFirst() == ["decidePolicy(https://acs.bank.example/challenge, main: true)"])
        #expect(harness.launcher.opened == ["appLink(https://acs.bank.example/challenge) -> false"])
        #expect(
            describe(harness.pages) == [
                "checkout https://psp.example/checkout.js?token=1",
                "checkout https://psp.example/checkout.js?token=1 delayed",
            ])
        #expect(harness.controller.showingPaymentOrder)
        harness.post("generalEvent", .object(["sourceEvent": .string("OnCheckoutLoaded")]))
        #expect(
            harness.delegate.calls == [
                "paymentOrderDidHide", "paymentOrderDidShow(https://psp.example/checkout.js?token=1)",
                "javaScriptEvent(OnCheckoutLoaded, [\"sourceEvent\"])",
            ])
    }

    @Test func pagesTheConfigurationSendsToTheBrowserOpenThere() async throws {
        let configuration = StubWebConfiguration()
        configuration.redirectPolicy = .openInBrowser
        let harness = ControllerHarness(configuration: configuration)
        await harness.startV3()
        let webView = try #require(harness.webView)

        #expect(await webView.offer("https://bank.example/login") == .cancel)
        harness.controller.webRedirectBehavior = .AlwaysUseBrowser
        #expect(await webView.offer("https://bank.example/other") == .cancel)
        harness.controller.webRedirectBehavior = .AlwaysUseWebView
        #expect(await webView.offer("https://bank.example/third") == .allow)

        // The configuration is asked only under `.Default`.
        #expect(configuration.calls.dropFirst() == ["decidePolicy(https://bank.example/login, main: true)"])
        #expect(
            harness.launcher.opened == [
                "appLink(https://bank.example/login) -> false", "open(https://bank.example/login)",
                "appLink(https://bank.example/other) -> false", "open(https://bank.example/other)",
                "appLink(https://bank.example/third) -> false",
            ])
        #expect(harness.delegate.calls == ["paymentOrderDidHide"])
    }

    @Test func appsLinksCustomSchemesAndPopupsGoOutsideAndTheTermsToAPageOfTheirOwn() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        let webView = try #require(harness.webView)
        harness.launcher.appLinks = ["https://bankid.example/start"]

        #expect(await webView.offer("https://bankid.example/start") == .cancel)
        #expect(await webView.offer("swish://paymentrequest?token=t") == .cancel)
        #expect(await webView.offer("https://psp.example/help", isNewWindow: true) == .cancel)
        #expect(await webView.offer("https://merchant.example/tos", isNewWindow: true) == .cancel)
        harness.delegate.showsTermsItself = true
        #expect(await webView.offer("https://merchant.example/tos") == .cancel)

        #expect(
            harness.launcher.opened == [
                "appLink(https://bankid.example/start) -> true", "open(swish://paymentrequest?token=t)",
                "open(https://psp.example/help)",
            ])
        // The terms the delegate did not take are shown in a web view of the SDK's own.
        #expect(harness.host.webViews.count == 2)
        #expect(harness.host.webViews.last?.events == [.load(URL(string: "https://merchant.example/tos")!)])
        #expect(harness.controller.termsOfServicePage === harness.host.webViews.last?.viewController)
        #expect(
            harness.delegate.calls == [
                "overrideTermsOfServiceTapped(https://merchant.example/tos)",
                "overrideTermsOfServiceTapped(https://merchant.example/tos)",
            ])
        #expect(harness.configuration.calls == ["postPaymentorders(1500, ref: nil, options: 1)"])
        #expect(harness.controller.showingPaymentOrder)
    }

    @Test func openURLReloadsOnlyTheControllerWhosePaymentUrlItIs() async throws {
        let firstInfo = WebPaymentFixtures.v3Info(paymentUrlID: "route-1")
        let first = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.value(firstInfo)]))
        let other = ControllerHarness(
            configuration: StubWebConfiguration(paymentOrders: [
                .value(WebPaymentFixtures.v3Info(paymentUrlID: "route-2"))
            ]))
        await first.startV3()
        await other.startV3()

        let fallback =
            "testcallback://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=route-2&fallback=true"
        #expect(SwedbankPaySDK.open(url: URL(string: fallback)!))
        await settle { other.pages.count == 2 }
        #expect(first.pages.count == 1)
        #expect(describe(other.pages).last == "checkout https://psp.example/checkout.js?token=1 delayed")

        #expect(
            !SwedbankPaySDK.open(
                url: URL(string: "https://merchant.example/sdk-callback/ios-universal-link?id=route-3")!))
        let otherScheme = "otherapp://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=route-1"
        #expect(!SwedbankPaySDK.open(url: URL(string: otherScheme)!))

        // A finished payment no longer takes its paymentUrl.
        first.post("onPaid")
        #expect(!SwedbankPaySDK.open(url: firstInfo.paymentUrl!))
        #expect(first.pages.count == 1)
    }

    @Test func anUpdateReloadsTheMenuAndAFailedOneKeepsIt() async throws {
        let harness = ControllerHarness()
        harness.configuration.queueUpdates([
            .value(WebPaymentFixtures.updatedInfo), .failure(TestBackendError(code: 409)),
        ])
        await harness.startV3()

        harness.controller.updatePaymentOrder(updateInfo: "Swish")
        #expect(harness.controller.updatingPaymentOrder)
        await settle { harness.pages.count == 2 }
        #expect(harness.controller.currentPaymentOrder == WebPaymentFixtures.updatedInfo)
        #expect(!harness.controller.updatingPaymentOrder)

        harness.controller.updatePaymentOrder(updateInfo: "CreditCard")
        await settle { !harness.delegate.calls.isEmpty }
        #expect(harness.delegate.calls == ["updatePaymentOrderFailed(CreditCard, TestBackendError(code: 409))"])
        #expect(
            describe(harness.pages) == [
                "checkout https://psp.example/checkout.js?token=1",
                "checkout https://psp.example/checkout.js?token=1&instrument=Swish",
            ])
        #expect(harness.controller.currentPaymentOrder == WebPaymentFixtures.updatedInfo)
        #expect(
            harness.configuration.calls.dropFirst() == ["updatePaymentOrder(Swish)", "updatePaymentOrder(CreditCard)"])
    }

    @Test func aNewUpdateCancelsTheOneInProgress() async throws {
        let harness = ControllerHarness()
        harness.configuration.queueUpdates([.hang, .value(WebPaymentFixtures.updatedInfo)])
        await harness.startV3()

        harness.controller.updatePaymentOrder(updateInfo: "Swish")
        await settle { harness.configuration.calls.count == 2 }
        harness.controller.updatePaymentOrder(updateInfo: "Invoice")
        await settle { harness.pages.count == 2 && harness.configuration.calls.count == 4 }
        #expect(
            harness.configuration.calls.dropFirst() == [
                "updatePaymentOrder(Swish)", "updatePaymentOrder(Swish) cancelled", "updatePaymentOrder(Invoice)",
            ]
                || harness.configuration.calls.dropFirst() == [
                    "updatePaymentOrder(Swish)", "updatePaymentOrder(Invoice)", "updatePaymentOrder(Swish) cancelled",
                ])
        #expect(harness.delegate.calls.isEmpty)
    }

    @Test func abortingCancelsThroughTheConfiguration() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        let webView = try #require(harness.webView)
        harness.controller.abortPayment()
        await settle { !harness.delegate.calls.isEmpty }
        #expect(await webView.offer("https://merchant.example/complete") == .cancel)
        #expect(harness.configuration.calls.dropFirst() == ["abortPayment(/psp/paymentorders/1)"])
        #expect(harness.delegate.calls == ["paymentCanceled"])
    }

    @Test func aFailedAbortFailsThePayment() async throws {
        let harness = ControllerHarness()
        harness.configuration.abortReply = .failure(TestBackendError(code: 403))
        await harness.startV3()
        harness.controller.abortPayment()
        await settle { !harness.delegate.calls.isEmpty }
        #expect(harness.delegate.calls == ["paymentFailed(TestBackendError(code: 403))"])
    }

    @Test func aPageThatCannotLoadFailsThePayment() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        let webView = try #require(harness.webView)
        webView.failLoad(
            SwedbankPaySDK.WebViewLoadFailure(url: URL(string: "https://acs.bank.example/"), description: "refused"))
        #expect(
            harness.delegate.calls == [
                "paymentFailed(RedirectFailure(error: SwedbankPaySDK.SwedbankPaySDK.WebViewLoadFailure(url: Optional(https://acs.bank.example/), description: \"refused\")))"
            ])
    }

    @Test func theMenuPageFailingToLoadFailsThePayment() async throws {
        let harness = ControllerHarness()
        let failure = SwedbankPaySDK.WebViewLoadFailure(
            url: URL(string: "https://merchant.example/"), description: "offline")
        harness.host.prepare = { $0.nextLoadFailure = failure }
        harness.controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        await settle { !harness.delegate.calls.isEmpty }
        #expect(
            harness.delegate.calls == [
                "paymentFailed(RedirectFailure(error: SwedbankPaySDK.SwedbankPaySDK.WebViewLoadFailure(url: Optional(https://merchant.example/), description: \"offline\")))"
            ])
        #expect(harness.pages.count == 1)
    }

    @Test func aDelegateSetAfterTheEndHearsHowItEnded() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        harness.controller.delegate = nil
        harness.post("onPaid")
        let late = RecordingWebDelegate()
        harness.controller.delegate = late
        #expect(late.calls == ["paymentComplete"])
        #expect(harness.delegate.calls.isEmpty)
    }

    @Test func withoutAConfigurationOrAHostThePaymentFails() async throws {
        let host = ScriptedWebViewHost()
        let delegate = RecordingWebDelegate()
        SwedbankPaySDKController.defaultConfiguration = nil
        let unconfigured = SwedbankPaySDKController(webViewHost: host, appLauncher: WebRecordingAppLauncher())
        unconfigured.delegate = delegate
        unconfigured.startPayment(paymentOrder: WebPaymentFixtures.order)
        #expect(delegate.calls == ["paymentFailed(missingConfiguration)"])

        host.makeFailure = TestBackendError(code: 1)
        let harnessless = SwedbankPaySDKController(
            configuration: StubWebConfiguration(), webViewHost: host, appLauncher: WebRecordingAppLauncher())
        let second = RecordingWebDelegate()
        harnessless.delegate = second
        harnessless.startPayment(paymentOrder: WebPaymentFixtures.order)
        await settle { !second.calls.isEmpty }
        #expect(second.calls == ["paymentFailed(webViewUnavailable(\"TestBackendError(code: 1)\"))"])
    }

    @Test func startingTwiceDoesNothing() async throws {
        let harness = ControllerHarness()
        await harness.startV3()
        harness.controller.startPayment(withCheckin: true, consumer: nil, paymentOrder: nil, userData: nil)
        // Absence, without a clock: a second start would call the configuration from a task it
        // began before the abort's, so its call would be recorded before the abort is told.
        harness.controller.abortPayment()
        await settle { !harness.delegate.calls.isEmpty }
        #expect(
            harness.configuration.calls == [
                "postPaymentorders(1500, ref: nil, options: 1)", "abortPayment(/psp/paymentorders/1)",
            ])
        #expect(harness.delegate.calls == ["paymentCanceled"])
    }
}
