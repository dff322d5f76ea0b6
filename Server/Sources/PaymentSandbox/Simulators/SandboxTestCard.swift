#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A card number from Swedbank Pay's test data and how the sandbox treats it. Saved cards are
/// matched to these by the first six and last four digits of their masked PAN; a card that matches
/// none is frictionless.
struct SandboxTestCard: Sendable, Equatable {
    let pan: String
    let cardBrand: String
    let behaviour: SandboxCardBehaviour

    /// `492500******0004`: the first six and last four digits.
    var maskedPan: String {
        String(pan.prefix(6)) + String(repeating: "*", count: max(0, pan.count - 10)) + String(pan.suffix(4))
    }

    /// The Visa the sandbox offers every payer-aware order as a saved card: no 3-D Secure.
    static let frictionlessVisa = SandboxTestCard(pan: "4925000000000004", cardBrand: "Visa", behaviour: .frictionless)
    /// The MasterCard the sandbox offers every payer-aware order as a saved card: 3-D Secure
    /// challenge.
    static let challengeMasterCard = SandboxTestCard(
        pan: "5226612199533406", cardBrand: "MasterCard", behaviour: .challenge)

    /// Every card with a behaviour other than the frictionless default.
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
    ]

    /// How a saved card with this masked PAN behaves.
    static func behaviour(maskedPan: String) -> SandboxCardBehaviour {
        let digits = Array(maskedPan)
        guard digits.count >= 10 else { return .frictionless }
        let head = String(digits.prefix(6))
        let tail = String(digits.suffix(4))
        return catalogue.first { $0.pan.hasPrefix(head) && $0.pan.hasSuffix(tail) }?.behaviour ?? .frictionless
    }
}
#endif
