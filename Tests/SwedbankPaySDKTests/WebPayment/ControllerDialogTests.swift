import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Answers dialogs as a test says, recording what it was shown.
@MainActor
final class RecordingDialogPresenter: SwedbankPaySDK.PayerDialogPresenter {
    private(set) var shown: [SwedbankPaySDK.PayerDialog] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    private(set) var dismissals = 0
    /// The answer to give at once; nil keeps the dialog open until ``answer(_:)`` or ``dismiss()``.
    var reply: (SwedbankPaySDK.PayerDialog) -> SwedbankPaySDK.PayerDialogResponse? = { _ in
        SwedbankPaySDK.PayerDialogResponse(button: 0)
    }
    private var open: CheckedContinuation<SwedbankPaySDK.PayerDialogResponse, Never>?

    func present(
        _ dialog: SwedbankPaySDK.PayerDialog, over viewController: SwedbankPaySDK.PlatformViewController
    ) async -> SwedbankPaySDK.PayerDialogResponse {
        shown.append(dialog)
        if let response = reply(dialog) { return response }
        return await withCheckedContinuation { open = $0 }
    }

    func dismiss() {
        dismissals += 1
        open?.resume(returning: SwedbankPaySDK.PayerDialogResponse(button: nil))
        open = nil
    }

    /// Answers the dialog left open.
    func answer(_ response: SwedbankPaySDK.PayerDialogResponse) {
        open?.resume(returning: response)
        open = nil
    }

    var titles: [String] { shown.map { $0.title ?? $0.message } }
}

@MainActor
@Suite(.serialized) struct ControllerDialogTests {
    func harness(presenter: RecordingDialogPresenter?, clock: ManualClock = ManualClock()) -> ControllerHarness {
        let harness = ControllerHarness()
        harness.controller.dialogPresenter = presenter
        harness.controller.clock = clock
        SwedbankPaySDK.Strings.language = "en"
        return harness
    }

    /// A v3 menu whose page has just opened the Swish app, with the watch's check scheduled.
    func leftForSwish(
        _ presenter: RecordingDialogPresenter
    ) async throws -> (ControllerHarness, ManualClock, ScriptedWebView) {
        let clock = ManualClock()
        let harness = harness(presenter: presenter, clock: clock)
        await harness.startV3()
        let webView = try #require(harness.webView)
        #expect(await webView.offer("swish://paymentrequest?token=t") == .cancel)
        await clock.waitForSleepers()
        return (harness, clock, webView)
    }

    @Test func aPagesDialogsAreAskedOfThePayerAndAnsweredToThePage() async throws {
        let presenter = RecordingDialogPresenter()
        let harness = harness(presenter: presenter)
        await harness.startV3()
        let webView = try #require(harness.webView)

        #expect(await webView.openDialog(.alert(message: "Card saved")) == .accepted)
        #expect(await webView.openDialog(.confirm(message: "Leave?")) == .accepted)
        presenter.reply = { _ in SwedbankPaySDK.PayerDialogResponse(button: 1) }
        #expect(await webView.openDialog(.confirm(message: "Leave?")) == .dismissed)
        presenter.reply = { _ in SwedbankPaySDK.PayerDialogResponse(button: 0, text: "4321") }
        #expect(await webView.openDialog(.prompt(message: "Code", defaultText: "0")) == .text("4321"))

        #expect(presenter.titles == ["Card saved", "Leave?", "Leave?", "Code"])
        #expect(presenter.shown.map(\.buttons.count) == [1, 2, 2, 2])
        #expect(presenter.shown.last?.textField == "0")
        #expect(harness.delegate.calls.isEmpty)
    }

    @Test func withoutAPresenterThePageGetsTheAnswersOfAnEngineWithoutAUI() async throws {
        let harness = harness(presenter: nil)
        await harness.startV3()
        let webView = try #require(harness.webView)
        #expect(await webView.openDialog(.alert(message: "a")) == .accepted)
        #expect(await webView.openDialog(.confirm(message: "c")) == .dismissed)
        #expect(await webView.openDialog(.prompt(message: "p", defaultText: "x")) == .dismissed)
    }

    @Test func aPaymentLeftInAnotherAppIsPromptedAndRetriedInTheBrowser() async throws {
        let presenter = RecordingDialogPresenter()
        presenter.reply = { _ in SwedbankPaySDK.PayerDialogResponse(button: 1) }
        let (harness, clock, _) = try await leftForSwish(presenter)
        clock.advance(by: 29)
        #expect(presenter.shown.isEmpty)
        clock.advance(by: 1)
        await settle { harness.pages.count == 2 }

        #expect(presenter.titles == ["Is the payment stuck?"])
        #expect(presenter.shown.first?.buttons.map(\.title) == ["Wait", "Continue in browser"])
        // Continuing in the browser: later pages open there, and the menu is shown again.
        #expect(harness.controller.webRedirectBehavior == .AlwaysUseBrowser)
        #expect(harness.pages.count == 2)
        #expect(harness.launcher.opened == ["open(swish://paymentrequest?token=t)"])
    }

