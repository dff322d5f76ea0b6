import Foundation

import ServerSupport

@testable import MerchantBackend

/// The properties of the backend's header parsers, shared like ``SDKProperties``: the property
/// tests feed them generated headers, the fuzz targets any bytes. Nil when the property holds.
enum ServerProperties {
    /// `MediaType.of` (which decides whether a body is JSON): the media type has no parameters and
    /// no surrounding space or tab, reads the same again (with or without parameters re-attached),
    /// and does not depend on the letter case of the header or on spaces and tabs around it
    /// (RFC 9110: type and subtype are case-insensitive, optional white space is spaces and tabs).
    static func mediaType(_ header: String) -> String? {
        let type = MediaType.of(header)
        // Bytes, not characters: `;` is the delimiter, not what is canonically equivalent to it (U+037E).
        let bytes = Array(type.utf8)
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if bytes.contains(UInt8(ascii: ";")) { return "parameters kept in \(type.debugDescription)" }
        if bytes.first.map(blank) == true || bytes.last.map(blank) == true {
            return "white space kept in \(type.debugDescription)"
        }
        if bytes.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
            return "upper case kept in \(type.debugDescription)"
        }
        if MediaType.of(type) != type {
            return "\(type.debugDescription) reads as \(MediaType.of(type).debugDescription)"
        }
        let semicolon = header.utf8.firstIndex(of: UInt8(ascii: ";"))
        let parameters = semicolon.map { String(decoding: header.utf8[$0...], as: UTF8.self) } ?? "; charset=utf-8"
        if MediaType.of(type + parameters) != type { return "\(type.debugDescription) with parameters reads otherwise" }
        for variant in [asciiCase(header, upper: true), asciiCase(header, upper: false), " \t" + header]
        where MediaType.of(variant) != type {
            return "\(header.debugDescription) is \(type.debugDescription) but \(variant.debugDescription) is "
                + MediaType.of(variant).debugDescription
        }
        return nil
    }

    /// `text` with its ASCII letters in upper or lower case, nothing else changed.
    private static func asciiCase(_ text: String, upper: Bool) -> String {
        let bytes = text.utf8.map { byte -> UInt8 in
            if upper, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { return byte - 32 }
            if !upper, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { return byte + 32 }
            return byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `X-Request-Id` is taken exactly when it is 1 to 64 letters, digits, `.`, `_`, `:` or `-`,
    /// and then as given.
    static func requestID(_ header: String) -> String? {
        let plain = (1...64).contains(header.utf8.count) && header.unicodeScalars.allSatisfy(isRequestIDCharacter)
        let accepted = RequestID.accepted(header)
        return accepted == (plain ? header : nil)
            ? nil : "X-Request-Id \(header.debugDescription) read as \(accepted as Any)"
    }

    /// An `Idempotency-Key` is taken exactly when it is 1 to `maxLength` bytes of printable ASCII.
    static func idempotencyKey(_ key: String, maxLength: Int) -> String? {
        let bytes = Array(key.utf8)
        let printable = bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
        let expected = !bytes.isEmpty && bytes.count <= maxLength && printable
        let taken = IdempotencyKey.isValid(key, maxLength: maxLength)
        return taken == expected ? nil : "Idempotency-Key \(key.debugDescription) (limit \(maxLength)) taken: \(taken)"
    }

    private static func isRequestIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || ".-_:".unicodeScalars.contains(scalar)
    }

    /// A `traceparent` that parses is written back as the same version-00 header (a later
    /// version keeps its first four fields), parses again to itself, and its child keeps the
    /// trace and flags with a new valid span.
    static func traceParent(_ header: String) -> String? {
        guard let trace = TraceParent.parse(header) else { return nil }
        let utf8 = Array(header.utf8)
        let expected = "00" + String(decoding: utf8[2..<55], as: UTF8.self)
        if trace.header != expected { return "\(header.debugDescription) written back as \(trace.header)" }
        if TraceParent.parse(trace.header) != trace { return "\(trace.header) does not read back" }
        if let wrong = shapeProblem(trace) { return wrong }
        let child = trace.child()
        if child.traceID != trace.traceID || child.flags != trace.flags { return "the child left the trace" }
        if let wrong = shapeProblem(child) { return wrong }
        return TraceParent.parse(child.header) == child ? nil : "the child's header does not read back"
    }

    /// A version-00 header of lower-case hex always parses unless an id is all zeros, and is
    /// written back as it came.
    static func validTraceParent(traceID: String, parentID: String, flags: String) -> String? {
        let header = "00-\(traceID)-\(parentID)-\(flags)"
        let zero = { (id: String) in id.allSatisfy { $0 == "0" } }
        let parsed = TraceParent.parse(header)
        if (parsed == nil) != (zero(traceID) || zero(parentID)) { return "\(header) read as \(parsed as Any)" }
        return parsed.map { $0.header == header } ?? true ? nil : "\(header) written back otherwise"
    }

    /// The shape of a trace the backend sends on: lower-case hex ids, neither all zero.
    private static func shapeProblem(_ trace: TraceParent) -> String? {
        let isHex = { (text: String, length: Int) in
            text.utf8.count == length
                && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
        }
        if !isHex(trace.traceID, 32) || !trace.traceID.contains(where: { $0 != "0" }) {
            return "trace id \(trace.traceID)"
        }
        if !isHex(trace.parentID, 16) || !trace.parentID.contains(where: { $0 != "0" }) {
            return "parent id \(trace.parentID)"
        }
        return isHex(trace.flags, 2) ? nil : "flags \(trace.flags)"
    }
}
