import Foundation
import HTTPTypes
import PropertyBased
import ServerSupport
import Testing

@testable import MerchantBackend

/// The backend's header properties (`Properties/ServerProperties.swift`) on generated headers:
/// `Content-Type` values in any case and spacing, with and without parameters; request ids of
/// every length and character class; `traceparent` headers well-formed, damaged and of other
/// versions.
@Suite struct ServerPropertyTests {
    @Test func theMediaTypeIgnoresCaseSpacingAndParameters() async {
        await propertyCheck(count: 3_000, input: HeaderGen.contentType) { header in
            #expect(ServerProperties.mediaType(header) == nil)
        }
    }

    @Test func jsonIsRecognisedWhateverItsCaseAndSpacing() async {
        await propertyCheck(count: 1_000, input: HeaderGen.jsonContentType) { header in
            #expect(RequestBody.isJSON(header), "\(header.debugDescription)")
        }
    }

    @Test func requestIDsAreTakenExactlyWhenPlain() async {
        await propertyCheck(count: 3_000, input: HeaderGen.requestID) { header in
            #expect(ServerProperties.requestID(header) == nil)
        }
    }

    @Test func idempotencyKeysAreTakenExactlyWhenPrintableAndWithinTheLimit() async {
        await propertyCheck(count: 3_000, input: HeaderGen.requestID, Gen.int(in: 1...70)) { key, limit in
            #expect(ServerProperties.idempotencyKey(key, maxLength: limit) == nil)
        }
    }

    @Test func traceParentsReadBackAndTheirChildrenStayInTheTrace() async {
        await propertyCheck(count: 3_000, input: HeaderGen.traceParent) { header in
            #expect(ServerProperties.traceParent(header) == nil)
        }
    }

    @Test func everyWellFormedVersion00TraceParentParses() async {
        await propertyCheck(count: 2_000, input: HeaderGen.hex(32), HeaderGen.hex(16), HeaderGen.hex(2)) {
            traceID, parentID, flags in
            #expect(ServerProperties.validTraceParent(traceID: traceID, parentID: parentID, flags: flags) == nil)
        }
    }
}

/// `HTTPFields.value(_:)`, which both servers read headers with, against the subscript whose
/// result it must equal: any mix of fields, repeated or not, `Cookie` (joined by "; ") included.
@Suite struct HeaderValueTests {
    static let names: [HTTPField.Name] = [
        .contentType, .authorization, .cookie, HTTPField.Name("X-Request-Id")!, HTTPField.Name("Idempotency-Key")!,
    ]

    static let fields = Generator<HTTPFields, Shrink.None<HTTPFields>> { rng in
        var fields = HTTPFields()
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            let name = names[Int.random(in: 0..<names.count - 1, using: &rng)]
            let value = String(
                (0..<Int.random(in: 0...12, using: &rng)).map { _ in "ab ,;=Ö9".randomElement(using: &rng)! })
            fields.append(HTTPField(name: name, value: value))
        }
        return fields
    }

    @Test func aHeadersValueIsWhatTheSubscriptReads() async {
        await propertyCheck(count: 2_000, input: Self.fields) { fields in
            // The last name is never generated: absent.
            for name in Self.names { #expect(fields.value(name) == fields[name], "\(name) in \(fields)") }
        }
    }

    @Test func repeatedFieldsAreJoinedInOrder() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .accept, value: "a"))
        fields.append(HTTPField(name: .cookie, value: "x=1"))
        fields.append(HTTPField(name: .accept, value: "b"))
        fields.append(HTTPField(name: .cookie, value: "y=2"))
        #expect(fields.value(.accept) == "a, b")
        #expect(fields.value(.cookie) == "x=1; y=2")
        #expect(fields.value(.authorization) == nil)
    }
}

/// Generators of the headers the backend reads.
enum HeaderGen {
    typealias Text = Generator<String, Shrink.None<String>>

    static let contentType = Text { rng in
        let types = ["application/json", "text/plain", "application/problem+json", "multipart/form-data", "a/b", ""]
        var header = randomCase(types.randomElement(using: &rng)!, using: &rng)
        header = spacing(using: &rng) + header + spacing(using: &rng)
        if Bool.random(using: &rng) {
            header += [";charset=utf-8", "; Charset=\"UTF-8\"", ";", "; a=b; c=d", ";\u{00A0}x"].randomElement(
                using: &rng)!
        }
        // Now and then a character from outside ASCII, where the old reading went wrong.
        if Int.random(in: 0..<4, using: &rng) == 0 {
            let odd: [Character] = ["\u{00A0}", "Т", "é", "\u{037E}", "\u{212A}", "\u{0301}"]
            header.insert(odd.randomElement(using: &rng)!, at: header.startIndex)
        }
        return header
    }

    static let jsonContentType = Text { rng in
        spacing(using: &rng) + randomCase("application/json", using: &rng) + spacing(using: &rng)
            + (Bool.random(using: &rng) ? "; charset=utf-8" : "")
    }

    static let requestID = Text { rng in
        let plain = Array("abcXYZ0189.-_:")
        let other: [Character] = [" ", "/", "é", "\u{0}", "\n", "%", "\u{1F600}", "="]
        let length = [0, 1, 32, 63, 64, 65, Int.random(in: 2...80, using: &rng)].randomElement(using: &rng)!
        return String(
            (0..<length).map { _ in
                Int.random(in: 0..<20, using: &rng) == 0
                    ? other.randomElement(using: &rng)! : plain.randomElement(using: &rng)!
            })
    }

    static let traceParent = Text { rng in
        var parts = [
            ["00", "01", "ff", "0a", "cc", "0"].randomElement(using: &rng)!,
            hexText(32, using: &rng), hexText(16, using: &rng), ["01", "00", "ff", "0"].randomElement(using: &rng)!,
        ]
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: parts[1] = String(repeating: "0", count: 32)
        case 1: parts[2] = parts[2].uppercased()
        case 2: parts.append("future-part")
        case 3: parts[1].removeLast()
        default: break
        }
        return parts.joined(separator: "-")
    }

    static func hex(_ length: Int) -> Text {
        Text { rng in hexText(length, using: &rng) }
    }

    private static func hexText(_ length: Int, using rng: inout some RandomNumberGenerator) -> String {
        // All zeros now and then: such ids are invalid and must be refused.
        if Int.random(in: 0..<10, using: &rng) == 0 { return String(repeating: "0", count: length) }
        return String((0..<length).map { _ in Array("0123456789abcdef").randomElement(using: &rng)! })
    }

    private static func randomCase(_ text: String, using rng: inout some RandomNumberGenerator) -> String {
        String(text.map { Bool.random(using: &rng) ? Character($0.uppercased()) : $0 })
    }

    private static func spacing(using rng: inout some RandomNumberGenerator) -> String {
        ["", " ", "\t", " \t "].randomElement(using: &rng)!
    }
}
