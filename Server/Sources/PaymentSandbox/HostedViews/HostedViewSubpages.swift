#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The small pages around the payment menu: the invoice approval page and the page that ends a
/// page shown inside the menu (3-D Secure, invoice) by telling the menu to look again.
enum HostedViewSubpages {
    /// The invoice approval page, inside the menu's frame. Plain forms, no script.
    static func invoice(_ language: PayerLanguage, amountText: String, action: String, description: String)
        -> String
    {
        let words = language.words
        return SandboxPageStyle.head(title: "\(words.invoice) (sandbox)", language: language.code) + """
            <body>
            <main aria-labelledby="invoice-title">
            <p><span class="badge">Sandbox</span></p>
            <h1 id="invoice-title">\(HTMLText.escape(PayerWords.fill(words.payByInvoice, ["amount": amountText])))</h1>
            <p>\(HTMLText.escape(description))</p>
            <p class="muted">\(HTMLText.escape(words.invoiceDue))</p>
            \(answers(action: action, approve: ("invoice-approve", words.approve), other: ("cancel", "invoice-cancel", words.cancel)))
            </main>
            </body>
            </html>
            """
    }

    /// The two answers of a simulator page (invoice, bank, wallet app): plain forms that post
    /// `action=approve` or `action=<other value>` to `action`, so they work without script.
    static func answers(
        action: String, approve: (id: String, label: String), other: (value: String, id: String, label: String)
    ) -> String {
        let target = HTMLText.escape(action)
        return """
            <form method="post" action="\(target)">
            <input type="hidden" name="action" value="approve">
            <button type="submit" class="primary" id="\(approve.id)">\(HTMLText.escape(approve.label))</button>
            </form>
            <form method="post" action="\(target)">
            <input type="hidden" name="action" value="\(other.value)">
            <button type="submit" class="secondary" id="\(other.id)">\(HTMLText.escape(other.label))</button>
            </form>
            """
    }

    /// What a page inside the menu ends on: it tells the menu (same origin, its parent) to fetch
    /// the order's state, which the menu then reports to the merchant's page.
    static func finished(token: String, text: String, language: PayerLanguage) -> String {
        let message = HTMLText.scriptJSON(
            .object([
                "channel": .string(HostedViewClientScript.channel), "token": .string(token),
                "type": .string("subviewFinished"),
            ]))
        return SandboxPageStyle.head(title: "Sandbox", language: language.code) + """
            <body>
            <main>
            <p role="status">\(HTMLText.escape(text))</p>
            </main>
            <script>
            if (window.parent !== window) { window.parent.postMessage(\(message), window.location.origin); }
            </script>
            </body>
            </html>
            """
    }
}
#endif
