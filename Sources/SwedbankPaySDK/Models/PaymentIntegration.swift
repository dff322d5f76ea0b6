import Foundation

/// The `integration` the SDK names to Swedbank Pay: how the payer is shown the payment. The SDK is
/// always an app's, so it says `App` — in the payment session's `prepare-payment` body and in the
/// parameters the web view gives Swedbank Pay's script.
enum PaymentIntegration: String, CaseIterable, Sendable {
    /// A mobile app: the native payment session or the SDK's web view.
    case app = "App"
}
