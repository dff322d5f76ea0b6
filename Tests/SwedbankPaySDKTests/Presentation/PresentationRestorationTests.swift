import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Restoration where SwiftUI and scene-based apps keep it: a running presentation's data, kept by
/// the app (in `SceneStorage`), restores the payment in a new presenter after the app was
/// terminated; a save that fails is reported, never dropped.
@MainActor
@Suite(.serialized) struct PresentationRestorationTests {
    typealias World = WebPaymentPresentationTests.World

    @Test func aRunningPaymentsDataRestoresItInTheNextRunsPresenterUntilItEnds() async throws {
        let before = World()
        let firstRun = SwedbankPaySDK.WebPaymentPresenter()
        // Nothing shown, nothing to keep (what the app kept is cleared).
        #expect(firstRun.restorationData() == nil)
        _ = firstRun.presentation(
            make: before.make,
            restore: { _ in
                Issue.record("nothing was saved"); return before.make()
            }, saved: nil,
            onCompletion: { _ in })
        await before.host.htmlLoads.wait()
        let saved = try #require(firstRun.restorationData())

        // The app was terminated; the next run shows the sheet again with what it kept.
        let after = World()
        let nextRun = SwedbankPaySDK.WebPaymentPresenter()
        var madeNew = 0
        let presentation = nextRun.presentation(
            make: {
                madeNew += 1
                return after.make()
            },
            restore: { data in
                let restored = SwedbankPaySDK.WebPaymentPresentation(
                    configuration: after.configuration, restoringFrom: data, webViewHost: after.host,
                    appLauncher: after.launcher)
                restored.observer = after.observer
                return restored
            },
            saved: saved, onCompletion: { after.endings.value.append("\($0)") })
        #expect(madeNew == 0)
        await after.host.htmlLoads.wait()
        // The same menu, and no second payment order.
        #expect(after.host.last?.loadedHTML.map(\.html) == before.host.last?.loadedHTML.map(\.html))
        #expect(after.configuration.calls.isEmpty)
        #expect(presentation.controller.currentPaymentOrder == WebPaymentFixtures.v3Info)
        // Kept again while it runs: the restored payment restores too.
        #expect(nextRun.restorationData() != nil)

        after.post("onPaid")
        let result = await presentation.result()
        #expect("\(result)" == "complete")
        #expect(result.paymentOrder == WebPaymentFixtures.v3Info)
        #expect(after.endings.value == ["complete"])
        // Ended: nothing to restore any more.
        #expect(nextRun.restorationData() == nil)
        #expect(presentation.restorationData() == nil)
    }

    @Test func unreadableDataEndsTheRestoredPaymentFailed() async {
        let world = World()
        let presentation = SwedbankPaySDK.WebPaymentPresentation(
            configuration: world.configuration, restoringFrom: Data("not a payment".utf8), webViewHost: world.host,
            appLauncher: world.launcher)
        presentation.start()
        #expect("\(await presentation.result())" == "failed(unknown)")
        #expect(world.configuration.calls.isEmpty)
    }

    /// User data whose encoding fails, as an app's can.
    struct UnencodableUserData: Codable, Sendable {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "Refused" }
        }
        func encode(to encoder: any Encoder) throws { throw Refused() }
    }

    @Test func aSaveThatFailsIsReportedToTheDelegateAndTheObserver() async {
        SwedbankPaySDK.registerCodable(UnencodableUserData.self, encodedTypeName: "test.UnencodableUserData")
        let world = World()
        let presentation = SwedbankPaySDK.WebPaymentPresentation(
            configuration: world.configuration, paymentOrder: WebPaymentFixtures.order,
            userData: UnencodableUserData(), webViewHost: world.host, appLauncher: world.launcher)
        presentation.observer = world.observer
        presentation.start()
        await world.host.htmlLoads.wait()
        world.observer.calls.removeAll()
        #expect(presentation.restorationData() == nil)
        #expect(world.observer.calls == ["paymentRestorationSaveFailed(Refused)"])

        // UIKit's encodeRestorableState(with:) saves through the same step: its delegate hears it.
        let harness = ControllerHarness()
        harness.controller.startPayment(
            withCheckin: false, consumer: nil, paymentOrder: WebPaymentFixtures.order,
            userData: UnencodableUserData())
        await harness.host.htmlLoads.wait()
        harness.delegate.calls.removeAll()
        #expect(harness.controller.restorationDataToSave() == nil)
        #expect(harness.delegate.calls == ["paymentRestorationSaveFailed(Refused)"])
    }
}
