import Foundation

extension SwedbankPaySDK.JSONValue {
    /// This value as compact JSON text (RFC 8259), written directly without `Codable`. Object
    /// members are sorted by name (byte order) so equal values serialize to equal bytes; `/` is not
    /// escaped; non-ASCII characters are written as UTF-8.
    public func serialized() -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return Data(output)
    }

    /// ``serialized()`` as a string.
    public var jsonText: String { String(decoding: serialized(), as: UTF8.self) }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value):
            output.append(contentsOf: String(value).utf8)
        case .number(let value):
            output.append(contentsOf: Self.text(of: value).utf8)
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            // Sorting the members themselves, not the keys, spares hashing every key again.
            for (position, member) in members.sorted(by: { Self.bytesPrecede($0.key, $1.key) }).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Numbers without a fractional part are written as integers (`2.0` → `2`); JSON has no
    /// infinities or NaN, so those become `null`.
    private static func text(of value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes (not by `String`'s `<`, which compares
    /// canonical equivalents as equal and so can order differently).
    private static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        let compared = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                for index in 0..<Swift.min(left.count, right.count) where left[index] != right[index] {
                    return left[index] < right[index]
                }
                return left.count < right.count
            }
        }
        return (compared ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole, from their own bytes where they are
        // contiguous (a native string's always are).
        let copiedWhole = value.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        switch copiedWhole {
        case true?:
            output.append(UInt8(ascii: "\""))
            return
        case false?:
            break
        case nil:
            if !value.utf8.contains(where: needsEscape) {
                output.append(contentsOf: value.utf8)
                output.append(UInt8(ascii: "\""))
                return
            }
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
