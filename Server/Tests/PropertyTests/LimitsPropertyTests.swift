import Foundation
import PropertyBased
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// The properties of the money after a payment, the `/patch` relay's reading and the access-token
/// verdict (`Properties/`) on generated inputs: amounts at the edges of the limits and of `Int64`,
/// relay bodies of every member and operation, hrefs with one part changed, tokens of every
/// algorithm, key and claim.
@Suite struct LimitsPropertyTests {
    static let scenarios = Generator<PostPurchaseProperties.Scenario, Shrink.None<PostPurchaseProperties.Scenario>> {
        rng in PostPurchaseProperties.scenario { rng.next() }
    }

    @Test func theSandboxsPostPurchaseArithmeticHoldsAtEveryEdge() async {
        await propertyCheck(count: 3_000, input: Self.scenarios) { scenario in
            #expect(PostPurchaseProperties.sandbox(scenario) == nil, "\(scenario)")
        }
    }

    @Test func theAdminAPIsAmountsHoldAtEveryEdge() async {
        await propertyCheck(count: 3_000, input: Self.scenarios) { scenario in
            #expect(PostPurchaseProperties.admin(scenario) == nil, "\(scenario)")
        }
    }

    @Test func theVATShareIsExactForAnyNumbers() async {
        let number = Generator<Int64, Shrink.None<Int64>> { rng in
            let word = rng.next()
            let edges = PostPurchaseProperties.edges
            return word % 3 == 0 ? Int64(bitPattern: rng.next()) : edges[Int((word >> 2) % UInt64(edges.count))]
        }
        await propertyCheck(count: 3_000, input: number, number, number) { part, whole, vat in
            #expect(PostPurchaseProperties.vatShare(part: part, whole: whole, wholeVAT: vat) == nil)
        }
        // The finding's numbers, and the largest: exact, where the product has 106 bits.
        let largest = MinorUnits.largest
        #expect(
            MinorUnits.vatShare(of: 10_000_000_000, whole: 10_000_000_000, wholeVAT: 1_000_000_000) == 1_000_000_000)
        #expect(MinorUnits.vatShare(of: largest, whole: largest, wholeVAT: largest - 1) == largest - 1)
        #expect(MinorUnits.vatShare(of: largest / 2, whole: largest, wholeVAT: largest / 5) == 900_719_925_474_098)
    }

    static let relayBodies = Generator<SwedbankPaySDK.JSONObject, Shrink.None<SwedbankPaySDK.JSONObject>> { rng in
        let texts: [SwedbankPaySDK.JSONValue] = [
            .string("CreditCard"), .string("Swish"), .string(String(repeating: "x", count: 64)),
            .string(String(repeating: "x", count: 65)), .string(String(repeating: "é", count: 64)),
            .string(String(repeating: "e\u{301}", count: 40)), .string(""), .integer(1), .null, .bool(true),
            .string("CancelledByConsumer"), .string("CancelledByCustomer"), .string("AbortedByUser"),
        ]
        var order: SwedbankPaySDK.JSONObject = [:]
        let operations: [SwedbankPaySDK.JSONValue] = [
            .string("Abort"), .string("SetInstrument"), .string("UpdateOrder"), .integer(3),
        ]
        if rng.next() % 8 != 0 { order["operation"] = operations[Int(rng.next() % 4)] }
        for member in ["instrument", "abortReason", "amount", "orderItems"] where rng.next() % 3 == 0 {
            order[member] = texts[Int(rng.next() % UInt64(texts.count))]
        }
        var body: SwedbankPaySDK.JSONObject = ["paymentorder": .object(order)]
        switch rng.next() % 4 {
        case 0: body["href"] = .string("https://api.example.com/psp/paymentorders/abc-1")
        case 1: body["href"] = .string(String(repeating: "h", count: 2_049))
        case 2: body["href"] = .integer(7)
        default: break
        }
        return body
    }

    @Test func theRelayPassesOnOnlyWhatItMay() async {
        await propertyCheck(count: 3_000, input: Self.relayBodies) { body in
            #expect(RelayProperties.patch(body) == nil, "\(body)")
            #expect(RelayProperties.expand(body) == nil, "\(body)")
        }
    }

    static let hrefs = Generator<String, Shrink.None<String>> { rng in
        let origin = "https://api.example.com"
        let ids = ["abc-1", "", String(repeating: "a", count: 64), String(repeating: "a", count: 65), "a/b", "a%2F"]
        let changes = [
            "", "/", "?x=1", "#f", "\u{301}", "/..", ":443", ".", "\r\n", "é", "\u{212A}",
        ]
        let id = ids[Int(rng.next() % UInt64(ids.count))]
        let change = changes[Int(rng.next() % UInt64(changes.count))]
        return switch rng.next() % 3 {
        case 0: origin + "/psp/paymentorders/" + id + change
        case 1: origin + change + "/psp/paymentorders/" + id
        default: change + origin + "/psp/paymentorders/" + id
        }
    }

    @Test func theRelayTakesOnlyAnOrdersExactHref() async {
        await propertyCheck(count: 3_000, input: Self.hrefs) { href in
            #expect(RelayProperties.orderPath(href: href, origin: "https://api.example.com") == nil)
        }
    }

    static let tokenParts = Generator<([UInt8], [UInt8], Int), Shrink.None<([UInt8], [UInt8], Int)>> { rng in
        let algs = [#""HS256""#, #""RS256""#, #""ES256""#, #""none""#, #""HS512""#, "7"]
        let kids = ["", #","kid":"rsa-1""#, #","kid":"ec-1""#, #","kid":"other""#, #","kid":1"#]
        let extra = rng.next() % 10 == 0 ? #","crit":["b64"]"# : ""
        let alg = algs[Int(rng.next() % 6)]
        let kid = kids[Int(rng.next() % 5)]
        let header = "{\"alg\":" + alg + kid + extra + "}"
        let now = 1_700_000_000
        let exps = ["", #""exp":\#(now + 60),"#, #""exp":\#(now - 31),"#, #""exp":\#(now - 29),"#, #""exp":"soon","#]
        let nbfs = ["", #""nbf":\#(now + 29),"#, #""nbf":\#(now + 31),"#]
        let auds = [#""aud":"backend","#, #""aud":["x","backend"],"#, #""aud":"other","#, ""]
        let isss = [#""iss":"issuer","#, #""iss":"else","#, ""]
        let subs = [#""sub":"alice-1""#, #""sub":"abc""#, #""sub":"alice\u0007""#, #""sub":12345"#, #""x":1"#]
        var claims = "{"
        claims += exps[Int(rng.next() % 5)]
        claims += nbfs[Int(rng.next() % 3)]
        claims += auds[Int(rng.next() % 4)]
        claims += isss[Int(rng.next() % 3)]
        claims += subs[Int(rng.next() % 5)]
        claims += "}"
        let flip = Int(rng.next() % 1_000)
        return (Array(header.utf8), Array(claims.utf8), flip)
    }

    @Test func aTokenIsAcceptedOnlyWithABoundKeysSignatureAndValidClaims() async {
        await propertyCheck(count: 3_000, input: Self.tokenParts) { header, claims, flip in
            #expect(AccessTokenProperties.signed(header: header, claims: claims, flip: flip) == nil)
        }
        // Each refusal is reached: the generator covers the decision, not only its happy path.
        var seen = Set<String>()
        var rng = Xoshiro()
        for _ in 0..<3_000 {
            let (header, claims, flip) = Self.tokenParts.run(using: &rng)
            let key = flip % 2 == 0 ? "secret-a" : "secret-b"
            switch AccessTokenProperties.verdict(AccessTokenProperties.token(header: header, claims: claims, key: key))
            {
            case .success: seen.insert("accepted")
            case .failure(let refusal): seen.insert("\(refusal)")
            }
        }
        #expect(
            seen.isSuperset(of: [
                "accepted", "malformed", "unsupportedAlgorithm", "unknownKey", "badSignature", "expired",
            ]))
        #expect(seen.isSuperset(of: ["missingExpiry", "notYetValid", "wrongAudience", "wrongIssuer", "missingUser"]))
    }
}
