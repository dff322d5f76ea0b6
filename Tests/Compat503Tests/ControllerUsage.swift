import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

// Controller code as apps write it against 5.0.3: a subclass choosing its configuration (so
// state restoration can find it again), the legacy initializer, the navigation logger, and a
// switch over the controller's errors with 5.0.3's cases.

/// 5.0.3's documented pattern for several configurations: override `configuration`.
final class CheckoutController: SwedbankPaySDKController {
    static var selected: SwedbankPaySDKConfiguration = AppBackendConfiguration()

    override var configuration: SwedbankPaySDKConfiguration {
        CheckoutController.selected
    }
}

/// What an app shows for each of the controller's failures.
func describeControllerFailure(_ error: Error) -> String {
    switch error {
    case SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(let scriptUrl):
        return "script \(scriptUrl?.absoluteString ?? "-") did not load"
    case SwedbankPaySDKController.WebContentError.ScriptError(let failure):
        return "script error \(failure?.messageId ?? "-")"
    case SwedbankPaySDKController.WebContentError.RedirectFailure(let error):
        return "page failed: \(error.localizedDescription)"
    case SwedbankPaySDKController.StateRestorationError.unregisteredCodable(let name):
        return "register \(name)"
    case SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration:
        return "configuration not restorable"
    case SwedbankPaySDKController.StateRestorationError.unknown:
        return "restoration failed"
    default:
        return "other"
    }
}

@MainActor
@Suite struct ControllerUsageTests {
    @Test func theSubclassesConfigurationIsTheOneUsed() {
        let controller = CheckoutController()
        #expect(controller.configuration is AppBackendConfiguration)
        var logged: [URL] = []
        controller.webNavigationLogger = { logged.append($0) }
        #expect(logged.isEmpty)
    }

    /// A backend that is down: the payment fails before any page is shown, so the test needs
    /// no web view (the legacy initializer uses the default host, which other tests set).
    final class DownBackend: SwedbankPaySDKConfiguration {
        struct Down: Error {}
        var calls: [String] = []

        func postPaymentorders(
            paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
            options: SwedbankPaySDK.VersionOptions,
            completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>) -> Void
        ) {
            calls.append("postPaymentorders \(userData as? String ?? "-") v3=\(options.contains(.isV3))")
            completion(.failure(Down()))
        }
    }

    @Test func theLegacyInitializerStartsTheV2PaymentAtOnce() async {
        let configuration = DownBackend()
        let screen = CustomConfigurationTests.Screen()
        let controller = SwedbankPaySDKController(
            configuration: configuration, withCheckin: false, consumer: nil,
            paymentOrder: CustomConfigurationTests.order,
            userData: "customer-9")
        controller.delegate = screen
        if screen.log.isEmpty { #expect(await screen.calls.wait()) }
        #expect(configuration.calls == ["postPaymentorders customer-9 v3=false"])
        #expect(screen.log == ["paymentFailed Down()"])
    }

    @Test func theAppsSwitchReadsEveryFailure() {
        let failure = SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "offline")
        #expect(
            describeControllerFailure(SwedbankPaySDKController.WebContentError.RedirectFailure(error: failure))
                == "page failed: \(failure.localizedDescription)")
        #expect(
            describeControllerFailure(SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration)
                == "configuration not restorable")
    }
}
