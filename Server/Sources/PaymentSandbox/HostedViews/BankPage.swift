#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The third-party "bank" a bank payment (Trustly) leaves for: a whole page, on another host
/// name than the menu, whose forms post back to the sandbox, which then sends the payer to the
/// order's paymentUrl. No script, like many real bank pages in a web view.
enum BankPage {
    static func render(_ language: PayerLanguage, amountText: String, merchant: String?, action: String) -> String {
        let words = language.words
        let text = PayerWords.fill(
            words.bankApprove, ["amount": amountText, "merchant": merchant ?? words.theShop])
        return SandboxPageStyle.head(title: "Sandbox Bank", language: language.code) + """
            <body>
            <main aria-labelledby="bank-title">
            <p><span class="badge">Sandbox</span> <span class="muted">Third-party page</span></p>
            <h1 id="bank-title">Sandbox Bank</h1>
            <p>\(HTMLText.escape(text))</p>
            <p class="muted">\(HTMLText.escape(words.bankReturn))</p>
            \(HostedViewSubpages.answers(action: action, approve: ("bank-approve", words.approve), other: ("cancel", "bank-cancel", words.cancelAndReturn)))
            </main>
            </body>
            </html>
            """
    }
}
#endif
