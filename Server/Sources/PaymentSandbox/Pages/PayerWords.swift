#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Every text of the payer's pages in one language: one instance per ``PayerLanguage``, so each
/// string has one source and a language cannot lack one (the compiler asks for every field).
/// `{name}` marks what ``fill(_:_:)`` puts in. Developer diagnostics (the hostUrls warning, the
/// problem details the API writes) stay in English, as the real service's problems are.
struct PayerWords: Sendable, Equatable {
    // The menu.
    var menuTitle, pay, payWith, card, invoice, bankPayment, appOnly, needsPaymentUrl: String
    var yourDetails, whoPays, email, mobile, testPerson, continueLabel, notYou: String
    var openSwish, swishWaiting, sandboxAnswer, approveIn, declineIn, confirmPayment, terms, cancelPayment: String
    var invoiceText, toInvoice, bankText, toBank: String
    var savedCards, expires, otherCard, consent, cardNumber, expiry, cvc, storedCardsInfo: String
    var testCards, withoutChallenge, withChallenge, declinedCard: String
    // The menu's script.
    var unreachable, paidThanks, cancelled, closed, tryAgain, notCompleted, bankUnfinished, atBank: String
    var somethingWrong, confirmItIsYou, msisdnError, emailError: String
    // The checks before a card is sent.
    var enterCardNumber, cardDigits, cardInvalid, enterExpiry, expired, cvcDigits: String
    // Checkin.
    var whoIsPaying, identified, identifiedAs, checkinFailed: String
    // The invoice, bank, wallet app and 3-D Secure pages.
    var payByInvoice, invoiceDue, approve, decline, cancel: String
    var approvedReturning, notApprovedReturning, returning: String
    var bankApprove, bankReturn, cancelAndReturn, theShop: String
    var appSimulator, payQuestion, requestSentTo: String
    var confirmPaymentOf, transaction, authFinished: String
    // The trampoline.
    var backTo, backToApp: String
    // Notices.
    var completedHeading, completedText, cancelledHeading, cancelledText, usedHeading, statusText: String
    var returnToShop, notFoundHeading, nothingWaits, noBankPayment: String

    /// `template` with each `{key}` replaced by its value.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { text, entry in text.replacingOccurrences(of: "{\(entry.key)}", with: entry.value) }
    }

    /// The words the menu's and checkin's scripts use, as the JSON their boot object carries.
    var scriptJSON: SwedbankPaySDK.JSONValue {
        let pairs: [(String, String)] = [
            ("unreachable", unreachable), ("paidThanks", paidThanks), ("cancelled", cancelled), ("closed", closed),
            ("tryAgain", tryAgain), ("notCompleted", notCompleted), ("bankUnfinished", bankUnfinished),
            ("atBank", atBank), ("somethingWrong", somethingWrong), ("confirmItIsYou", confirmItIsYou),
            ("msisdnError", msisdnError), ("emailError", emailError), ("enterCardNumber", enterCardNumber),
            ("cardDigits", cardDigits), ("cardInvalid", cardInvalid), ("enterExpiry", enterExpiry),
            ("expired", expired), ("cvcDigits", cvcDigits), ("approveIn", approveIn), ("invoice", invoice),
            ("identifiedAs", identifiedAs), ("checkinFailed", checkinFailed), ("confirmPayment", confirmPayment),
        ]
        return .object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, .string($0.1)) }))
    }
}

extension PayerWords {
    static let english = PayerWords(
        menuTitle: "Payment menu", pay: "Pay {amount}", payWith: "Pay {amount} with {name}", card: "Card",
        invoice: "Invoice", bankPayment: "Bank payment", appOnly: "{name} is paid in the app, not in this menu.",
        needsPaymentUrl: "Not available here: the order has no paymentUrl.",
        yourDetails: "Your details", whoPays: "The shop asks who pays before you choose how.", email: "E-mail",
        mobile: "Mobile number", testPerson: "Use the sandbox test person", continueLabel: "Continue", notYou: "Not you?",
        openSwish: "Open Swish on your phone", swishWaiting: "Waiting for your approval in the Swish app.",
        sandboxAnswer: "Sandbox: answer for the app here.", approveIn: "Approve in {name}",
        declineIn: "Decline in {name}", confirmPayment: "Confirm the payment", terms: "Terms of service",
        cancelPayment: "Cancel payment",
        invoiceText: "Pay later by invoice. You approve it on the next page.", toInvoice: "Continue to invoice",
        bankText: "You approve the payment at your bank, then come back.", toBank: "Continue to your bank",
        savedCards: "Saved cards", expires: "expires {date}", otherCard: "Or pay with another card:",
        consent: "Store my card details for future purchases", cardNumber: "Card number",
        expiry: "Expiry (MM/YY)", cvc: "CVC", storedCardsInfo: "How are stored cards kept?",
        testCards: "Test cards: {cards}; any future expiry date, any CVC.", withoutChallenge: "no 3-D Secure",
        withChallenge: "3-D Secure", declinedCard: "declined",
        unreachable: "The sandbox could not be reached. Try again.", paidThanks: "Payment completed. Thank you!",
        cancelled: "The payment was cancelled.", closed: "This payment can no longer be paid.",
        tryAgain: "Try again or choose another method.",
        notCompleted: "The payment was not completed. Choose a method to try again.",
        bankUnfinished: "A bank payment was not finished. Choose a method to try again.",
        atBank: "Continuing at your bank.", somethingWrong: "Something went wrong.",
        confirmItIsYou: "3-D Secure: confirm it is you",
        msisdnError: "Enter the number with the country code, such as +46739000001.",
        emailError: "Enter an e-mail address such as name@example.com.",
        enterCardNumber: "Enter the card number.", cardDigits: "A card number has 12 to 19 digits.",
        cardInvalid: "The card number is not valid; check the digits.",
        enterExpiry: "Enter the expiry date as MM/YY.", expired: "The card has expired.",
        cvcDigits: "The security code has {n} digits.",
        whoIsPaying: "Who is paying?", identified: "You are identified.", identifiedAs: "Identified as {email}.",
        checkinFailed: "The checkin failed.",
        payByInvoice: "Pay {amount} by invoice", invoiceDue: "The invoice is sent by e-mail; pay within 14 days.",
        approve: "Approve", decline: "Decline", cancel: "Cancel",
        approvedReturning: "Approved. Returning to the payment menu.",
        notApprovedReturning: "Not approved. Returning to the payment menu.",
        returning: "Returning to the payment menu.",
        bankApprove: "Approve the payment of {amount} to {merchant}.",
        bankReturn: "You return to the shop when you answer.", cancelAndReturn: "Cancel and return",
        theShop: "the shop",
        appSimulator: "{name} app simulator", payQuestion: "Pay {amount}?",
        requestSentTo: "The request was sent to {number}.",
        confirmPaymentOf: "Confirm the payment of {amount}.", transaction: "Transaction {id}.",
        authFinished: "Authentication finished. Returning to the app.",
        backTo: "Back to {app}", backToApp: "Back to the app",
        completedHeading: "This payment is completed",
        completedText: "The payment of {amount} was completed, so this link cannot be used again.",
        cancelledHeading: "This payment was cancelled",
        cancelledText: "The payment of {amount} was cancelled, so this link cannot be used again.",
        usedHeading: "This payment link can no longer be used", statusText: "The payment order is {status}.",
        returnToShop: "Return to the shop", notFoundHeading: "Payment not found",
        nothingWaits: "Nothing waits for you here", noBankPayment: "No bank payment waits; the order is {status}.")
}
#endif
