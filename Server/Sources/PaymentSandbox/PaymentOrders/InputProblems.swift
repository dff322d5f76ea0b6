#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Collects every bad field of a request body, so one answer names them all (`problems[]`),
/// with typed readers for JSON members that note a problem instead of failing.
struct InputProblems {
    typealias Problem = (name: String, description: String)

    private(set) var list: [Problem] = []

    var isEmpty: Bool { list.isEmpty }

    mutating func add(_ name: String, _ description: String) {
        list.append((name, description))
    }

    /// Throws a 400 `inputerror` naming every collected field, when there is any.
    func throwIfAny(_ detail: String) throws {
        guard !list.isEmpty else { return }
        throw SandboxProblem.inputError(detail, problems: list)
    }

    /// A string member; nil (with a problem when `required`) if missing or not a string.
    mutating func string(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String, required: Bool = false
    ) -> String? {
        switch object[key] {
        case .string(let value):
            return value
        case nil, .null?:
            if required { add(prefix + key, "The field is required.") }
        default:
            add(prefix + key, "The field must be a string.")
        }
        return nil
    }

    /// A string member of 1...`maxLength` characters.
    mutating func text(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String, required: Bool = false, maxLength: Int
    ) -> String? {
        guard let value = string(object, key, at: prefix, required: required) else { return nil }
        guard (1...maxLength).contains(value.count) else {
            add(prefix + key, "The field must be 1 to \(maxLength) characters.")
            return nil
        }
        return value
    }

    /// An integer member; `minimum` (when given) is the smallest allowed value. Every integer the
    /// sandbox reads is money or an order line's count, so none is larger than
    /// ``MinorUnits/largest`` or smaller than its negative: sums of them stay inside `Int64`.
    mutating func integer(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String, required: Bool = false,
        minimum: Int64? = nil
    ) -> Int64? {
        switch object[key] {
        case nil, .null?:
            if required { add(prefix + key, "The field is required.") }
            return nil
        case let value?:
            guard let number = value.integerValue else {
                add(
                    prefix + key,
                    minimum == 0 ? "The field must be a non-negative integer." : "The field must be an integer.")
                return nil
            }
            if let minimum, number < minimum {
                add(
                    prefix + key,
                    minimum == 0
                        ? "The field must be a non-negative integer." : "The field must be at least \(minimum).")
                return nil
            }
            guard MinorUnits.lineAmounts.contains(number) else {
                add(
                    prefix + key,
                    number > 0
                        ? "The field must be at most \(MinorUnits.largest)."
                        : "The field must be at least \(MinorUnits.lineAmounts.lowerBound).")
                return nil
            }
            return number
        }
    }

    /// A boolean member.
    mutating func bool(_ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String) -> Bool? {
        switch object[key] {
        case .bool(let value): return value
        case nil, .null?: return nil
        default:
            add(prefix + key, "The field must be a boolean.")
            return nil
        }
    }

    /// An object member.
    mutating func object(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String, required: Bool = false
    ) -> SwedbankPaySDK.JSONObject? {
        switch object[key] {
        case .object(let value): return value
        case nil, .null?:
            if required { add(prefix + key, "The field is required.") }
            return nil
        default:
            add(prefix + key, "The field must be an object.")
            return nil
        }
    }

    /// An absolute URL member; `webOnly` demands http or https.
    mutating func url(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String, required: Bool = false,
        webOnly: Bool = false
    ) {
        guard let value = string(object, key, at: prefix, required: required) else { return }
        if !Self.isAbsoluteURL(value, webOnly: webOnly) {
            add(
                prefix + key,
                webOnly ? "The field must be an absolute http or https URL." : "The field must be an absolute URL.")
        }
    }

    /// Whether `text` is an absolute URL: it has a scheme, and a host when the scheme is http(s).
    /// Other schemes are allowed unless `webOnly`, since apps use custom schemes for `paymentUrl`.
    static func isAbsoluteURL(_ text: String, webOnly: Bool) -> Bool {
        guard !containsWhitespace(text), let url = URL(string: text),
            let scheme = url.scheme?.lowercased()
        else { return false }
        if scheme == "http" || scheme == "https" {
            return !(url.host ?? "").isEmpty
        }
        return !webOnly
    }

    /// Whether any character of `text` is white space (`Character.isWhitespace`). ASCII text (the
    /// usual URL) is scanned byte by byte: walking its characters and their Unicode properties
    /// cost about 0.6 % of an order creation's CPU. Anything else takes the character walk.
    static func containsWhitespace(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte >= 0x80 { return text.contains(where: \.isWhitespace) }
            // The ASCII white space: tab, line feed, vertical tab, form feed, carriage return, space.
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return true }
        }
        return false
    }
}
#endif
