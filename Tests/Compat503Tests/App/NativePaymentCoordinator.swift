import Foundation
import SwedbankPaySDK

// App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three ways).
// A native checkout's coordinator, as apps without UIKit in their view models write it: a
// main-actor class (as SwiftUI apps' view models are) that is the session's delegate, turns the instruments into the choices it shows (an
// exhaustive switch over 5.0.3's four instrument cases), keeps the SDK's retry closures, and
// hands the views the SDK gives it to whatever presents them.

struct PaymentChoice: Equatable {
    var title: String
    var instrument: SwedbankPaySDK.PaymentAttemptInstrument
}

@MainActor
class NativePaymentCoordinator: SwedbankPaySDKPaymentSessionDelegate {
    enum State: Equatable {
        case idle
        case loading
        case choosing([PaymentChoice])
        case paying
        case failed(String)
        case completed
        case canceled
    }

    let paymentSession: SwedbankPaySDK.SwedbankPayPaymentSession
    var applePayMerchantIdentifier = "merchant.com.example.shop"
    var swishNumber: String?
    private(set) var state = State.idle
    private(set) var webMenuShown = false
    var pendingRetry: (() -> Void)?
    var present: ((SwedbankPaySDK.PlatformViewController) -> Void)?
    var dismissPresented: (() -> Void)?
    var onChange: ((State) -> Void)?

    init(paymentSession: SwedbankPaySDK.SwedbankPayPaymentSession) {
        self.paymentSession = paymentSession
        paymentSession.delegate = self
    }

    convenience init() {
        self.init(paymentSession: SwedbankPaySDK.SwedbankPayPaymentSession())
    }

    func start(sessionURL: URL) {
        update(.loading)
        paymentSession.fetchPaymentSession(sessionURL: sessionURL)
    }

    func pay(with choice: PaymentChoice) {
        update(.paying)
        paymentSession.makeNativePaymentAttempt(instrument: choice.instrument)
    }

    func showAllMethods() {
        paymentSession.createSwedbankPaySDKController(mode: .menu(restrictedToInstruments: nil))
    }

    func cancel() {
        paymentSession.abortPaymentSession()
    }

    func retry() {
        let retry = pendingRetry
        pendingRetry = nil
        retry?()
    }

    private func update(_ newState: State) {
        state = newState
        onChange?(newState)
    }

    func choices(for instruments: [SwedbankPaySDK.AvailableInstrument]) -> [PaymentChoice] {
        var choices: [PaymentChoice] = []
        for instrument in instruments {
            switch instrument {
            case .swish(let prefills):
                choices.append(PaymentChoice(title: "Swish", instrument: .swish(msisdn: nil)))
                if let number = swishNumber ?? prefills?.first?.msisdn {
                    choices.append(PaymentChoice(title: "Swish \(number)", instrument: .swish(msisdn: number)))
                }
            case .creditCard(let prefills):
                for card in prefills ?? [] {
                    choices.append(
                        PaymentChoice(
                            title: "\(card.cardBrand) \(card.maskedPan) \(card.expiryString)",
                            instrument: .creditCard(prefill: card)))
                }
                choices.append(
                    PaymentChoice(
                        title: "New card", instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: true)))
            case .applePay(let canMakePayments, let canMakePaymentsUsingNetworksAndCapabilities):
                if canMakePayments && canMakePaymentsUsingNetworksAndCapabilities {
                    choices.append(
                        PaymentChoice(
                            title: "Apple Pay", instrument: .applePay(merchantIdentifier: applePayMerchantIdentifier)))
                }
            case .webBased(let paymentMethod):
                _ = paymentMethod  // offered through showAllMethods()
            }
        }
        return choices
    }

    // MARK: SwedbankPaySDKPaymentSessionDelegate

    func paymentSessionComplete() { update(.completed) }
    func paymentSessionCanceled() { update(.canceled) }

    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        update(.choosing(choices(for: availableInstruments)))
    }

    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        let status = problem.status.map { " (\($0))" } ?? ""
        update(.failed("\(problem.title ?? problem.type)\(status): \(problem.detail ?? "-")"))
    }

    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        switch problem {
        case .paymentSessionAPIRequestFailed(let error, let retry):
            pendingRetry = retry
            update(.failed("request failed: \(error.localizedDescription)"))
        case .paymentControllerPaymentFailed(let error, let retry):
            pendingRetry = retry
            update(.failed("web payment failed: \(error.localizedDescription)"))
        case .paymentSession3DSecureViewControllerLoadFailed(let error, let retry):
            pendingRetry = retry
            update(.failed("3-D Secure failed: \(error.localizedDescription)"))
        case .paymentSessionEndStateReached:
            update(.failed("session ended"))
        case .internalInconsistencyError:
            update(.failed("internal inconsistency"))
        case .automaticConfigurationFailed:
            update(.failed("automatic configuration failed"))
        case .abortPaymentNotAllowed:
            update(.failed("abort not allowed"))
        }
    }

    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
        webMenuShown = true
        present?(viewController)
    }

    func show3DSecureViewController(viewController: SwedbankPaySDK.PlatformViewController) {
        present?(viewController)
    }

    func dismiss3DSecureViewController() {
        dismissPresented?()
    }
}
