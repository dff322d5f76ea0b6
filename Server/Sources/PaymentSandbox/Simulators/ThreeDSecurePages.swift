import Foundation

/// The HTML the sandbox's 3-D Secure simulator serves: the hidden method page, the ACS challenge
/// page and the page at the notification URL the challenge ends on.
enum ThreeDSecurePages {
    /// The challenge page: two forms that POST `cres` and `threeDSSessionData` to the notification
    /// URL, as a real ACS does when the cardholder finishes. No script is needed, so the page works
    /// in any web view and a test can submit it like a browser.
    static func challenge(
        transaction: ThreeDSecureTransaction, notificationURL: String, sessionData: String, amount: String
    ) -> String {
        let action = escape(notificationURL)
        func form(_ id: String, approved: Bool, label: String) -> String {
            """
            <form id="\(id)" method="post" action="\(action)">
            <input type="hidden" name="cres" value="\(escape(transaction.cres(approved: approved)))">
            <input type="hidden" name="threeDSSessionData" value="\(escape(sessionData))">
            <button type="submit">\(label)</button>
            </form>
            """
        }
        return page(
            title: "3-D Secure challenge",
            body: """
                <h1>Sandbox ACS</h1>
                <p>Confirm the payment of \(escape(amount)). Transaction \(escape(transaction.serverTransactionID)).</p>
                \(form("approve", approved: true, label: "Approve"))
                \(form("fail", approved: false, label: "Fail"))
                """)
    }

    /// What the hidden method (fingerprint) request loads.
    static let method = page(title: "3-D Secure method", body: "<p>3-D Secure method completed.</p>")

    /// What the notification URL shows while the app takes over.
    static let notification = page(
        title: "3-D Secure finished", body: "<p>Authentication finished. Returning to the app.</p>")

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title></head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// Escapes text for HTML content and double-quoted attributes.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
