import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// `SwedbankPaySDKController` in real Chromium, through the Merchant Backend to the Payment
/// Sandbox: each journey's exact delegate sequence, and what Swedbank Pay recorded.
@MainActor @Suite(.serialized, .timeLimit(.minutes(3))) struct WebPaymentEndToEndTests {
    typealias Checkout = HostedViewCheckoutBrowserTests

    @Test func aV3CardPaymentCompletes() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu()
            let info = controller.currentPaymentOrder
            try await Checkout.payByCard("4925 0000 0000 0004", world.sdkPage(), world.menu(info))
            try await recorder.wait(for: "paymentComplete")
            #expect(recorder.events == ["paymentOrderDidShow", "instrumentSelected", "paymentComplete"])
            #expect(recorder.shown.map(\.paymentId) == [info?.paymentId])
            // The backend reads the status back after the sandbox's callback, which comes on its own time.
            await world.sandbox.requestsLogged(6)
            let id = try #require(info?.paymentId)
            let token = try #require(info?.viewPaymentLink.absoluteString.firstMatch(of: /[0-9a-f]{64}/)?.output)
            // The menu tells the sandbox which instrument the payer opened (the history's
            // PaymentInstrumentSelected) before the attempt.
            #expect(
                try await world.sandboxRequests() == [
                    "POST /psp/paymentorders", "GET /checkout/client/\(token)", "GET /checkout/frame/\(token)",
                    "POST /checkout/frame/\(token)/instrument", "POST /checkout/frame/\(token)/attempts", "GET \(id)",
                ])
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
            #expect(world.launcher.opened.isEmpty)
            // Chromium asks the page's origin (the backend) for a favicon; a WKWebView does not.
            let errors = try await world.sdkPage().consoleErrors.filter { !$0.hasSuffix("/favicon.ico") }
            #expect(errors == [])
        }
    }

    /// The merchant's side after an app paid: capture half, reverse part of it, cancel the rest,
    /// through the backend's admin API — the order at each step as the portal's examples show it,
    /// and a callback to the backend for each change.
    @Test func aCardPaymentIsCapturedPartlyReversedAndTheRestCancelled() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu()
            let info = controller.currentPaymentOrder
            try await Checkout.payByCard("4925 0000 0000 0004", world.sdkPage(), world.menu(info))
            try await recorder.wait(for: "paymentComplete")
            let path = try #require(info?.paymentId)
            let guid = String(try #require(path.split(separator: "/").last))
            func remaining(_ object: SwedbankPaySDK.JSONObject) -> [String] {
                let order = object["paymentOrder"]?.objectValue ?? object
                return ["status", "remainingCaptureAmount", "remainingCancellationAmount", "remainingReversalAmount"]
                    .map { name in
                        order[name].map { "\(name)=\($0.stringValue ?? $0.integerValue.map(String.init) ?? "?")" }
                            ?? "-"
                    }
            }
            let (shownStatus, shown) = try await world.admin("GET", "/\(guid)")
            #expect(shownStatus == 200)
            #expect(
                remaining(shown) == [
                    "status=Paid", "remainingCaptureAmount=1500", "remainingCancellationAmount=1500", "-",
                ])
            let (capturedStatus, captured) = try await world.admin(
                "POST", "/\(guid)/captures", body: #"{"amount": 750}"#)
            #expect(capturedStatus == 201)
            #expect(
                remaining(captured)
                    == [
                        "status=Paid", "remainingCaptureAmount=750", "remainingCancellationAmount=750",
                        "remainingReversalAmount=750",
                    ])
            let (_, reversed) = try await world.admin("POST", "/\(guid)/reversals", body: #"{"amount": 250}"#)
            #expect(
                remaining(reversed)
                    == [
                        "status=Paid", "remainingCaptureAmount=750", "remainingCancellationAmount=750",
                        "remainingReversalAmount=500",
                    ])
            let (_, cancelled) = try await world.admin("POST", "/\(guid)/cancellations")
            #expect(
                remaining(cancelled)
                    == [
                        "status=Paid", "remainingCaptureAmount=0", "remainingCancellationAmount=0",
                        "remainingReversalAmount=500",
                    ])
            let rows =
                cancelled["paymentOrder"]?.objectValue?["transactions"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(rows.map { $0["kind"]?.stringValue ?? "" } == ["capture", "reversal", "cancellation"])
            #expect(rows.map { $0["amount"]?.integerValue ?? 0 } == [750, 250, 750])
            #expect(rows.map { $0["vatAmount"]?.integerValue ?? 0 } == [187, 62, 187])
            // One callback to the backend for the payment and one for each change, all delivered.
            await world.sandbox.callbacksSettled()
            #expect(try await world.callbackDeliveries().filter { $0.order == path && $0.delivered }.count == 4)
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    @Test func cancellingInTheMenuCancelsThePayment() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu()
            let info = controller.currentPaymentOrder
            try await world.sdkPage().click("#cancel-payment", in: world.menu(info))
            try await recorder.wait(for: "paymentCanceled")
            #expect(recorder.events == ["paymentOrderDidShow", "paymentCanceled"])
            #expect(try await world.statusAtSwedbankPay(info) == "Aborted")
        }
    }

    @Test func v2CheckinIdentifiesThePayerThenTheMenuPays() async throws {
        try await WebPaymentWorld.run { world in
            let recorder = DelegateRecorder()
            let controller = world.controller(recorder)
            controller.startPayment(
                withCheckin: true,
                consumer: SwedbankPaySDK.Consumer(language: .Swedish, shippingAddressRestrictedToCountryCodes: ["SE"]),
                paymentOrder: world.order(v3: false), userData: nil)
            let page = try await waitForWebView(world)
            try await page.waitFor("document.querySelector('#checkin-fill')", in: world.checkin, description: "checkin")
            try await page.click("#checkin-fill", in: world.checkin)
            try await page.click("#checkin-continue", in: world.checkin)
            try await recorder.wait(for: "paymentOrderDidShow")
            let info = controller.currentPaymentOrder
            #expect(info?.isV3 == false)
            try await Checkout.payByCard("4925 0000 0000 0004", page, world.menu(info))
            try await recorder.wait(for: "paymentComplete")
            #expect(recorder.events == ["paymentOrderDidShow", "paymentComplete"])
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    @Test func aThreeDSecureChallengeIsAnsweredInsideTheMenu() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu()
            let info = controller.currentPaymentOrder
            let page = try world.sdkPage()
            try await Checkout.payByCard("5226 6121 9953 3406", page, world.menu(info))
            let acs = try world.subview(info, "acs")
            try await page.waitFor("document.querySelector('#approve button')", in: acs, description: "the ACS page")
            try await page.click("#approve button", in: acs)
            try await recorder.wait(for: "paymentComplete")
            #expect(recorder.events == ["paymentOrderDidShow", "instrumentSelected", "paymentComplete"])
            // The challenge's form POST went through the decider as a frame navigation.
            let posts = await page.navigations.filter { $0.method == "POST" }
            #expect(!posts.isEmpty && posts.allSatisfy { !$0.isMainFrame })
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    @Test func aThirdPartyPageKeptInTheWebViewReturnsThroughPaymentUrl() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu(redirects: .AlwaysUseWebView)
            let info = controller.currentPaymentOrder
            let page = try world.sdkPage()
            try await Self.startBankPayment(page, try world.menu(info))
            let bank = try world.bankURL(info)
            try await page.waitFor(
                "location.href === \(ChromiumWebViewHostTests.literal(bank.absoluteString)) && document.querySelector('#bank-approve')",
                description: "the bank page in the web view")
            try await page.click("#bank-approve")
            try await recorder.wait(for: "paymentComplete")
            #expect(
                recorder.events == [
                    "paymentOrderDidShow", "instrumentSelected", "paymentOrderDidHide", "paymentOrderDidShow",
                    "paymentComplete",
                ])
            // Each main-frame page of the bank (the page, then its form POST) is offered as a universal link first.
            #expect(world.launcher.appLinks == [bank, bank])
            #expect(world.launcher.opened.isEmpty)
            // The bank sent the payer to the paymentUrl, which the SDK took instead of loading it.
            let paymentUrl = try #require(info?.paymentUrl)
            #expect(await page.navigations.contains { $0.url == paymentUrl && $0.isRedirect })
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    /// A Finnish order (a culture outside 5.0.3's three languages) whose URLs carry its culture:
    /// the trampoline on the way back speaks Finnish.
    @Test func aThirdPartyPageInTheBrowserComesBackThroughTheTrampolineAndTheCustomScheme() async throws {
        try await WebPaymentWorld.run { world in
            var order = world.order()
            order.culture = .Finnish
            order.urls = SwedbankPaySDK.PaymentOrderUrls(
                configuration: world.configuration, culture: order.culture, appName: "Test App")
            let (recorder, controller) = try await world.showMenu(of: order, redirects: .AlwaysUseBrowser)
            let info = controller.currentPaymentOrder
            try await Self.startBankPayment(world.sdkPage(), try world.menu(info))
            let bank = try world.bankURL(info)
            await Arrivals.settle(seconds: 10) { !world.launcher.pages.isEmpty }
            try #require(!world.launcher.pages.isEmpty, "the browser page")
            #expect(world.launcher.opened == [bank])
            let browserPage = world.launcher.pages[0]
            try await browserPage.waitFor("document.querySelector('#bank-approve')", description: "the bank page")
            try await browserPage.click("#bank-approve")
            // paymentUrl → 301 → the trampoline page, whose button is the payer's own tap.
            try await browserPage.waitFor(
                "document.getElementById('trampoline-link')", description: "the trampoline page")
            #expect(try await browserPage.evaluate("document.documentElement.lang") == .string("fi"))
            #expect(
                try await browserPage.evaluate("document.getElementById('trampoline-link').textContent")
                    == .string("Takaisin sovellukseen Test App"))
            try await browserPage.click("#trampoline-link")
            try await recorder.wait(for: "paymentComplete")

            let paymentUrl = try #require(info?.paymentUrl?.absoluteString)
            let fallback = paymentUrl + "&fallback=true"
            let customScheme = fallback.replacingOccurrences(
                of: "http://", with: WebPaymentWorld.callbackScheme + "://")
            #expect(world.launcher.returns.map(\.url.absoluteString) == [customScheme])
            #expect(world.launcher.returns.map(\.handled) == [true])
            let chain = await browserPage.navigations.map { "\($0.method) \($0.url.absoluteString)" }
            let trampoline = try #require(chain.first { $0.contains("/externalresourcehost/trampoline?") })
            #expect(trampoline.hasSuffix("&language=fi-FI&app=Test%20App"))
            #expect(
                chain == [
                    "GET \(bank.absoluteString)", "POST \(bank.absoluteString)", "GET \(paymentUrl)",
                    trampoline, "GET \(fallback)", "GET \(customScheme)",
                ])
            #expect(
                recorder.events == [
                    "paymentOrderDidShow", "instrumentSelected", "paymentOrderDidShow", "paymentComplete",
                ])
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    @Test func updatingThePaymentOrderSwitchesTheInstrument() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu(of: world.order(instrument: .swish))
            let page = try world.sdkPage()
            let swishMenu = try world.menu(controller.currentPaymentOrder)
            try await page.waitFor("document.querySelector('#choose-Swish')", in: swishMenu)
            #expect(
                try await page.evaluate("!!document.querySelector('#choose-CreditCard')", in: swishMenu) == .bool(false)
            )

            controller.updatePaymentOrder(updateInfo: SwedbankPaySDK.Instrument.creditCard)
            try await recorder.wait(for: "paymentOrderDidShow", count: 2)
            #expect(recorder.shown.map(\.instrument) == [.swish, .creditCard])
            let info = controller.currentPaymentOrder
            try await Checkout.payByCard("4925 0000 0000 0004", page, world.menu(info))
            try await recorder.wait(for: "paymentComplete")
            #expect(recorder.events == ["paymentOrderDidShow", "paymentOrderDidShow", "paymentComplete"])
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    @Test func aPaymentRestoredInANewControllerShowsTheMenuAgainAndCompletes() async throws {
        try await WebPaymentWorld.run { world in
            let first = DelegateRecorder()
            var controller: SwedbankPaySDKController? = world.controller(first)
            controller?.startPayment(paymentOrder: world.order())
            try await first.wait(for: "paymentOrderDidShow")
            let saved = try #require(try controller?.paymentRestorationData())
            let info = controller?.currentPaymentOrder
            // The process dies: the page and the controller go.
            await world.host.last?.close()
            controller = nil

            let second = DelegateRecorder()
            let restored = world.controller(second)
            restored.restorePayment(from: saved)
            try await second.wait(for: "paymentOrderDidShow")
            #expect(world.host.webViews.count == 2)
            #expect(restored.currentPaymentOrder?.paymentId == info?.paymentId)
            try await Checkout.payByCard("4925 0000 0000 0004", world.sdkPage(), world.menu(info))
            try await second.wait(for: "paymentComplete")
            #expect(first.events == ["paymentOrderDidShow"])
            #expect(second.events == ["paymentOrderDidShow", "instrumentSelected", "paymentComplete"])
            #expect(try await world.statusAtSwedbankPay(info) == "Paid")
        }
    }

    /// Chooses the bank (Trustly) in the menu and starts paying there.
    static func startBankPayment(_ page: BrowserPage, _ menu: BrowserPage.Frame) async throws {
        try await page.waitFor("document.querySelector('#choose-Trustly')", in: menu)
        try await page.click("#choose-Trustly", in: menu)
        try await page.click("#pay-bank", in: menu)
    }

    func waitForWebView(_ world: WebPaymentWorld) async throws -> BrowserPage {
        _ = await world.host.lastOrNextWebView()
        return try world.sdkPage()
    }
}

