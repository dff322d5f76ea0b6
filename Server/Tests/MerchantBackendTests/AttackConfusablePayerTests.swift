import Foundation
import PaymentSandbox
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Attacks on another payer's saved cards by a look-alike spelling of their payer reference — a
/// KELVIN SIGN for K, NFD for NFC, full-width letters, invisible characters, another letter case,
/// a trailing space — by a user with the app's API key and an access token of their own, in both
/// authentication modes and on both databases.
///
/// The sandbox here compares payer references as loosely as any payment service might
/// (``PayerReferenceMatching/loose``: compatibility-normalized, invisible characters dropped,
/// trimmed, lower case), so a spelling the backend passed on to Swedbank Pay would reach the
/// victim's cards. Each spelling is tried four ways: creating an order (whose payment menu would
/// offer the payer's cards), listing the payer's tokens, paying with the victim's token, deleting
/// it. A spelling is either refused (400, the problem naming the field) or names a payer of the
/// attacker's own, who has no cards.
@Suite struct AttackConfusablePayerTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    /// How the backend knows its users.
    enum Mode: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case example, jwt
        var testDescription: String { rawValue }
    }

    /// What must come of a spelling.
    enum Outcome: Sendable {
        /// 400 from every route, the problem naming the payer reference.
        case refused
        /// Accepted as a payer of the attacker's own: an order, an empty listing, the victim's
        /// token neither usable nor deletable.
        case attackersOwnPayer
    }

    /// The victim's references: one in the accepted set, one not (which only the old code took).
    static let victimReference = "KUND-1001"
    static let victimNonASCIIReference = "\u{C5}sa-1001"

    static let spellings: [(name: String, text: String, outcome: Outcome)] = [
        ("the same reference", "KUND-1001", .attackersOwnPayer),
        ("lower case", "kund-1001", .attackersOwnPayer),
        ("mixed case", "Kund-1001", .attackersOwnPayer),
        ("KELVIN SIGN", "\u{212A}UND-1001", .refused),
        ("full-width K", "\u{FF2B}UND-1001", .refused),
        ("full-width throughout", "\u{FF2B}\u{FF35}\u{FF2E}\u{FF24}\u{FF0D}\u{FF11}\u{FF10}\u{FF10}\u{FF11}", .refused),
        ("full-width digits", "KUND-\u{FF11}\u{FF10}\u{FF10}\u{FF11}", .refused),
        ("superscript one", "KUND-100\u{B9}", .refused),
        ("small hyphen-minus", "KUND\u{FE63}1001", .refused),
        ("zero-width joiner", "KU\u{200D}ND-1001", .refused),
        ("zero-width space", "KUND-\u{200B}1001", .refused),
        ("byte-order mark", "\u{FEFF}KUND-1001", .refused),
        ("soft hyphen", "KUND\u{AD}-1001", .refused),
        ("trailing space", "KUND-1001 ", .refused),
        ("leading space", " KUND-1001", .refused),
        ("trailing no-break space", "KUND-1001\u{A0}", .refused),
        ("ANGSTROM SIGN", "\u{212B}sa-1001", .refused),
        ("NFD", "A\u{30A}sa-1001", .refused),
        ("the non-ASCII reference itself", "\u{C5}sa-1001", .refused),
    ]

    /// The backend of `mode` on `engine` (payment tokens allowed, so paying with one is tried)
    /// before a sandbox matching payer references loosely.
    static func run(
        _ mode: Mode, _ engine: BackendHarness.Engine, _ body: @Sendable (BackendHarness) async throws -> Void
    ) async throws {
        try await BackendHarness.run(
            engine: engine,
            configure: {
                $0.allowPaymentTokens = true
                if mode == .jwt { $0.authentication = .jwt(JWTFixtures.settings()) }
            },
            sandbox: { $0.payerReferenceMatching = .loose }, ownDatabase: true, body)
    }

    /// The app headers of `user` in `mode`: the user id itself, or a JWT naming it.
    static func headers(_ user: String, _ mode: Mode) async throws -> [String: String] {
        switch mode {
        case .example: BackendHarness.headers(of: user)
        case .jwt: AttackForgedUserTests.headers(try await JWTFixtures.token(JWTFixtures.claims(user: user)))
        }
    }

    /// The victim and the attacker. In the JWT mode the attacker's user id is the victim's in
    /// NFD (two accounts at the identity provider, one text to Swift's `==`); the example mode
    /// takes printable ASCII user ids only.
    static func users(_ mode: Mode) -> (victim: String, attacker: String) {
        switch mode {
        case .example: (BackendHarness.victim, BackendHarness.attacker)
        case .jwt: ("jos\u{E9}.lindqvist", "jose\u{301}.lindqvist")
        }
    }

    @Test(arguments: Mode.allCases, TestDatabase.engines)
    func noSpellingOfAPayerReferenceReachesAnotherUsersCards(
        mode: Mode, engine: BackendHarness.Engine
    ) async throws {
        try await Self.run(mode, engine) { harness in
            let (victimUser, attackerUser) = Self.users(mode)
            let victim = try await Self.headers(victimUser, mode)
            let attacker = try await Self.headers(attackerUser, mode)
            try await harness.paidOrderWithSavedCard(headers: victim, payerReference: Self.victimReference)
            let token = try #require(
                try await harness.listedTokens(headers: victim, payerReference: Self.victimReference).first)
            // A reference outside the set is nobody's, the victim's included.
            let nonASCII = try await harness.createOrder(
                payerReference: Self.victimNonASCIIReference, headers: victim)
            if nonASCII.status == 201, let pspID = nonASCII.paymentOrderID {
                try await harness.payAtSandbox(pspID)
            }
            #expect(nonASCII.status == 400)
            #expect(nonASCII.problemNames == ["paymentorder.payer.payerReference"])

            for spelling in Self.spellings {
                var answers: [Answer] = []
                let sent = try await harness.sandboxRequests {
                    answers = try await Self.attack(harness, spelling: spelling.text, token: token, headers: attacker)
                }
                let statuses = answers.map(\.status)
                let names = answers.map(\.problemNames)
                switch spelling.outcome {
                case .refused:
                    #expect(statuses == [400, 400, 400, 400], "\(spelling.name)")
                    #expect(
                        names == [
                            ["paymentorder.payer.payerReference"], ["payerReference"],
                            ["paymentorder.payer.payerReference"], ["payerReference"],
                        ], "\(spelling.name)")
                    #expect(answers.allSatisfy { $0.problemType == URI.mobileSDKBadRequest }, "\(spelling.name)")
                    #expect(sent == [], "\(spelling.name)")
                case .attackersOwnPayer:
                    #expect(statuses == [201, 200, 403, 404], "\(spelling.name)")
                    #expect(answers[1].paymentTokens == [], "\(spelling.name)")
                    #expect(names[2] == ["paymentorder.paymentToken"], "\(spelling.name)")
                    #expect(answers[3].problemType == URI.notFound, "\(spelling.name)")
                }
                #expect(!answers.contains { $0.body.contains(token) }, "\(spelling.name)")
            }
            // The victim's card is still theirs, and still there.
            #expect(try await harness.listedTokens(headers: victim, payerReference: Self.victimReference) == [token])
        }
    }

    /// Creating an order, listing the payer's tokens, paying with `token`, deleting it — each
    /// naming the payer `spelling`, as the attacker.
    static func attack(
        _ harness: BackendHarness, spelling: String, token: String, headers: [String: String]
    ) async throws -> [Answer] {
        let path = "/payers/\(BackendHarness.percentEncoded(spelling))/paymentTokens"
        let withToken = BackendHarness.orderJSON(payerReference: spelling).replacingOccurrences(
            of: #""payeeInfo""#, with: #""paymentToken":"\#(token)","payeeInfo""#)
        return [
            try await harness.createOrder(payerReference: spelling, headers: headers),
            try await harness.send(.GET, path, headers: headers),
            try await harness.send(.POST, "/paymentorders", json: withToken, headers: headers),
            try await harness.send(
                .PATCH, "\(path)/\(token)", json: #"{"state":"Deleted","comment":"mine now"}"#, headers: headers),
        ]
    }

    /// In the JWT mode two user ids that are one text to Swift's `==` (NFC and NFD) are two
    /// users: the second names the first one's payer reference exactly and gets a payer of their
    /// own, not the first one's cards nor their orders.
    @Test(arguments: TestDatabase.engines)
    func userIDsAreComparedByTheirBytes(engine: BackendHarness.Engine) async throws {
        try await Self.run(.jwt, engine) { harness in
            let (victimUser, attackerUser) = Self.users(.jwt)
            let victim = try await Self.headers(victimUser, .jwt)
            let attacker = try await Self.headers(attackerUser, .jwt)
            let pspID = try await harness.paidOrderWithSavedCard(headers: victim, payerReference: Self.victimReference)
            let token = try #require(
                try await harness.listedTokens(headers: victim, payerReference: Self.victimReference).first)
            let victimsOrder = try #require(try await harness.backend.services.store.find(pspID: pspID))
            #expect(Identifier.same(victimsOrder.userID, victimUser))

            let answers = try await Self.attack(
                harness, spelling: Self.victimReference, token: token, headers: attacker)
            #expect(answers.map(\.status) == [201, 200, 403, 404])
            #expect(answers[1].paymentTokens == [])
            #expect(answers[2].problemNames == ["paymentorder.paymentToken"])
            let foreign = try await harness.send(.GET, "/paymentorders/\(victimsOrder.id)", headers: attacker)
            #expect(foreign.status == 404)
            let attackersOrder = try #require(
                try await harness.backend.services.store.find(pspID: answers[0].paymentOrderID ?? ""))
            #expect(Identifier.same(attackersOrder.userID, attackerUser))
            #expect(try await harness.listedTokens(headers: victim, payerReference: Self.victimReference) == [token])
        }
    }
}
