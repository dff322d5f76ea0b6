import Foundation
import ServerSupport

/// `GET /sdk-callback/android-intent`: the page an Android paymentUrl serves when it is opened in
/// the browser. It redirects at once (meta refresh) to an intent URL that opens the app with the
/// paymentUrl, and shows a "Back to app" link for browsers that block automatic intent redirects.
struct AndroidIntentPage: Sendable {
    /// The request's scheme and authority as the world sees them (`https`, `example.com`).
    let scheme: String
    let authority: String

    enum Refusal: Error, Equatable {
        case missingPackage
        case invalidPackage(String)
    }

    /// The intent URL for a request with `path` and raw `query`: the paymentUrl itself is its data.
    func intentURL(path: String, query: String) throws(Refusal) -> String {
        guard let package = URIComponent.value(of: "package", inQuery: query), !package.isEmpty else {
            throw .missingPackage
        }
        guard Self.isPackageName(package) else { throw .invalidPackage(package) }
        let pathAndQuery = path + (query.isEmpty ? "" : "?" + query)
        return "intent://\(authority)\(pathAndQuery)#Intent;scheme=\(scheme);"
            + "action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=\(URIComponent.encode(package));end;"
    }

    /// The page, laid out as the Swedbank Pay documentation shows it.
    func html(path: String, query: String) throws(Refusal) -> String {
        let intent = HTMLText.escape(try intentURL(path: path, query: query))
        return """
            <html>
                <head>
                    <title>Swedbank Pay Payment</title>
                    <meta http-equiv="refresh" content="0;url=\(intent)">
                </head>
                <body>
                    <a href="\(intent)">Back to app</a>
                </body>
            </html>
            """
    }

    /// A Java package name: dot-separated identifiers.
    static func isPackageName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && name.count <= 255
            && parts.allSatisfy { part in
                guard let first = part.first, first.isLetter, first.isASCII else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }
}

/// Escaping for text placed in HTML attributes and content.
