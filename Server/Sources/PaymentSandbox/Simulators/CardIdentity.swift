#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Who issued a card and what it is, as `paid.details` shows it (`bin`, `cardBrand`,
/// `issuingBank`, `maskedPan`): a test card's own entry (``SandboxTestCard``), any other number's
/// from its digits: its BIN (the first six digits) and its scheme (``CardScheme``).
struct CardIdentity: Sendable, Equatable {
    let bin: String
    let cardBrand: String
    let issuingBank: String
    let maskedPan: String

    /// The identity of the card with this masked PAN (`522661******3406`): the test card with the
    /// same first six and last four digits, else one read from the digits.
    init(maskedPan: String) {
        if let card = SandboxTestCard.matching(maskedPan: maskedPan) {
            self.init(card)
            return
        }
        let bin = String(maskedPan.prefix(6))
        let brand = CardScheme.brand(leadingDigits: bin)
        self.init(bin: bin, cardBrand: brand, issuingBank: SandboxTestCard.issuer(foreign: brand), maskedPan: maskedPan)
    }

    /// The identity of the card with this number (digits only).
    init(pan: String) {
        if let card = SandboxTestCard.catalogue.first(where: { $0.pan == pan }) {
            self.init(card)
            return
        }
        self.init(maskedPan: SandboxTestCard.mask(pan))
    }

    init(_ card: SandboxTestCard) {
        self.init(
            bin: String(card.pan.prefix(6)), cardBrand: card.cardBrand, issuingBank: card.issuingBank,
            maskedPan: card.maskedPan)
    }

    init(bin: String, cardBrand: String, issuingBank: String, maskedPan: String) {
        self.bin = bin
        self.cardBrand = cardBrand
        self.issuingBank = issuingBank
        self.maskedPan = maskedPan
    }

    /// The four `paid.details` members.
    var details: [String: String] {
        ["bin": bin, "cardBrand": cardBrand, "issuingBank": issuingBank, "maskedPan": maskedPan]
    }
}
#endif
