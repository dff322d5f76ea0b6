import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

#if canImport(UIKit)
    import UIKit

    typealias SeedHostViewController = UIViewController
#else
    /// Seed 000's iOS code is written in a `UIViewController`; elsewhere the same calls go to the
    /// presentable the SDK uses, with `present`/`dismiss` recorded.
    typealias UIViewController = SwedbankPaySDK.PlatformViewController

    @MainActor
    class SeedHostViewController: SwedbankPaySDK.PlatformViewController {
        var presented: [SwedbankPaySDK.PlatformViewController] = []
        var dismissals = 0

        func present(_ viewController: SwedbankPaySDK.PlatformViewController, animated: Bool) {
            presented.append(viewController)
            Arrivals.anything.arrive()
        }

        func dismiss(animated: Bool) {
            dismissals += 1
            Arrivals.anything.arrive()
        }
    }
#endif

// The iOS code of seed 000 ("Native Payments"), as written there. The only additions are marked
// "(added)": the seed's snippets live in a view controller that owns the session and the picked card.

/// The eight delegate methods as the seed's first snippet writes them.
@MainActor
final class Seed000Delegate: SwedbankPaySDKPaymentSessionDelegate {
    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        print("Available Instruments Fetched")
    }

    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        print("Session Problem Occurred")
    }

    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        print("SDK Problem Occurred")
    }

    func paymentSessionComplete() {
        print("Payment Session Complete")
    }

    func paymentSessionCanceled() {
        print("Payment Session Canceled")
    }

    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
        print("Show Swedbank Pay SDK Controller")
    }

    func show3DSecureViewController(viewController: UIViewController) {
        print("Show 3D Secure View Controller")
    }

    func dismiss3DSecureViewController() {
        print("Dismiss 3D Secure View Controller")
    }
}

/// The later snippets: a checkout view controller presenting what the session hands it.
@MainActor
final class Seed000CheckoutViewController: SeedHostViewController, SwedbankPaySDKPaymentSessionDelegate {
    var paymentSession = SwedbankPaySDK.SwedbankPayPaymentSession(environment: .standard)  // (added)
    var pickedCard = SessionFixtures.visa  // (added)
    var availableInstruments: [SwedbankPaySDK.AvailableInstrument] = []  // (added)

