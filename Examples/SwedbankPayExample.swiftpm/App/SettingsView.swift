import ExampleCore
import SwiftUI

/// Where the example pays: the backend (by default `swedbankpay serve` on this Mac), its API
/// key, the app user, and a Swish number for paying on another phone.
struct SettingsView: View {
    @Binding var settings: ExampleSettings

    var body: some View {
        Form {
            Section("Merchant Backend") {
                TextField("Backend URL", text: $settings.backendURL)
                TextField("API key", text: $settings.apiKey)
            }
            Section("Payer") {
                TextField("User", text: $settings.user)
                TextField("Swish number on another phone", text: $settings.swishNumber)
            }
        }
    }
}
