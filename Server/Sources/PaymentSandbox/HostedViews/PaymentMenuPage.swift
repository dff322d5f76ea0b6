#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
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
        let words = model.words
        let pay = HTMLText.escape(PayerWords.fill(words.pay, ["amount": model.amountText]))
        return SandboxPageStyle.head(title: "\(words.menuTitle) (sandbox)", language: model.language.code) + """
            <body>
            <main aria-labelledby="menu-title">
            <header>
            <p><span class="badge">Sandbox</span> <span class="muted">Swedbank Pay \(model.isV3 ? "Checkout v3" : "Checkout v2")</span></p>
            <h1 id="menu-title">\(pay)</h1>
            <p class="muted">\(HTMLText.escape(model.description))</p>
            </header>
            <div id="notice" class="notice" role="alert" hidden></div>
            <div id="host-warning" class="notice info" role="note" hidden></div>
            \(model.identifiesPayer ? payerStep(model) : "")
            <div id="instruments"\(model.needsPayerIdentification ? " hidden" : "")>
            \(model.instruments.map { instrument(model, $0) }.joined(separator: "\n"))
            </div>
            <section id="swish-pending" class="card" aria-labelledby="swish-pending-title" hidden>
            <div class="body">
            <h2 id="swish-pending-title">\(HTMLText.escape(words.openSwish))</h2>
            <p role="status">\(HTMLText.escape(words.swishWaiting))</p>
            <p class="muted">\(HTMLText.escape(words.sandboxAnswer))</p>
            <button type="button" class="primary" id="swish-approve">\(HTMLText.escape(PayerWords.fill(words.approveIn, ["name": SandboxInstrument.swish.rawValue])))</button>
            <button type="button" class="secondary" id="swish-decline">\(HTMLText.escape(PayerWords.fill(words.declineIn, ["name": SandboxInstrument.swish.rawValue])))</button>
            </div>
            </section>
            <section id="subview" class="card" aria-labelledby="subview-title" hidden>
            <div class="body">
            <h2 id="subview-title">\(HTMLText.escape(words.confirmPayment))</h2>
            <iframe id="subview-frame" name="subview" class="subview" title="\(HTMLText.escape(words.confirmPayment))"></iframe>
            </div>
            </section>
            <section id="done" class="notice ok" role="status" hidden></section>
            <footer>
            \(model.termsOfServiceUrl.map { "<a id=\"terms\" href=\"\(HTMLText.escape($0))\">\(HTMLText.escape(words.terms))</a>" } ?? "<span></span>")
            \(model.cancelUrl == nil ? "" : "<button type=\"button\" class=\"link\" id=\"cancel-payment\">\(HTMLText.escape(words.cancelPayment))</button>")
            </footer>
            </main>
            <script>
            var menuBoot = \(HTMLText.scriptJSON(boot));
            var pageWords = \(HTMLText.scriptJSON(words.scriptJSON));
            \(PaymentMenuChecks.source)
            \(PaymentMenuScript.source)
            </script>
            </body>
            </html>
            """
    }

    private static func payerStep(_ model: PaymentMenuModel) -> String {
        let words = model.words
        return """
            <p id="payer-identified"\(model.needsPayerIdentification ? " hidden" : "")>\
            <button type="button" class="link" id="payer-forget">\(HTMLText.escape(words.notYou))</button></p>
            <section id="payer" class="card" aria-labelledby="payer-title"\(model.needsPayerIdentification ? "" : " hidden")>
            <form id="payer-form" class="body" novalidate>
            <h2 id="payer-title">\(HTMLText.escape(words.yourDetails))</h2>
            <p class="muted">\(HTMLText.escape(words.whoPays))</p>
            \(field("payer-email", label: words.email, type: "email", autocomplete: "email", value: model.payerEmailPrefill))
            \(field("payer-msisdn", label: words.mobile, type: "tel", autocomplete: "tel", value: nil))
            <button type="button" class="link" id="payer-fill">\(HTMLText.escape(words.testPerson))</button>
            <button type="submit" class="primary" id="payer-continue">\(HTMLText.escape(words.continueLabel))</button>
            </form>
            </section>
            """
    }

    private static func instrument(_ model: PaymentMenuModel, _ instrument: PaymentMenuModel.Instrument) -> String {
        let words = model.words
        let id = HTMLText.escape(instrument.name)
        let displayName = PaymentMenuModel.displayName(instrument.instrument, words)
        let name = HTMLText.escape(displayName)
        let header =
            model.isInstrumentMode
            ? "<h2 class=\"choose\" id=\"choose-\(id)\">\(name)</h2>"
            : """
            <h2><button type="button" class="choose" id="choose-\(id)" data-instrument="\(id)" aria-expanded="false" \
            aria-controls="panel-\(id)">\(name)<span aria-hidden="true">›</span></button></h2>
            """
        let body: String
        if let reason = instrument.unavailableReason {
            let text =
                reason == .appOnly ? PayerWords.fill(words.appOnly, ["name": displayName]) : words.needsPaymentUrl
            body = "<p class=\"muted\">\(HTMLText.escape(text))</p>"
        } else {
            switch instrument.presentation {
            case .card: body = cardPanel(model)
            case .swish: body = swishPanel(model)
            case .invoice:
                body = """
                    <p>\(HTMLText.escape(words.invoiceText))</p>
                    <button type="button" class="primary" id="pay-invoice" data-instrument="\(id)">\(HTMLText.escape(words.toInvoice))</button>
                    """
            case .walletApp: body = walletPanel(model, instrument, name: displayName)
            case .bank:
                body = """
                    <p>\(HTMLText.escape(words.bankText))</p>
                    <button type="button" class="primary" id="pay-bank">\(HTMLText.escape(words.toBank))</button>
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
        let words = model.words
        let pay = HTMLText.escape(PayerWords.fill(words.pay, ["amount": model.amountText]))
        var saved = ""
        if !model.savedCards.isEmpty {
            let options = model.savedCards.enumerated().map { index, card in
                """
                <label class="saved"><input type="radio" name="saved-card" value="\(HTMLText.escape(card.paymentToken))"\
                \(index == 0 ? " checked" : "")> <span>\(HTMLText.escape(card.cardBrand)) \(HTMLText.escape(card.maskedPan))<br>\
                <span class="muted">\(HTMLText.escape(PayerWords.fill(words.expires, ["date": card.expiryText])))</span></span></label>
                """
            }.joined(separator: "\n")
            saved = """
                <form id="saved-form" novalidate>
                <fieldset><legend>\(HTMLText.escape(words.savedCards))</legend>
                \(options)
                </fieldset>
                <button type="submit" class="primary" id="pay-saved">\(pay)</button>
                </form>
                <p class="muted">\(HTMLText.escape(words.otherCard))</p>
                """
        }
        let consent =
            model.showsConsent
            ? """
            <label class="check"><input type="checkbox" id="consent" name="consent"> \
            \(HTMLText.escape(words.consent))</label>
            """ : ""
        return saved + """
            <form id="card-form" novalidate>
            \(field("card-number", label: words.cardNumber, type: "text", autocomplete: "cc-number", value: nil, inputmode: "numeric"))
            <div class="row">
            <div>\(field("card-expiry", label: words.expiry, type: "text", autocomplete: "cc-exp", value: nil, inputmode: "numeric"))</div>
            <div>\(field("card-cvc", label: words.cvc, type: "text", autocomplete: "cc-csc", value: nil, inputmode: "numeric"))</div>
            </div>
            \(consent)
            <button type="submit" class="primary" id="pay-card">\(pay)</button>
            </form>
            <p><a id="stored-cards-info" href="/checkout/about/stored-cards" target="_blank" rel="noopener">\(HTMLText.escape(words.storedCardsInfo))</a></p>
            <p class="muted">\(HTMLText.escape(testCards(words)))</p>
            """
    }

    /// The sandbox's test cards and what each does, in the page's words.
    static func testCards(_ words: PayerWords) -> String {
        let cards =
            "4925 0000 0000 0004 (\(words.withoutChallenge)), 5226 6121 9953 3406 (\(words.withChallenge)), "
            + "4111 1120 0000 4565 (\(words.declinedCard))"
        return PayerWords.fill(words.testCards, ["cards": cards])
    }

    private static func swishPanel(_ model: PaymentMenuModel) -> String {
        let words = model.words
        let pay = PayerWords.fill(
            words.payWith, ["amount": model.amountText, "name": SandboxInstrument.swish.rawValue])
        return """
            <form id="swish-form" novalidate>
            \(field("swish-msisdn", label: words.mobile, type: "tel", autocomplete: "tel", value: model.swishPrefill))
            <button type="submit" class="primary" id="pay-swish">\(HTMLText.escape(pay))</button>
            </form>
            """
    }

    private static func walletPanel(_ model: PaymentMenuModel, _ instrument: PaymentMenuModel.Instrument, name: String)
        -> String
    {
        let words = model.words
        let pay = PayerWords.fill(words.payWith, ["amount": model.amountText, "name": name])
        return """
            <form id="wallet-form" data-instrument="\(HTMLText.escape(instrument.name))" novalidate>
            \(field("wallet-msisdn", label: words.mobile, type: "tel", autocomplete: "tel", value: model.swishPrefill))
            <button type="submit" class="primary" id="pay-wallet">\(HTMLText.escape(pay))</button>
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
#endif
