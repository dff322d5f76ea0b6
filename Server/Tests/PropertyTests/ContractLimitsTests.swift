import Foundation
import Testing

@testable import MerchantBackend

/// The OpenAPI contract and the backend's checks state the same limits: each one
/// ``ContractLimits`` declares is in the contract where its statement says, with the same value,
/// and every bound, length, item count and list of values the request bodies' schemas state is
/// one of them. A limit changed on one side only fails here.
@Suite struct ContractLimitsTests {
    static let keywords = ["minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "enum"]

    /// The request bodies the contract defines (each operation's `requestBody` names one).
    static let requestBodies = [
        "ConsumerSessionArguments", "CreatePaymentOrderArguments", "SetInstrumentArguments", "PatchArguments",
        "ExpandArguments", "DeletePaymentTokenArguments",
    ]

    static func contract() throws -> ContractYAML {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let text = try String(contentsOf: url.appendingPathComponent("openapi/merchant-backend.yaml"), encoding: .utf8)
        return try ContractYAML.parse(text)
    }

    /// Every limit keyword of `schema` and its members, by place (`$ref`s are not followed: the
    /// shared `WebURL` and `Language` are the SDK's and the URL check's, not a body's own).
    static func stated(_ schema: ContractYAML, at place: String) -> [(
        place: String, keyword: String, bound: ContractLimits.Bound
    )] {
        var found: [(String, String, ContractLimits.Bound)] = []
        for keyword in keywords {
            guard let value = schema[keyword] else { continue }
            if keyword == "enum" {
                // A `null` among the values says the member may be null (read as absent), as its
                // `nullable` does: no value of the declaration.
                found.append((place, keyword, .values(value.items.compactMap(\.text).filter { $0 != "null" })))
            } else if let number = value.text.flatMap({ Int64($0) }) {
                found.append((place, keyword, .number(number)))
            }
        }
        for (name, member) in schema["properties"]?.entries ?? [] {
            found += stated(member, at: place + "." + name)
        }
        if let items = schema["items"] { found += stated(items, at: place + "[]") }
        for (index, variant) in (schema["oneOf"]?.items ?? []).enumerated() {
            found += stated(variant, at: place + ".oneOf[\(index)]")
        }
        return found
    }

    /// Enumerations are compared as sets: the contract lists them in its own order.
    static func same(_ a: ContractLimits.Bound, _ b: ContractLimits.Bound) -> Bool {
        switch (a, b) {
        case (.values(let x), .values(let y)): Set(x) == Set(y) && x.count == y.count
        default: a == b
        }
    }

    @Test func theContractReadsAsTheChecksDeclare() throws {
        let schemas = try #require(try Self.contract()["components"]?["schemas"])
        var stated: [(place: String, keyword: String, bound: ContractLimits.Bound)] = []
        for name in Self.requestBodies {
            let schema = try #require(schemas[name], "the contract has no schema \(name)")
            stated += Self.stated(schema, at: name)
        }
        #expect(stated.count > 40, "the contract was not read: \(stated.count) limits found")
        for statement in ContractLimits.statements {
            for (keyword, bound) in statement.keywords {
                let there = stated.filter { $0.place == statement.place && $0.keyword == keyword }
                #expect(
                    there.count == 1 && Self.same(there[0].bound, bound),
                    "\(statement.place) \(keyword): declared \(bound), the contract says \(there.map(\.bound))")
            }
        }
        for limit in stated {
            let declared = ContractLimits.statements.first { $0.place == limit.place }?.keywords[limit.keyword]
            #expect(
                declared.map { Self.same($0, limit.bound) } == true,
                "\(limit.place) \(limit.keyword) \(limit.bound) is in the contract but not declared in ContractLimits")
        }
    }

    /// The contract's `WebURL` is the backend's URL check: the same pattern and length, read
    /// from one declaration (a fuzzer once found `https://gktemef.example*` accepted although
    /// the contract's pattern refuses it).
    @Test func theContractsWebURLIsTheChecksOwn() throws {
        let url = try #require(try Self.contract()["components"]?["schemas"]?["WebURL"])
        #expect(url["pattern"]?.text == ContractLimits.webURLPattern)
        #expect(url["minLength"]?.text == String(ContractLimits.webURLLength.lowerBound))
        #expect(url["maxLength"]?.text == String(ContractLimits.webURLLength.upperBound))
    }

    @Test(arguments: [
        ("https://example.com/complete", true), ("http://127.0.0.1:54321", true),
        ("https://example.com/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=abcdef", true),
        ("https://shop.example/a%20b/c;d=e?f=g&h=%C3%A5#top", true), ("http://a.b:65535/", true),
        ("https://gktemef.example*", false), ("https://example.com/a b", false), ("https://example.com/%zz", false),
        ("http://a.b:65536/", false), ("http://a.b:0/", false), ("https://user@example.com/", false),
        ("ftp://example.com/x", false), ("https://exa_mple.com/", false), ("https://-a.com/", false),
        ("http://a.b", true), ("http://ab", false), ("https://example.com/x'y", false),
        ("https://example.com/\"x\"", false),
        ("https://example.com/" + String(repeating: "a", count: 2_028), true),
        ("https://example.com/" + String(repeating: "a", count: 2_029), false),
    ])
    func theURLCheckAcceptsTheContractsForm(text: String, accepted: Bool) {
        #expect(PaymentOrderPreparation.isWebURL(text) == accepted, "\(text)")
    }

    @Test func theReaderReadsWhatTheContractsYAMLSays() throws {
        let sample = """
            # a comment
            a:
              b: 'x # y'
              c: [1, 'two', "three"]  # trailing
              d: >
                folded
                text
              e:
                - f: 1
                  g: 2
                - plain
              h: {}
            i:
            - 3
            """
        let read = try ContractYAML.parse(sample)
        #expect(
            read
                == .map([
                    (
                        "a",
                        .map([
                            ("b", .scalar("x # y")), ("c", .list([.scalar("1"), .scalar("two"), .scalar("three")])),
                            ("d", .scalar("folded text")),
                            ("e", .list([.map([("f", .scalar("1")), ("g", .scalar("2"))]), .scalar("plain")])),
                            ("h", .map([])),
                        ])
                    ), ("i", .list([.scalar("3")])),
                ]))
    }
}
