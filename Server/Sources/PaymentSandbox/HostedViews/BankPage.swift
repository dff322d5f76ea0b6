import Foundation
import ServerSupport

/// The third-party "bank" a bank payment (Trustly) leaves for: a whole page, on another host
/// name than the menu, whose forms post back to the sandbox, which then sends the payer to the
/// order's paymentUrl. No script, like many real bank pages in a web view.
enum BankPage {
    static func render(amountText: String, merchant: String, action: String) -> String {
        SandboxPageStyle.head(title: "Sandbox Bank") + """
            <body>
            <main aria-labelledby="bank-title">
            <p><span class="badge">Sandbox</span> <span class="muted">Third-party page</span></p>
            <h1 id="bank-title">Sandbox Bank</h1>
            <p>Approve the payment of <strong>\(HTMLText.escape(amountText))</strong> to \(HTMLText.escape(merchant)).</p>
            <p class="muted">You return to the shop when you answer.</p>
            \(HostedViewSubpages.answers(action: action, approve: ("bank-approve", "Approve payment"), other: ("cancel", "bank-cancel", "Cancel and return")))
            </main>
            </body>
            </html>
            """
    }
}
