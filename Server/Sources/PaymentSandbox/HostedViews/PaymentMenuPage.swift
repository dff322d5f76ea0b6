import Foundation
import ServerSupport
import SwedbankPaySDK

/// The payment menu inside the hosted view's iframe (`/checkout/frame/<viewToken>`), rendered on
/// the server from a ``PaymentMenuModel``: every value is escaped here, the script
/// (``PaymentMenuScript``) only adds behaviour and gets its values as JSON.
///
/// Accessible by construction: one `<h1>`, instruments as headed disclosure buttons controlling
/// labelled regions, every input with a `<label>` and an error linked by `aria-describedby`,
/// notices in live regions, and 44 px touch targets that fit a 390 px wide phone.
enum PaymentMenuPage {
    static func render(_ model: PaymentMenuModel, boot: SwedbankPaySDK.JSONValue) -> String {
        SandboxPageStyle.head(title: "Payment menu (sandbox)", language: model.language) + """
            <body>
            <main aria-labelledby="menu-title">
            <header>
            <p><span class="badge">Sandbox</span> <span class="muted">Swedbank Pay \(model.isV3 ? "Checkout v3" : "Checkout v2")</span></p>
            <h1 id="menu-title">Pay \(HTMLText.escape(model.amountText))</h1>
            <p class="muted">\(HTMLText.escape(model.description))</p>
            </header>
            <div id="notice" class="notice" role="alert" hidden></div>
            <div id="host-warning" class="notice info" role="note" hidden></div>
            \(model.needsPayerIdentification ? payerStep(model) : "")
            <div id="instruments"\(model.needsPayerIdentification ? " hidden" : "")>
            \(model.instruments.map { instrument(model, $0) }.joined(separator: "\n"))
            </div>
            <section id="swish-pending" class="card" aria-labelledby="swish-pending-title" hidden>
            <div class="body">
            <h2 id="swish-pending-title">Open Swish on your phone</h2>
            <p role="status">Waiting for the payer to approve the payment in the Swish app.</p>
            <p class="muted">Sandbox: answer for the Swish app here.</p>
            <button type="button" class="primary" id="swish-approve">Approve in Swish</button>
            <button type="button" class="secondary" id="swish-decline">Decline in Swish</button>
            </div>
            </section>
            <section id="subview" class="card" aria-labelledby="subview-title" hidden>
            <div class="body">
            <h2 id="subview-title">Confirm the payment</h2>
            <iframe id="subview-frame" name="subview" class="subview" title="Confirm the payment"></iframe>
            </div>
            </section>
            <section id="done" class="notice ok" role="status" hidden></section>
            <footer>
            \(model.termsOfServiceUrl.map { "<a id=\"terms\" href=\"\(HTMLText.escape($0))\">Terms of service</a>" } ?? "<span></span>")
            \(model.cancelUrl == nil ? "" : "<button type=\"button\" class=\"link\" id=\"cancel-payment\">Cancel payment</button>")
            </footer>
            </main>
            <script>
            var menuBoot = \(HTMLText.scriptJSON(boot));
            \(PaymentMenuChecks.source)
            \(PaymentMenuScript.source)
            </script>
            </body>
            </html>
            """
    }

    private static func payerStep(_ model: PaymentMenuModel) -> String {
        """
        <section id="payer" class="card" aria-labelledby="payer-title">
        <form id="payer-form" class="body" novalidate>
        <h2 id="payer-title">Your details</h2>
        <p class="muted">The merchant asks who pays before you choose how.</p>
        \(field("payer-email", label: "E-mail", type: "email", autocomplete: "email", value: model.payerEmailPrefill))
        \(field("payer-msisdn", label: "Mobile number (optional)", type: "tel", autocomplete: "tel", value: nil))
        <button type="button" class="link" id="payer-fill">Use the sandbox test person</button>
        <button type="submit" class="primary" id="payer-continue">Continue</button>
        </form>
        </section>
        """
    }

