import Foundation
import Testing

@testable import SwedbankPaySDK

/// The "payment may be stuck" rules: exact effects for each input, in order.
struct ProcessHostWatchTests {
    typealias Watch = SwedbankPaySDK.ProcessHostWatch

    /// Feeds `inputs` in order and returns the effects of each.
    func run(_ inputs: [Watch.Input], from start: Watch = Watch()) -> [[Watch.Effect]] {
        var watch = start
        return inputs.map { watch.reduce($0) }
    }

    @Test func aPaymentLeftInAnotherAppIsPromptedThirtySecondsAfterItOpened() {
        #expect(
            run([
                .openedApp(at: 100), .appBecameActive(at: 110), .checkDue(at: 130), .promptClosed,
                .appBecameActive(at: 200), .checkDue(at: 203),
            ]) == [
                [.scheduleCheck(at: 130)], [.scheduleCheck(at: 130)], [.showMaybeStuck], [],
                [.scheduleCheck(at: 203)], [.showMaybeStuck],
            ])
    }

    @Test func comingBackLateStillGivesThePayerThreeSecondsFirst() {
        #expect(
            run([.openedApp(at: 0), .appBecameActive(at: 45), .checkDue(at: 45), .checkDue(at: 48)])
                == [[.scheduleCheck(at: 30)], [.scheduleCheck(at: 48)], [.scheduleCheck(at: 48)], [.showMaybeStuck]])
    }

    @Test func aNavigationInTheWebViewMeansThePaymentMovedOn() {
        #expect(
            run([.openedApp(at: 0), .webViewNavigated, .checkDue(at: 30), .appBecameActive(at: 40)])
                == [[.scheduleCheck(at: 30)], [.cancelCheck], [], []])
        #expect(
            run([.openedApp(at: 0), .checkDue(at: 30), .webViewNavigated])
                == [[.scheduleCheck(at: 30)], [.showMaybeStuck], [.cancelCheck, .dismissPrompt]])
    }

    @Test func theBrowserNoticeIsShownOnceAndReplacesTheStuckPrompt() {
        #expect(
            run([.openedApp(at: 0), .checkDue(at: 30), .openedBrowser, .openedBrowser, .appBecameActive(at: 99)])
                == [
                    [.scheduleCheck(at: 30)], [.showMaybeStuck],
                    [.dismissPrompt, .cancelCheck, .showContinuesInBrowser],
                    [.cancelCheck], [],
                ])
    }

    @Test func withoutTheDefaultRedirectBehaviourThereIsNoStuckPromptButStillTheBrowserNotice() {
        #expect(
            run([.promptsAllowed(false), .openedApp(at: 0), .checkDue(at: 30), .openedBrowser])
                == [[.cancelCheck], [], [], [.cancelCheck, .showContinuesInBrowser]])
        #expect(
            run([.openedApp(at: 0), .checkDue(at: 30), .promptsAllowed(false), .promptsAllowed(true)])
                == [[.scheduleCheck(at: 30)], [.showMaybeStuck], [.cancelCheck, .dismissPrompt], []])
    }

    @Test func anotherAppOpenedWhileThePromptIsShownStartsAgain() {
        #expect(
            run([.openedApp(at: 0), .checkDue(at: 30), .openedApp(at: 40)])
                == [[.scheduleCheck(at: 30)], [.showMaybeStuck], [.dismissPrompt, .scheduleCheck(at: 70)]])
    }
}
