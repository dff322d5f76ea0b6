import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// The controller's side as the runner sees it, recorded: what a test port hands the runner and
/// what the runner asks of it.
@MainActor
final class FakeWebPaymentPort: SwedbankPaySDK.WebPaymentPort {
    let recorder = RecordingWebDelegate()
    var delegate: (any SwedbankPaySDKDelegate)? { recorder }
    var paymentMenuStyle: [String: Any]?
    /// As the controller's property does, a change tells the runner whether prompts are allowed.
    var webRedirectBehavior = SwedbankPaySDKController.WebRedirectBehavior.Default {
        didSet { runner?.send(.redirectBehaviorSet(webRedirectBehavior)) }
    }
    var webNavigationLogger: ((URL) -> Void)?
    var activeDialogPresenter: (any SwedbankPaySDK.PayerDialogPresenter)?
    let viewControllerForDialogs = SwedbankPaySDK.PlatformViewController()
    weak var runner: WebPaymentRunner?
    private(set) var embedded: [SwedbankPaySDK.PlatformViewController] = []
    private(set) var presentedTerms: [String] = []
    private(set) var dismissedTerms = 0

    func embed(_ viewController: SwedbankPaySDK.PlatformViewController) { embedded.append(viewController) }

    func presentTermsOfService(_ viewController: SwedbankPaySDK.PlatformViewController, title: String) {
        presentedTerms.append(title)
    }

    func dismissTermsOfServicePresentation(_ viewController: SwedbankPaySDK.PlatformViewController) {
        dismissedTerms += 1
    }
}

/// Opens nothing until the test says whether it opened: the navigation that asked waits.
@MainActor
final class GatedAppLauncher: SwedbankPaySDK.AppLauncher {
    private(set) var asked: [String] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    private var pending: [CheckedContinuation<Bool, Never>] = []

    func open(_ url: URL) async -> Bool {
        await withCheckedContinuation { continuation in
            pending.append(continuation)
            asked.append(url.absoluteString)
        }
    }

    /// Answers the oldest open waiting.
    func finish(opened: Bool) {
        pending.removeFirst().resume(returning: opened)
    }
}

/// The runner without a controller: a fake port, a scripted web view host, a launcher and the
/// stub configuration. Each test shows actions of the flow carried out.
@MainActor
@Suite struct WebPaymentRunnerTests {
    typealias F = WebPaymentFixtures

    let port = FakeWebPaymentPort()
    let host = ScriptedWebViewHost()
    let clock = ManualClock()
    let runner: WebPaymentRunner

    init() {
        runner = WebPaymentRunner(port: port)
        port.runner = runner
        runner.clock = clock
    }

    func setup(
        _ configuration: StubWebConfiguration, launcher: any SwedbankPaySDK.AppLauncher = WebRecordingAppLauncher()
    ) -> WebPaymentRunner.Setup {
        WebPaymentRunner.Setup(configuration: configuration, webViewHost: host, appLauncher: launcher)
    }

    func startV3(
        _ configuration: StubWebConfiguration = StubWebConfiguration(paymentOrders: [
            .value(F.v3Info(paymentUrlID: "runner"))
        ]),
        launcher: any SwedbankPaySDK.AppLauncher = WebRecordingAppLauncher(), userData: Any? = nil
    ) async throws -> ScriptedWebView {
        runner.start(
            useCheckin: false, isV3: true,
            arguments: SwedbankPaySDK.FlowArguments(paymentOrder: F.order, userData: userData),
            setup: setup(configuration, launcher: launcher))
        await host.htmlLoads.wait()
        return try #require(host.last)
    }

