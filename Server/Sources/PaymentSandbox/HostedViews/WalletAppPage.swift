#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The simulator page of a wallet app (Vipps, MobilePay), shown inside the payment menu's frame
/// where the real menu waits for the payer's answer on their phone: the app's name in its own
/// colour band, the amount and the number the request went to, and two plain forms, approve and
/// decline, that post back to the sandbox. No script, like the invoice page.
enum WalletAppPage {
    static func render(
        _ language: PayerLanguage, instrument: SandboxInstrument, amountText: String, msisdn: String, action: String
    ) -> String {
        let words = language.words
        let name = HTMLText.escape(instrument.rawValue)
        let band = instrument == .vipps ? "#b8330f" : "#3347b0"
        return SandboxPageStyle.head(
            title: "\(instrument.rawValue) (sandbox)", language: language.code,
            css: " .app-band { background: \(band); color: #fff; border-radius: 10px 10px 0 0; padding: 12px 16px; }")
                + """
                <body>
                <main aria-labelledby="app-title">
                <p><span class="badge">Sandbox</span> <span class="muted">\(HTMLText.escape(PayerWords.fill(words.appSimulator, ["name": instrument.rawValue])))</span></p>
                <section class="card">
                <h1 class="app-band" id="app-title">\(name)</h1>
                <div class="body">
                <p id="app-summary">\(HTMLText.escape(PayerWords.fill(words.payQuestion, ["amount": amountText])))</p>
                <p class="muted">\(HTMLText.escape(PayerWords.fill(words.requestSentTo, ["number": msisdn])))</p>
                \(HostedViewSubpages.answers(action: action, approve: ("app-approve", words.approve), other: ("decline", "app-decline", words.decline)))
                </div>
                </section>
                </main>
                </body>
                </html>
                """
    }
}
#endif