    func start() {
        let paymentSession = SwedbankPaySDK.SwedbankPayPaymentSession()

        paymentSession.delegate = self

        paymentSession.fetchPaymentSession(
            sessionURL: URL(
                string:
                    "https://ecom.externalintegration.payex.com/psp/paymentsessions/5a17c24e-d459-4567-bbad-aa0f17a76119?_tc_tid=30f2168171e142d38bcd4af2c3721959"
            )!)
    }

    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        // TODO: Present `availableInstruments` array to user
        self.availableInstruments = availableInstruments  // (added)
        Arrivals.anything.arrive()  // (added: the test awaits it)
    }

    func paySwishHere() {
        paymentSession.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))
    }

    func paymentSessionComplete() {
        dismiss(animated: true)
        print("Payment Session Complete")
    }

    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        // TODO: Inform user of problem details for `problem`, give option to make new payment attempt or cancel
    }

    func abort() {
        paymentSession.abortPaymentSession()
    }

    func paymentSessionCanceled() {
        dismiss(animated: true)
        print("Payment Session Canceled")
    }

    func paySwish() {
        // Start Swish payment with local start of the Swish app on the users device
        paymentSession.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))

        // Start Swish payment with the Swish app on another device using a specific MSISDN
        paymentSession.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
    }

    func payWithSavedCard() {
        // Start saved credit card paymnent
        paymentSession.makeNativePaymentAttempt(instrument: .creditCard(prefill: pickedCard))
    }

    func show3DSecureViewController(viewController: UIViewController) {
        present(viewController, animated: true)
        print("Show 3D Secure View Controller")
    }

    func dismiss3DSecureViewController() {
        dismiss(animated: true)
        print("Dismiss 3D Secure View Controller")
    }

    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        if case .paymentSession3DSecureViewControllerLoadFailed(let error, let retry) = problem {
            // TODO: Inform user of an error loading the 3D Secure view and provide the option to retry or cancel
            print("3D Secure View Controller Load Failed")
            _ = (error, retry)  // (added: the seed leaves them unused)
        }
    }

    func payWithNewCard() {
        // Start new credit card paymnent, showing the consent checkbox
        paymentSession.makeNativePaymentAttempt(instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: true))

        // Start new credit card paymnent, hiding the consent checkbox and using the Payment Order `generatePaymentToken` parameter instead
        paymentSession.makeNativePaymentAttempt(instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: false))
    }

    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
        present(viewController, animated: true)
        print("Show Swedbank Pay SDK Controller")
    }

    func payWithApplePay() {
        // Start Apple Pay payment
        paymentSession.makeNativePaymentAttempt(
            instrument: .applePay(merchantIdentifier: "merchant.com.swedbankpay.exampleapp"))
    }

    func showMenu() {
        paymentSession.createSwedbankPaySDKController(mode: .menu(restrictedToInstruments: nil))
    }

    func showWebBasedMenu() {
        let restrictedToInstruments = availableInstruments.filter {
            if case .webBased = $0 {
                return true
            }

            return false
        }
        paymentSession.createSwedbankPaySDKController(mode: .menu(restrictedToInstruments: restrictedToInstruments))
    }

    func showInvoice() {
        if let instrument = availableInstruments.first(where: { $0.paymentMethod == "Invoice-PayExFinancingSe" }) {
            paymentSession.createSwedbankPaySDKController(mode: .instrumentMode(instrument: instrument))
        }
    }
}

/// Seed 000's code runs against stubs: the checkout controller sees the instruments, presents and
/// dismisses the 3-D Secure page, and pays.
@Suite(.timeLimit(.minutes(1))) @MainActor struct Seed000ExampleTests {
    typealias F = SessionFixtures

    @Test func theSeedsCheckoutPaysASavedCardThroughThreeDSecure() async throws {
        let harness = SessionHarness()
        let checkout = Seed000CheckoutViewController()
        checkout.paymentSession = try #require(harness.session)
        checkout.paymentSession.delegate = checkout
        harness.session?.delegate = checkout
        harness.stub("GET", "", F.fresh)
        harness.stub("POST", "/prepare", F.choosing(cardExpanded: true))
        harness.stub("POST", "/methods/CreditCard/attempts", F.completeAuthentication)
        harness.stub("POST", "/sca/complete-authentication", F.terminal(redirect: F.completeUrl))
        checkout.paymentSession.fetchPaymentSession(sessionURL: F.sessionURL)
        await harness.until("the instruments") { !checkout.availableInstruments.isEmpty }
        #expect(checkout.availableInstruments.map(\.paymentMethod).contains("Invoice-PayExFinancingSe"))
        checkout.payWithSavedCard()
        await harness.until("the challenge") { harness.host.last?.loadedHTML.isEmpty == false }
        let challenge = try #require(harness.host.last)
        #if !canImport(UIKit)
            // The page loads while the delegate call is on its way to the main actor.
            await harness.until("the presentation") { !checkout.presented.isEmpty }
            #expect(checkout.presented.first === challenge.viewController)
        #endif
        let final = SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: F.notificationUrl)!, method: "POST", body: Data("cres=Y3Jlcw".utf8))
        await challenge.offer(final)
        await harness.until("the payment") { harness.requests.last == "POST /sca/complete-authentication" }
        #if !canImport(UIKit)
            await harness.until("the dismissals") { checkout.dismissals == 2 }  // 3-D Secure, then complete
        #endif
    }

    @Test func theFirstSnippetsDelegateConforms() {
        let delegate: any SwedbankPaySDKPaymentSessionDelegate = Seed000Delegate()
        delegate.dismiss3DSecureViewController()
    }
}