    @Test func comingBackToTheAppGivesThePayerThreeSecondsBeforeThePrompt() async throws {
        let presenter = RecordingDialogPresenter()
        presenter.reply = { _ in SwedbankPaySDK.PayerDialogResponse(button: 0) }
        let (harness, clock, _) = try await leftForSwish(presenter)
        clock.advance(by: 40)
        await settle { presenter.shown.count == 1 }
        // "Wait": nothing changes, and nothing is asked again until the payer comes back.
        #expect(harness.controller.webRedirectBehavior == .Default)
        clock.advance(by: 60)
        #expect(presenter.shown.count == 1)
        harness.controller.applicationDidBecomeActive()
        await clock.waitForSleepers()
        clock.advance(by: 2)
        #expect(presenter.shown.count == 1)
        clock.advance(by: 1)
        await settle { presenter.shown.count == 2 }
        #expect(presenter.titles == ["Is the payment stuck?", "Is the payment stuck?"])
        #expect(harness.pages.count == 1)
    }

    @Test func aPaymentThatMovesOnInTheWebViewIsNotPrompted() async throws {
        let presenter = RecordingDialogPresenter()
        let (harness, clock, webView) = try await leftForSwish(presenter)
        #expect(await webView.offer("https://psp.example/checkout/3ds") == .allow)
        clock.advance(by: 60)
        harness.controller.applicationDidBecomeActive()
        clock.advance(by: 60)
        #expect(presenter.shown.isEmpty)
    }

    @Test func aPromptShownGivesWayToThePagesOwnDialog() async throws {
        let presenter = RecordingDialogPresenter()
        presenter.reply = { $0.kind == .page ? SwedbankPaySDK.PayerDialogResponse(button: 0) : nil }
        let (harness, clock, webView) = try await leftForSwish(presenter)
        clock.advance(by: 30)
        await settle { presenter.shown.count == 1 }
        #expect(await webView.openDialog(.confirm(message: "Continue?")) == .accepted)
        #expect(presenter.dismissals == 1)
        #expect(presenter.titles == ["Is the payment stuck?", "Continue?"])
        #expect(harness.controller.webRedirectBehavior == .Default)
    }

    @Test func underAnotherRedirectBehaviourOnlyTheBrowserNoticeIsShown() async throws {
        let presenter = RecordingDialogPresenter()
        let clock = ManualClock()
        let harness = harness(presenter: presenter, clock: clock)
        harness.controller.webRedirectBehavior = .AlwaysUseBrowser
        await harness.startV3()
        let webView = try #require(harness.webView)

        #expect(await webView.offer("swish://paymentrequest?token=t") == .cancel)
        clock.advance(by: 60)
        #expect(await webView.offer("https://bank.example/3ds") == .cancel)
        await settle { presenter.shown.count == 1 }
        #expect(presenter.titles == ["The payment continues in your browser"])
        #expect(
            harness.launcher.opened == [
                "open(swish://paymentrequest?token=t)", "appLink(https://bank.example/3ds) -> false",
                "open(https://bank.example/3ds)",
            ])
    }

    @Test func everyNavigationIsLoggedBeforeItIsDecided() async throws {
        let harness = harness(presenter: nil)
        var logged: [String] = []
        harness.controller.webNavigationLogger = { logged.append($0.absoluteString) }
        await harness.startV3()
        let webView = try #require(harness.webView)
        await webView.offer("https://psp.example/checkout/3ds")
        await webView.offer("https://merchant.example/complete")
        #expect(logged == ["https://psp.example/checkout/3ds", "https://merchant.example/complete"])
    }

    @Test func theTermsPageClosesWhenThePayerIsDone() async throws {
        let harness = harness(presenter: nil)
        await harness.startV3()
        let webView = try #require(harness.webView)
        #expect(await webView.offer("https://merchant.example/tos") == .cancel)
        let terms = try #require(harness.host.webViews.last)
        #expect(terms !== webView)
        #expect(harness.controller.termsOfServicePage?.title == "Terms of service")
        // The terms page stays a document: no apps, no popups.
        #expect(await terms.offer("https://merchant.example/tos#returns") == .allow)
        #expect(await terms.offer("swish://paymentrequest?token=t") == .cancel)
        #expect(await terms.offer("https://merchant.example/other", isNewWindow: true) == .cancel)
        harness.controller.dismissTermsOfService()
        #expect(harness.controller.termsOfServicePage == nil)
        await settle { terms.isClosed }
        #expect(terms.isClosed)
        #expect(harness.launcher.opened.isEmpty)
    }
}
