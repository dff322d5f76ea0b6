import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// The cross-platform core of the SwiftUI entry point: one ending per presentation, reported once;
/// a sheet closed by the payer aborts the payment; one presentation per time the sheet is shown.
@MainActor
@Suite(.serialized) struct WebPaymentPresentationTests {
    /// A presentation over a scripted web view and a stub configuration, recording its endings.
    @MainActor
    struct World {
        let host = ScriptedWebViewHost()
        let launcher = WebRecordingAppLauncher()
        let configuration: StubWebConfiguration
        let observer = RecordingWebDelegate()
        let endings = Box<[String]>([])

        init(configuration: StubWebConfiguration = StubWebConfiguration()) {
            self.configuration = configuration
        }

        func make() -> SwedbankPaySDK.WebPaymentPresentation {
            let presentation = SwedbankPaySDK.WebPaymentPresentation(
                configuration: configuration, paymentOrder: WebPaymentFixtures.order, webViewHost: host,
                appLauncher: launcher)
            presentation.observer = observer
            return presentation
        }

        func post(_ msg: String) {
            _ = host.last?.post(.object(["msg": .string(msg), "arg": .null]), to: "swedbankpay")
        }
    }

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    @Test func aPaidPaymentEndsCompleteOnceForTheCallbackTheAwaiterAndTheObserver() async {
        let world = World()
        let presentation = world.make()
        presentation.onCompletion = { world.endings.value.append("\($0)") }
        #expect("\(presentation.phase)" == "notStarted")
        presentation.start()
        presentation.start()
        #expect("\(presentation.phase)" == "running")
        await world.host.htmlLoads.wait()
        _ = world.host.last?.post(
            .object(["msg": .string("generalEvent"), "arg": .object(["sourceEvent": .string("OnCheckoutLoaded")])]),
            to: "swedbankpay")
        world.post("onPaid")
        let result = await presentation.result()
        #expect("\(result)" == "complete")
        #expect(result.paymentOrder == WebPaymentFixtures.v3Info)
        #expect("\(presentation.phase)" == "ended(complete)")
        #expect(world.endings.value == ["complete"])
        #expect(world.configuration.calls == ["postPaymentorders(1500, ref: nil, options: 1)"])
        #expect(
            world.observer.calls == [
                "paymentOrderDidShow(\(WebPaymentFixtures.v3Info.viewPaymentLink.absoluteString))",
                "javaScriptEvent(OnCheckoutLoaded, [\"sourceEvent\"])", "paymentComplete",
            ])
        // Once ended, a late dismissal changes nothing.
        presentation.dismissedByPayer()
        #expect("\(await presentation.result())" == "complete")
        #expect(world.endings.value == ["complete"])
    }

    @Test func closingTheViewWhileTheMenuIsShownAbortsThePaymentOrderAndEndsCanceled() async {
        let world = World()
        let presentation = world.make()
        presentation.onCompletion = { world.endings.value.append("\($0)") }
        presentation.start()
        await world.host.htmlLoads.wait()
        presentation.dismissedByPayer()
        #expect(["aborting", "ended(canceled)"].contains("\(presentation.phase)"))
        let result = await presentation.result()
        #expect("\(result)" == "canceled")
        #expect(result.paymentOrder == WebPaymentFixtures.v3Info)
        #expect(
            world.configuration.calls == [
                "postPaymentorders(1500, ref: nil, options: 1)",
                "abortPayment(\(WebPaymentFixtures.v3Info.paymentId!))",
            ])
        #expect(world.endings.value == ["canceled"])
    }

    @Test func anAbortThatFailsEndsFailedWithItsError() async {
        let configuration = StubWebConfiguration()
        configuration.abortReply = .failure(TestBackendError(code: 409))
        let world = World(configuration: configuration)
        let presentation = world.make()
        presentation.start()
        await world.host.htmlLoads.wait()
        presentation.dismissedByPayer()
        #expect("\(await presentation.result())" == "failed(TestBackendError(code: 409))")
    }

    @Test func closingBeforeItStartedEndsCanceledWithoutCallingTheBackend() async {
        let world = World()
        let presentation = world.make()
        presentation.dismissedByPayer()
        presentation.start()
        #expect("\(presentation.phase)" == "ended(canceled)")
        #expect(await presentation.result().paymentOrder == nil)
        #expect(world.configuration.calls.isEmpty)
        #expect(world.host.webViews.isEmpty)
    }

    @Test func theSheetShowsOnePresentationUntilItIsDismissedThenANewPaymentStarts() async {
        let world = World(
            configuration: StubWebConfiguration(paymentOrders: [
                .value(WebPaymentFixtures.v3Info), .value(WebPaymentFixtures.v3Info(paymentUrlID: "second")),
            ]))
        let presenter = SwedbankPaySDK.WebPaymentPresenter()
        var made = 0
        let make = {
            made += 1
            return world.make()
        }
        let record: (SwedbankPaySDK.PaymentResult) -> Void = { world.endings.value.append("\($0)") }
        let first = presenter.presentation(make: make, onCompletion: record)
        #expect(presenter.presentation(make: make, onCompletion: record) === first)
        #expect(made == 1)
        await world.host.htmlLoads.wait()
        world.post("onPaid")
        _ = await first.result()
        // SwiftUI may ask again while the sheet closes: still the ended one, no second order.
        #expect(presenter.presentation(make: make, onCompletion: record) === first)
        presenter.sheetDismissed()
        #expect(presenter.current == nil)
        #expect(presenter.ending.isEmpty)

        let second = presenter.presentation(make: make, onCompletion: record)
        #expect(second !== first)
        #expect(made == 2)
        await world.host.htmlLoads.wait(for: 2)
        #expect(world.endings.value == ["complete"])
        #expect(
            world.configuration.calls == [
                "postPaymentorders(1500, ref: nil, options: 1)", "postPaymentorders(1500, ref: nil, options: 1)",
            ])
    }

    @Test func aSheetSwipedAwayKeepsItsPaymentUntilTheAbortEndsIt() async {
        let world = World()
        let presenter = SwedbankPaySDK.WebPaymentPresenter()
        let presentation = presenter.presentation(
            make: world.make, onCompletion: { world.endings.value.append("\($0)") })
        await world.host.htmlLoads.wait()
        presenter.sheetDismissed()
        #expect(presenter.current == nil)
        #expect(presenter.ending.count == 1 || presentation.isEnded)
        _ = await presentation.result()
        #expect(presenter.ending.isEmpty)
        #expect(world.endings.value == ["canceled"])
        #expect(world.configuration.calls.last == "abortPayment(\(WebPaymentFixtures.v3Info.paymentId!))")
    }
}
