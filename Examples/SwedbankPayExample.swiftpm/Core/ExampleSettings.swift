import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// Where the example pays: a Merchant Backend (by default `swedbankpay serve` on this Mac) and
/// who the app says the user is. Editable in the app's settings screen.
public struct ExampleSettings: Codable, Equatable, Sendable {
    /// The backend's base URL, as typed.
    public var backendURL: String
    /// The backend's API key (`x-payex-sample-apikey`); `serve` prints it at start.
    public var apiKey: String
    /// The app user (`x-payex-sample-access-token`): orders and saved cards belong to them.
    public var user: String
    /// A Swish number to pay from on another phone; empty for none.
    public var swishNumber: String

    /// The app's URL scheme, which payment pages return to.
    public static let callbackScheme = "com.swedbankpay.example"

    /// `swedbankpay serve` on this machine with its default key: what the Simulator reaches. On a
    /// device, use the Mac's address instead of `localhost`.
    public init(
        backendURL: String = "http://localhost:8080/", apiKey: String = "local-development-key",
        user: String = "example-user", swishNumber: String = ""
    ) {
        self.backendURL = backendURL
        self.apiKey = apiKey
        self.user = user
        self.swishNumber = swishNumber
    }

    /// What is wrong with the settings.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The backend URL is not an absolute http(s) URL.
        case backendURL(String)
        /// A header value is empty or has characters HTTP headers cannot carry.
        case header(name: String)

        public var description: String {
            switch self {
            case .backendURL(let text): "“\(text)” is not an http or https URL such as http://localhost:8080/"
            case .header(let name): "\(name) must be printable ASCII and not empty"
            }
        }
    }

    /// The SDK's configuration for these settings.
    public func configuration(
        httpClient: (any SwedbankPaySDK.HTTPClient)? = nil
    ) throws(Problem) -> SwedbankPaySDK.MerchantBackendConfiguration {
        let trimmed = backendURL.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed.hasSuffix("/") ? trimmed : trimmed + "/"),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false
        else { throw .backendURL(backendURL) }
        for (name, value) in [("API key", apiKey), ("User", user)] where !Self.isHeaderValue(value) {
            throw .header(name: name)
        }
        return SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: url, callbackScheme: Self.callbackScheme,
            headers: ["x-payex-sample-apikey": apiKey, "x-payex-sample-access-token": user],
            httpClient: httpClient)
    }

    private static func isHeaderValue(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
    }
}