    private static func instrument(_ model: PaymentMenuModel, _ instrument: PaymentMenuModel.Instrument) -> String {
        let id = HTMLText.escape(instrument.name)
        let name = HTMLText.escape(instrument.displayName)
        let header =
            model.isInstrumentMode
            ? "<h2 class=\"choose\" id=\"choose-\(id)\">\(name)</h2>"
            : """
            <h2><button type="button" class="choose" id="choose-\(id)" data-instrument="\(id)" aria-expanded="false" \
            aria-controls="panel-\(id)">\(name)<span aria-hidden="true">›</span></button></h2>
            """
        let body: String
        if let reason = instrument.unavailableReason {
            body = "<p class=\"muted\">\(HTMLText.escape(reason))</p>"
        } else {
            switch instrument.presentation {
            case .card: body = cardPanel(model)
            case .swish: body = swishPanel(model)
            case .invoice:
                body = """
                    <p>Pay later by invoice. You approve the invoice on the next page.</p>
                    <button type="button" class="primary" id="pay-invoice" data-instrument="\(id)">Continue to invoice</button>
                    """
            case .walletApp: body = walletPanel(model, instrument)
            case .bank:
                body = """
                    <p>You leave this page to approve the payment at your bank, then come back.</p>
                    <button type="button" class="primary" id="pay-bank">Continue to your bank</button>
                    """
            case .appOnly: body = ""
            }
        }
        return """
            <section class="card instrument" data-instrument="\(id)" aria-labelledby="choose-\(id)">
            \(header)
            <div class="body" id="panel-\(id)" role="region" aria-labelledby="choose-\(id)"\(model.isInstrumentMode ? "" : " hidden")>
            \(body)
            </div>
            </section>
            """
    }

    private static func cardPanel(_ model: PaymentMenuModel) -> String {
        var saved = ""
        if !model.savedCards.isEmpty {
            let options = model.savedCards.enumerated().map { index, card in
                """
                <label class="saved"><input type="radio" name="saved-card" value="\(HTMLText.escape(card.paymentToken))"\
                \(index == 0 ? " checked" : "")> <span>\(HTMLText.escape(card.cardBrand)) \(HTMLText.escape(card.maskedPan))<br>\
                <span class="muted">expires \(HTMLText.escape(card.expiryText))</span></span></label>
                """
            }.joined(separator: "\n")
            saved = """
                <form id="saved-form" novalidate>
                <fieldset><legend>Saved cards</legend>
                \(options)
                </fieldset>
                <button type="submit" class="primary" id="pay-saved">Pay \(HTMLText.escape(model.amountText))</button>
                </form>
                <p class="muted">Or pay with another card:</p>
                """
        }
        let consent =
            model.showsConsent
            ? """
            <label class="check"><input type="checkbox" id="consent" name="consent"> \
            Store my card details for future purchases</label>
            """ : ""
        return saved + """
            <form id="card-form" novalidate>
            \(field("card-number", label: "Card number", type: "text", autocomplete: "cc-number", value: nil, inputmode: "numeric"))
            <div class="row">
            <div>\(field("card-expiry", label: "Expiry (MM/YY)", type: "text", autocomplete: "cc-exp", value: nil, inputmode: "numeric"))</div>
            <div>\(field("card-cvc", label: "CVC", type: "text", autocomplete: "cc-csc", value: nil, inputmode: "numeric"))</div>
            </div>
            \(consent)
            <button type="submit" class="primary" id="pay-card">Pay \(HTMLText.escape(model.amountText))</button>
            </form>
            <p class="muted">Sandbox cards: 4925 0000 0000 0004 (no 3-D Secure), 5226 6121 9953 3406 (challenge), \
            4111 1120 0000 4565 (rejected); any future expiry, any CVC.</p>
            """
    }

    private static func swishPanel(_ model: PaymentMenuModel) -> String {
        """
        <form id="swish-form" novalidate>
        \(field("swish-msisdn", label: "Mobile number", type: "tel", autocomplete: "tel", value: model.swishPrefill))
        <button type="submit" class="primary" id="pay-swish">Pay \(HTMLText.escape(model.amountText)) with Swish</button>
        </form>
        """
    }

    private static func walletPanel(_ model: PaymentMenuModel, _ instrument: PaymentMenuModel.Instrument) -> String {
        """
        <form id="wallet-form" data-instrument="\(HTMLText.escape(instrument.name))" novalidate>
        \(field("wallet-msisdn", label: "Mobile number", type: "tel", autocomplete: "tel", value: model.swishPrefill))
        <button type="submit" class="primary" id="pay-wallet">Pay \(HTMLText.escape(model.amountText)) with \(HTMLText.escape(instrument.displayName))</button>
        </form>
        """
    }

    /// A labelled input with its (empty) error line.
    static func field(
        _ id: String, label: String, type: String, autocomplete: String, value: String?, inputmode: String? = nil
    ) -> String {
        let valueAttribute = value.map { " value=\"\(HTMLText.escape($0))\"" } ?? ""
        let modeAttribute = inputmode.map { " inputmode=\"\($0)\"" } ?? ""
        return """
            <label for="\(id)">\(HTMLText.escape(label))</label>
            <input type="\(type)" id="\(id)" name="\(id)" autocomplete="\(autocomplete)"\(modeAttribute)\(valueAttribute) \
            aria-describedby="\(id)-error">
            <p class="field-error" id="\(id)-error"></p>
            """
    }
}
