import BrowserHost
import Foundation
import PaymentSandbox
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// A Swish attempt in the payment menu polls its state while the payer is in the app. A poll still
/// on its way when the attempt's own answer has been handled — a slow machine; here the poll's
/// answer is held back by a fault rule — is dropped: the page tells a failed attempt once, and
/// polls no more. (Before, the late "still pending" answer started polling again, and the next poll
/// told the failure a second time: seen as two `OnPaymentAttemptFailed` under a load average of 17.)
@MainActor @Suite(.timeLimit(.minutes(3))) struct SwishLatePollTests {
    @Test func aPollAnsweredAfterTheAttemptEndedTellsNothingMore() async throws {
        try await WebPaymentWorld.run { world in
            let recorder = DelegateRecorder()
            let controller = world.controller(recorder)
            controller.startPayment(paymentOrder: world.order())
            try await recorder.wait(for: "paymentOrderDidShow")
            let info = try #require(controller.currentPaymentOrder)
            let path = try #require(info.paymentId)
            _ = try await WebSwishProblemsEndToEndTests.arm("swishdeclined", path, in: world)
            // The first poll reads "still pending" at once; its answer reaches the page 2 s later.
            let token = try WebPaymentWorld.viewToken(info)
            try world.sandbox.addFault(FaultFlagParser.parse("GET /checkout/frame/\(token)/state delay:2 after x1"))

            let page = try world.sdkPage()
            let menu = try world.menu(info)
            try await page.waitFor("document.querySelector('#choose-Swish')", in: menu)
            try await page.click("#choose-Swish", in: menu)
            try await page.type("+46 739 000 001", into: "#swish-msisdn", in: menu)
            try await page.waitFor("!document.querySelector('#pay-swish').disabled", in: menu)
            try await page.click("#pay-swish", in: menu)
            try await page.waitFor("!document.querySelector('#swish-pending').hidden", in: menu)
            // The poll is on its way (held): the payer declines in the app meanwhile.
            await world.sandbox.faultsApplied(1)
            try await page.click("#swish-approve", in: menu)
            _ = try await recorder.waitForJavaScriptEvent("OnPaymentAttemptFailed")

            // Absence: a second telling would come within the held answer (2 s) and one poll
            // interval (1 s) of the first; 8 s are given.
            let failures = { recorder.javaScriptEvents.filter { $0 == "OnPaymentAttemptFailed" }.count }
            await Arrivals.settle(seconds: 8) { failures() >= 2 }
            #expect(failures() == 1, "\(recorder.javaScriptEvents)")
            let notice = try await page.evaluate("document.getElementById('notice').textContent", in: menu)
            #expect(notice.stringValue?.isEmpty == false, "\(notice)")
            #expect(try await world.statusAtSwedbankPay(info) == "Initialized")
        }
    }
}
