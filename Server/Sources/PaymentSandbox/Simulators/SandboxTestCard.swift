#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A card number from Swedbank Pay's test data (the portal's test-data page), how the sandbox
/// treats it, and who issued it (`paid.details.issuingBank`). Saved cards are matched to these by
/// the first six and last four digits of their masked PAN; a card that matches none is
/// frictionless.
struct SandboxTestCard: Sendable, Equatable {
    let pan: String
    let cardBrand: String
    let behaviour: SandboxCardBehaviour
    /// The portal's paid example names Swedbank for `492500******0004`; no public source names the
    /// issuer of the others, so they carry the sandbox's ``issuer(foreign:)`` name.
    let issuingBank: String

    init(pan: String, cardBrand: String, behaviour: SandboxCardBehaviour = .frictionless, issuingBank: String? = nil) {
        self.pan = pan
        self.cardBrand = cardBrand
        self.behaviour = behaviour
        self.issuingBank = issuingBank ?? Self.issuer(foreign: cardBrand)
    }

    /// `492500******0004`: the first six and last four digits.
    var maskedPan: String { Self.mask(pan) }

    /// A number with all but its first six and last four digits starred.
    static func mask(_ pan: String) -> String {
        String(pan.prefix(6)) + String(repeating: "*", count: max(0, pan.count - 10)) + String(pan.suffix(4))
    }

    /// The issuer the sandbox names for a card no source names one for: a foreign card of its
    /// scheme (`Utl. Visa`, as Swedbank Pay's test environment has shown it).
    static func issuer(foreign brand: String) -> String { "Utl. \(brand)" }

    /// The Visa the sandbox offers every payer-aware order as a saved card: no 3-D Secure.
    static let frictionlessVisa = SandboxTestCard(
        pan: "4925000000000004", cardBrand: "Visa", behaviour: .frictionless, issuingBank: "Swedbank")
    /// The MasterCard the sandbox offers every payer-aware order as a saved card: 3-D Secure
    /// challenge.
    static let challengeMasterCard = SandboxTestCard(
        pan: "5226612199533406", cardBrand: "MasterCard", behaviour: .challenge)

    /// Every test card: the 3-D Secure and network-token cards with their behaviour, the rest
    /// (the portal's "misc cards") frictionless.
    static let catalogue: [SandboxTestCard] = [
        frictionlessVisa,
        challengeMasterCard,
        SandboxTestCard(pan: "4761739001010416", cardBrand: "Visa", behaviour: .challenge),
        SandboxTestCard(pan: "4111112000003211", cardBrand: "Visa", behaviour: .methodThenFrictionless),
        SandboxTestCard(pan: "5510000000001232", cardBrand: "MasterCard", behaviour: .methodThenFrictionless),
        SandboxTestCard(pan: "4111112000006545", cardBrand: "Visa", behaviour: .challenge),
        SandboxTestCard(pan: "5510000000002347", cardBrand: "MasterCard", behaviour: .challenge),
        SandboxTestCard(pan: "4111112000004565", cardBrand: "Visa", behaviour: .rejected),
        SandboxTestCard(pan: "4111112000007899", cardBrand: "Visa", behaviour: .rejected),
        SandboxTestCard(pan: "5510000000009631", cardBrand: "MasterCard", behaviour: .rejected),
        SandboxTestCard(pan: "5510000000005431", cardBrand: "MasterCard", behaviour: .rejected),
        SandboxTestCard(pan: "377601000000000", cardBrand: "Amex"),
        SandboxTestCard(pan: "5019994016316467", cardBrand: "Dankort"),
        SandboxTestCard(pan: "5019994001307083", cardBrand: "Dankort"),
        SandboxTestCard(pan: "6007220000000004", cardBrand: "Forbrugsforeningen"),
        SandboxTestCard(pan: "6764429999947470", cardBrand: "Maestro"),
        SandboxTestCard(pan: "5226600159865967", cardBrand: "MasterCard"),
        SandboxTestCard(pan: "5226603115488031", cardBrand: "MasterCard"),
        SandboxTestCard(pan: "5226604266737382", cardBrand: "MasterCard"),
        SandboxTestCard(pan: "5226600156995650", cardBrand: "MasterCard"),
        SandboxTestCard(pan: "4581097032723517", cardBrand: "Visa"),
        SandboxTestCard(pan: "4581099940323133", cardBrand: "Visa"),
        SandboxTestCard(pan: "4571994016401817", cardBrand: "Visa"),
        SandboxTestCard(pan: "4571994016471869", cardBrand: "Visa"),
    ]

    /// The test card with this masked PAN's first six and last four digits.
    static func matching(maskedPan: String) -> SandboxTestCard? {
        guard maskedPan.count >= 10 else { return nil }
        let head = String(maskedPan.prefix(6))
        let tail = String(maskedPan.suffix(4))
        return catalogue.first { $0.pan.hasPrefix(head) && $0.pan.hasSuffix(tail) }
    }

    /// How a saved card with this masked PAN behaves.
    static func behaviour(maskedPan: String) -> SandboxCardBehaviour {
        matching(maskedPan: maskedPan)?.behaviour ?? .frictionless
    }
}
#endif
