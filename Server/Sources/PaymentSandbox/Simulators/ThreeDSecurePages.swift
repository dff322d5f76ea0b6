#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The HTML the sandbox's 3-D Secure simulator serves: the hidden method page, the ACS challenge
/// page and the page at the notification URL the challenge ends on.
enum ThreeDSecurePages {
    /// The challenge page: two forms that POST `cres` and `threeDSSessionData` to the notification
    /// URL, as a real ACS does when the cardholder finishes. No script is needed, so the page works
    /// in any web view and a test can submit it like a browser.
    static func challenge(
        transaction: ThreeDSecureTransaction, notificationURL: String, sessionData: String, amount: String,
        language: PayerLanguage = .english
    ) -> String {
        let words = language.words
        let action = escape(notificationURL)
        func form(_ id: String, approved: Bool, label: String, style: String) -> String {
            """
            <form id="\(id)" method="post" action="\(action)">
            <input type="hidden" name="cres" value="\(escape(transaction.cres(approved: approved)))">
            <input type="hidden" name="threeDSSessionData" value="\(escape(sessionData))">
            <button type="submit" class="\(style)">\(label)</button>
            </form>
            """
        }
        return page(
            title: "3-D Secure",
            body: """
                <span class="badge">SANDBOX</span> <span class="muted">3-D Secure</span>
                <h1>\(escape(words.confirmPayment))</h1>
                <section class="card" aria-labelledby="acs-summary"><div class="body">
                <p id="acs-summary">\(escape(PayerWords.fill(words.confirmPaymentOf, ["amount": amount])))</p>
                <p class="muted">\(escape(PayerWords.fill(words.transaction, ["id": transaction.serverTransactionID])))</p>
                \(form("approve", approved: true, label: escape(words.approve), style: "primary"))
                \(form("fail", approved: false, label: escape(words.decline), style: "secondary"))
                </div></section>
                """, language: language)
    }

    /// What the hidden method (fingerprint) request loads.
    static let method = page(title: "3-D Secure method", body: "<p>3-D Secure method completed.</p>")

    /// What the notification URL shows while the app takes over.
    static let notification = page(
        title: "3-D Secure finished", body: "<p>Authentication finished. Returning to the app.</p>")

    /// A page with the sandbox's look (the hosted views' shared style).
    static func page(title: String, body: String, language: PayerLanguage = .english) -> String {
        SandboxPageStyle.head(title: title, language: language.code) + """
            <body>
            <main>
            \(body)
            </main>
            </body>
            </html>
            """
    }

    static func escape(_ text: String) -> String {
        HTMLText.escape(text)
    }
}
#endif
