import Foundation

/// Finds the app's payment-URL callback scheme in its Info.plist, as the Swedbank Pay setup
/// guide describes: the URL type marked with `com.swedbank.SwedbankPaySDK.callback` = YES.
enum CallbackSchemeLookup {
    static let markerKey = "com.swedbank.SwedbankPaySDK.callback"

    /// The marked URL type's only scheme, or nil with the reason it could not be determined.
    static func scheme(in infoDictionary: [String: Any]?) -> Result<String, LookupFailure> {
        let urlTypes = infoDictionary?["CFBundleURLTypes"] as? [[String: Any]] ?? []
        let marked = urlTypes.filter { ($0[markerKey] as? Bool) == true }
        guard let urlType = marked.first else { return .failure(.noMarkedURLType) }
        guard marked.count == 1 else { return .failure(.severalMarkedURLTypes) }
        let schemes = urlType["CFBundleURLSchemes"] as? [String] ?? []
        guard schemes.count == 1, let scheme = schemes.first, !scheme.isEmpty else {
            return .failure(.notExactlyOneScheme)
        }
        return .success(scheme)
    }

    enum LookupFailure: Error, Equatable {
        case noMarkedURLType
        case severalMarkedURLTypes
        case notExactlyOneScheme
    }

    static func schemeFromInfoPlist() -> String {
        switch scheme(in: Bundle.main.infoDictionary) {
        case .success(let scheme):
            return scheme
        case .failure(let failure):
            preconditionFailure(
                """
                SwedbankPaySDK.MerchantBackendConfiguration: no callback scheme (\(failure)). Pass \
                callbackScheme:, or add to Info.plist one URL type with a single URL scheme and the \
                Boolean property \(markerKey) = YES.
                """
            )
        }
    }
}