    @Test func aShownPageThatReportsPaidCompletesThroughThePort() async throws {
        port.paymentMenuStyle = ["theme": "dark"]
        let info = F.v3Info(paymentUrlID: "runner-paid")
        let webView = try await startV3(StubWebConfiguration(paymentOrders: [.value(info)]))
        // The page went into the web view the port embedded, with the app's style.
        #expect(port.embedded.count == 1)
        #expect(port.embedded.first === webView.viewController)
        #expect(webView.loadedHTML.count == 1)
        #expect(webView.loadedHTML[0].html.contains(#""theme":"dark""#))
        #expect(webView.loadedHTML[0].baseURL == F.url("https://merchant.example/"))

        #expect(webView.post(.object(["msg": .string("onPaid")]), to: "swedbankpay"))
        #expect(port.recorder.calls == ["paymentComplete"])
        #expect(runner.flow.payment == .complete(info))
        // Ended: the runner no longer takes its returning paymentUrl.
        #expect(!SwedbankPaySDK.open(url: info.paymentUrl!))
    }

    @Test func aFailedUpdateTellsTheDelegateTheAppsUpdateInfo() async throws {
        let configuration = StubWebConfiguration(paymentOrders: [.value(F.v3Info)])
        configuration.queueUpdates([.failure(TestBackendError(code: 7))])
        let webView = try await startV3(configuration)

        runner.update(with: "Swish")
        #expect(runner.flow.payment == .updatingPaymentOrder(F.v3Info, options: .isV3, update: 1))
        await settle { port.recorder.calls.count == 1 }
        #expect(port.recorder.calls == ["updatePaymentOrderFailed(Swish, TestBackendError(code: 7))"])
        #expect(configuration.calls.last == "updatePaymentOrder(Swish)")
        // The menu stays as it was: no page loaded again.
        #expect(runner.flow.payment == .paying(F.v3Info, options: .isV3))
        #expect(webView.loadedHTML.count == 1)
    }

    @Test func aNavigationToAnotherAppIsAnsweredOnlyOnceTheAppOpened() async throws {
        let launcher = GatedAppLauncher()
        let webView = try await startV3(launcher: launcher)

        let decision = Task { await webView.offer("swish://paymentrequest?token=t") }
        await settle { launcher.asked.count == 1 }
        // The web view still waits for its answer while the app opens.
        #expect(runner.navigations.waiting.count == 1)
        #expect(clock.sleeperCount == 0)
        launcher.finish(opened: true)
        #expect(await decision.value == .cancel)
        #expect(launcher.asked == ["swish://paymentrequest?token=t"])
        #expect(runner.navigations.waiting.isEmpty)
        // The payment is now in another app: the stuck-prompt check is scheduled 30 s on.
        await clock.waitForSleepers()
        #expect(port.recorder.calls.isEmpty)
    }

    @Test func continuingInTheBrowserSetsThePortsRedirectBehaviourAndReloadsTheMenu() async throws {
        let presenter = RecordingDialogPresenter()
        presenter.reply = { _ in SwedbankPaySDK.PayerDialogResponse(button: 1) }
        port.activeDialogPresenter = presenter
        SwedbankPaySDK.Strings.language = "en"
        let webView = try await startV3()
        #expect(await webView.offer("swish://paymentrequest?token=t") == .cancel)
        await clock.waitForSleepers()
        clock.advance(by: 30)
        await settle { webView.loadedHTML.count == 2 }

        #expect(presenter.titles == ["Is the payment stuck?"])
        #expect(port.webRedirectBehavior == .AlwaysUseBrowser)
        // The menu is shown again, opening the hosted view after the delay.
        #expect(runner.flow.shownPage?.number == 2)
    }

    @Test func theTermsPageIsPresentedAndDismissedThroughThePort() async throws {
        let webView = try await startV3()
        #expect(await webView.offer("https://merchant.example/tos") == .cancel)
        #expect(port.recorder.calls == ["overrideTermsOfServiceTapped(https://merchant.example/tos)"])
        #expect(port.presentedTerms == ["Terms of service"])
        let terms = try #require(runner.termsWebView)
        runner.dismissTermsOfService()
        #expect(port.dismissedTerms == 1)
        #expect(runner.termsWebView == nil)
        await settle { (terms as? ScriptedWebView)?.isClosed == true }
    }

