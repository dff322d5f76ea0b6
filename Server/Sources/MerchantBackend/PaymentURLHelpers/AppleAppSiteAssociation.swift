import Foundation
import SwedbankPaySDK

/// `GET /.well-known/apple-app-site-association`: declares the paymentUrl paths universal links of
/// the configured apps, in both the old (`appID` + `paths`, iOS 12 and earlier) and the new
/// (`appIDs` + `components`, iOS 13 and later) form.
struct AppleAppSiteAssociation: Sendable {
    /// `<TEAMID>.<bundle id>` of every app.
    let appIDs: [String]
    /// The paths that are universal links, e.g. `/sdk-callback/*` (with the backend's prefix).
    let paths: [String]

    var document: SwedbankPaySDK.JSONValue {
        let details: [SwedbankPaySDK.JSONValue] = appIDs.enumerated().map { index, appID in
            var entry: SwedbankPaySDK.JSONObject = [
                "appID": .string(appID),
                "paths": .array(paths.map { .string($0) }),
            ]
            if index == 0 {
                entry["appIDs"] = .array(appIDs.map { .string($0) })
                entry["components"] = .array(
                    paths.map {
                        .object([
                            "/": .string($0),
                            "comment": .string("Swedbank Pay payment URLs return to the app"),
                        ])
                    })
            }
            return .object(entry)
        }
        return .object(["applinks": .object(["apps": .array([]), "details": .array(details)])])
    }
}