/// The payer's side of the web payment in Chromium: the page's dialogs reach the app's presenter
/// through the controller, and the SDK's page and the sandbox's menu follow the system's light
/// or dark appearance.
@MainActor
@Suite(.serialized) struct WebPaymentPayerFaceTests {
    /// Says OK to every dialog (with `text` in a text field), recording what it was shown.
    final class OKPresenter: SwedbankPaySDK.PayerDialogPresenter {
        var shown: [SwedbankPaySDK.PayerDialog] = []
        let text: String

        init(text: String) { self.text = text }

        func present(
            _ dialog: SwedbankPaySDK.PayerDialog, over viewController: SwedbankPaySDK.PlatformViewController
        ) async -> SwedbankPaySDK.PayerDialogResponse {
            shown.append(dialog)
            return SwedbankPaySDK.PayerDialogResponse(button: 0, text: dialog.textField == nil ? nil : text)
        }

        func dismiss() {}
    }

    @Test func thePagesDialogsAreAskedOfThePayerThroughTheAppsPresenter() async throws {
        try await WebPaymentWorld.run { world in
            let (recorder, controller) = try await world.showMenu()
            let presenter = OKPresenter(text: "1234")
            controller.dialogPresenter = presenter
            SwedbankPaySDK.Strings.language = "sv"
            defer { SwedbankPaySDK.Strings.language = nil }
            let page = try world.sdkPage()
            #expect(
                try await page.evaluate("[confirm('Lämna betalningen?'), prompt('Kod', '')]")
                    == .array([.bool(true), .string("1234")]))
            #expect(presenter.shown.map(\.message) == ["Lämna betalningen?", "Kod"])
            #expect(presenter.shown.map { $0.buttons.map(\.title) } == [["OK", "Avbryt"], ["OK", "Avbryt"]])
            #expect(recorder.events == ["paymentOrderDidShow"])
        }
    }

    @Test func theSDKsPageAndTheSandboxsMenuFollowTheSystemAppearance() async throws {
        try await WebPaymentWorld.run { world in
            let (_, controller) = try await world.showMenu()
            let page = try world.sdkPage()
            let menu = try world.menu(controller.currentPaymentOrder)
            func colours() async throws -> [SwedbankPaySDK.JSONValue] {
                [
                    try await page.evaluate("getComputedStyle(document.body).color"),
                    try await page.evaluate("getComputedStyle(document.body).backgroundColor", in: menu),
                ]
            }
            try await page.emulateColorScheme("dark")
            #expect(try await colours() == [.string("rgb(255, 255, 255)"), .string("rgb(27, 26, 24)")])
            try await page.emulateColorScheme("light")
            #expect(try await colours() == [.string("rgb(0, 0, 0)"), .string("rgb(253, 246, 238)")])
        }
    }
}
