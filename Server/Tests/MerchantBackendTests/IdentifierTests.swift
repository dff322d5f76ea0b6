import Foundation
import ServerSupport
import Testing

@testable import MerchantBackend

/// ``Identifier``: what each kind accepts, that comparison is by bytes, and that the payer
/// references of the backend's store are told apart by their bytes on both databases.
@Suite struct IdentifierTests {
    typealias Kind = Identifier.Kind

    @Test func eachKindAcceptsItsCharactersAndLengthsOnly() {
        let cases: [(String, Kind, Bool)] = [
            ("KUND-1001", .payerReference, true),
            ("payer_7-x", .payerReference, true),
            (String(repeating: "a", count: 50), .payerReference, true),
            (String(repeating: "a", count: 51), .payerReference, false),
            ("", .payerReference, false),
            ("KUND 1001", .payerReference, false),
            ("KUND.1001", .payerReference, false),
            ("..", .payerReference, false),
            ("a/b", .payerReference, false),
            ("\u{212A}UND", .payerReference, false),
            ("K\u{200D}UND", .payerReference, false),
            ("\u{C5}sa", .payerReference, false),
            ("A\u{30A}sa", .payerReference, false),
            ("AB832", .payeeReference, true),
            ("AB-832", .payeeReference, false),
            (String(repeating: "9", count: 30), .payeeReference, true),
            (String(repeating: "9", count: 31), .payeeReference, false),
            ("5a17c24e-d459-4567-bbad-aa0f17a76119", .paymentToken, true),
            ("5a17c24e_d459", .paymentToken, false),
            (String(repeating: "f", count: 65), .paymentToken, false),
            ("key with spaces ~", .idempotencyKey(maxLength: 20), true),
            ("key\t", .idempotencyKey(maxLength: 20), false),
            ("k\u{E9}y", .idempotencyKey(maxLength: 20), false),
            ("12345", .idempotencyKey(maxLength: 4), false),
            ("1", .idempotencyKey(maxLength: 0), false),
        ]
        for (text, kind, accepted) in cases {
            #expect(Identifier.accepts(text, as: kind) == accepted, "\(text.debugDescription) as \(kind)")
        }
    }

    /// The claim the rule rests on: an accepted identifier is its own canonical form under every
    /// Unicode normalization, so no other spelling of it is accepted too.
    @Test func acceptedIdentifiersAreTheirOwnNormalForms() {
        let everyAccepted = (0..<128).map { UInt8($0) }.filter(Kind.payerReference.allowsForTest)
        let text = String(decoding: everyAccepted, as: UTF8.self)
        #expect(Identifier.accepts(text, as: .payerReference) == false)  // 64 characters: too long
        for chunk in stride(from: 0, to: text.utf8.count, by: 50) {
            let part = String(text.dropFirst(chunk).prefix(50))
            #expect(Identifier.accepts(part, as: .payerReference))
            for normalized in [
                part.precomposedStringWithCanonicalMapping, part.decomposedStringWithCanonicalMapping,
                part.precomposedStringWithCompatibilityMapping, part.decomposedStringWithCompatibilityMapping,
            ] {
                #expect(Array(normalized.utf8) == Array(part.utf8))
            }
        }
    }

    @Test func comparisonIsByBytesNotBySwiftEquality() {
        let pairs: [(String, String)] = [
            ("\u{212A}UND", "KUND"), ("jos\u{E9}.l", "jose\u{301}.l"), ("\u{212B}", "\u{C5}"), ("A\u{30A}", "\u{C5}"),
        ]
        for (one, other) in pairs {
            #expect(one == other, "Swift's == takes them for one text")
            #expect(!Identifier.same(one, other))
            #expect(Identifier.Exact(one) != Identifier.Exact(other))
            #expect(Set([Identifier.Exact(one), Identifier.Exact(other)]).count == 2)
        }
        #expect(Identifier.same("KUND", "KUND"))
        #expect(Set([Identifier.Exact("KUND"), Identifier.Exact("KUND")]).count == 1)
    }

    @Test func pathSegmentsAreDecodedByteByByte() {
        let cases: [(String, Kind, String?)] = [
            ("KUND-1001", .payerReference, "KUND-1001"),
            ("%4BUND-1001", .payerReference, "KUND-1001"),
            ("%4bUND-1001", .payerReference, "KUND-1001"),
            ("%EF%BB%BFKUND-1001", .payerReference, nil),
            ("%E2%84%AAUND-1001", .payerReference, nil),
            ("KUND%20", .payerReference, nil),
            ("%2E%2E", .payerReference, nil),
            ("KUND%2", .payerReference, nil),
            ("KUND%zz", .payerReference, nil),
            ("", .payerReference, nil),
            ("abc-DEF", .paymentToken, "abc-DEF"),
            ("abc%5F", .paymentToken, nil),
        ]
        for (segment, kind, expected) in cases {
            #expect(Identifier.fromPathSegment(segment[...], as: kind) == expected, "\(segment)")
        }
    }

    /// The backend's `payer_references` keeps canonically equivalent user ids and references
    /// apart: on SQLite and on PostgreSQL alike, they are different rows.
    @Test(arguments: TestDatabase.engines)
    func theStoreTellsIdentifiersApartByTheirBytes(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, ownDatabase: true) { harness in
            let store = harness.backend.services.store
            let rows: [(user: String, reference: String, psp: String)] = [
                ("jos\u{E9}.l", "KUND-1001", "p1"), ("jose\u{301}.l", "KUND-1001", "p2"),
                ("jos\u{E9}.l", "\u{212A}UND-1001", "p3"), ("jos\u{E9}.l", "A\u{30A}sa", "p4"),
                ("jos\u{E9}.l", "\u{C5}sa", "p5"), ("jos\u{E9}.l", "kund-1001", "p6"),
            ]
            for row in rows {
                let bound = try await store.bindPayerReference(
                    user: row.user, payerReference: row.reference, candidate: row.psp, now: 1)
                #expect(bound == row.psp, "\(row.user.debugDescription) \(row.reference.debugDescription)")
            }
            for row in rows {
                #expect(try await store.pspPayerReference(user: row.user, payerReference: row.reference) == row.psp)
            }
            // Bound once: a second candidate does not replace the first.
            #expect(
                try await store.bindPayerReference(
                    user: rows[0].user, payerReference: rows[0].reference, candidate: "x", now: 2)
                    == "p1")
            #expect(try await store.pspPayerReference(user: "jos\u{E9}.l", payerReference: "KUND-1001 ") == nil)
        }
    }
}

extension Identifier.Kind {
    /// Whether `byte` alone is accepted as a one-character identifier of this kind.
    fileprivate func allowsForTest(_ byte: UInt8) -> Bool {
        Identifier.accepts(String(decoding: [byte], as: UTF8.self), as: self)
    }
}
