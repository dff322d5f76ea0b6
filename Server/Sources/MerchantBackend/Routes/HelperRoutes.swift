import Foundation
import Hummingbird
import SwedbankPaySDK

/// The routes that need no authentication: the payment-URL helpers third-party pages navigate to,
/// the apple-app-site-association file, and `/healthz`. They only ever redirect to the request's
/// own path and query on the configured public origin, to the configured trampoline, or to one
/// of the configured app schemes.
struct HelperRoutes {
    let services: BackendServices

    func register(open: Router<BackendRequestContext>) {
        let configuration = services.configuration
        let ios = IOSUniversalLinkRedirect(
            publicOrigin: configuration.publicOrigin, trampoline: configuration.trampolineURL,
            appSchemes: configuration.appSchemes)
        let publicURL = configuration.publicBaseURL
        let android = AndroidIntentPage(
            scheme: publicURL.scheme?.lowercased() ?? "https",
            authority: String(configuration.publicOrigin.drop { $0 != "/" }.dropFirst(2)))
        let association = AppleAppSiteAssociation(appIDs: configuration.iosAppIDs, paths: ["/sdk-callback/*"])
            .document.serialized()

        open.get("/sdk-callback/ios-universal-link") { request, _ in
            do throws(IOSUniversalLinkRedirect.Refusal) {
                return BackendResponse.movedPermanently(
                    to: try ios.location(path: request.uri.path, query: request.uri.query ?? ""))
            } catch {
                throw Self.problem(error)
            }
        }
        open.get("/sdk-callback/android-intent") { request, _ in
            do throws(AndroidIntentPage.Refusal) {
                return BackendResponse.html(try android.html(path: request.uri.path, query: request.uri.query ?? ""))
            } catch {
                throw Self.problem(error)
            }
        }
        open.get("/.well-known/apple-app-site-association") { _, _ in
            BackendResponse.raw(association, status: 200, contentType: "application/json")
        }
        open.get("/healthz") { _, _ in
            do {
                _ = try await services.store.find(id: "")
            } catch {
                return BackendResponse.json(.object(["status": .string("database unavailable")]), status: 503)
            }
            return BackendResponse.json(.object(["status": .string("ok")]))
        }
    }

    static func problem(_ refusal: IOSUniversalLinkRedirect.Refusal) -> BackendProblem {
        switch refusal {
        case .missingParameter(let name):
            return .badRequest("The query parameter \(name) is required.", problems: [(name, "Required.")])
        case .schemeNotAllowed:
            return .badRequest(
                "The scheme parameter is not one of this backend's app schemes.",
                problems: [("scheme", "Not an app scheme of this backend.")])
        case .noAppSchemes:
            return .badRequest(
                "This backend has no app scheme configured (--app-scheme or SWEDBANKPAY_APP_SCHEMES), so it redirects to none.",
                problems: [("scheme", "No app scheme is configured.")])
        case .invalidFallback:
            return .badRequest(
                "The fallback parameter must be true or false.", problems: [("fallback", "Must be true or false.")])
        }
    }

    static func problem(_ refusal: AndroidIntentPage.Refusal) -> BackendProblem {
        .badRequest(
            "The package parameter is missing or not an Android package name.", problems: [("package", "Invalid.")])
    }
}