    /// The terms page's navigations are the flow's to decide: a document to read, so http(s) in
    /// place only — no other app, no popup.
    @Test func theTermsPagesNavigationsAreDecidedByTheFlow() async throws {
        let webView = try await startV3()
        #expect(await webView.offer("https://merchant.example/tos") == .cancel)
        let terms = try #require(runner.termsWebView as? ScriptedWebView)
        #expect(await terms.offer("https://merchant.example/tos#section-2") == .allow)
        #expect(await terms.offer("swish://paymentrequest?token=t") == .cancel)
        #expect(await terms.offer("https://elsewhere.example/", isNewWindow: true) == .cancel)
        #expect(runner.navigations.waiting.isEmpty)
    }

    /// A page's dialog with no presenter is answered as an engine without a UI answers, as the
    /// flow decides; with one, the payer is asked.
    @Test func aPageDialogIsAnsweredAsTheFlowDecidesWithOrWithoutAPresenter() async throws {
        let webView = try await startV3()
        #expect(await webView.openDialog(.alert(message: "a")) == .accepted)
        #expect(await webView.openDialog(.confirm(message: "c")) == .dismissed)
        let presenter = RecordingDialogPresenter()
        presenter.reply = { _ in SwedbankPaySDK.PayerDialogResponse(button: 0) }
        port.activeDialogPresenter = presenter
        #expect(await webView.openDialog(.confirm(message: "c")) == .accepted)
        #expect(presenter.shown.count == 1)
        #expect(runner.dialogs.waiting.isEmpty)
    }

    @Test func aReturningPaymentUrlReloadsTheMenu() async throws {
        let info = F.v3Info(paymentUrlID: "runner-return")
        let webView = try await startV3(StubWebConfiguration(paymentOrders: [.value(info)]))
        #expect(SwedbankPaySDK.open(url: info.paymentUrl!))
        await host.htmlLoads.wait(for: 2)
        #expect(webView.loadedHTML.count == 2)
        // Reloaded with the delay, so a payment order changed by the returning page has settled.
        #expect(webView.loadedHTML[1].html.contains("var delay = \(SwedbankPaySDK.WebPaymentPage.delayMilliseconds);"))
        #expect(webView.loadedHTML[0].html.contains("var delay = 0;"))
        #expect(runner.flow.payment == .paying(info, options: .isV3))
    }

    @Test func withoutASetupThePaymentFailsAtOnce() {
        runner.start(useCheckin: false, isV3: true, arguments: SwedbankPaySDK.FlowArguments(), setup: nil)
        #expect(port.recorder.calls == ["paymentFailed(missingConfiguration)"])
        #expect(host.webViews.isEmpty)
    }

    @Test func aSavedPaymentGoesOnInAnotherRunnerWithTheSameOrderKey() async throws {
        let configuration = StubWebConfiguration(paymentOrders: [.hang])
        runner.start(
            useCheckin: false, isV3: true, arguments: SwedbankPaySDK.FlowArguments(paymentOrder: F.order),
            setup: setup(configuration))
        await settle { configuration.calls.count == 1 }
        let data = try runner.restorationData(configurationWasGiven: false)

        let otherPort = FakeWebPaymentPort()
        let other = WebPaymentRunner(port: otherPort)
        let resumed = StubWebConfiguration(paymentOrders: [.value(F.v3Info)])
        other.restore(
            from: data, configurationIsGiven: false,
            setup: WebPaymentRunner.Setup(
                configuration: resumed, webViewHost: host, appLauncher: WebRecordingAppLauncher()))
        await host.htmlLoads.wait()
        #expect(resumed.calls == ["postPaymentorders(1500, ref: nil, options: 1)"])
        #expect(resumed.orderKeys == [try #require(runner.run?.orderKey)])
        #expect(other.flow.payment == .paying(F.v3Info, options: .isV3))
        #expect(otherPort.embedded.count == 1)
    }
}
