#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import SwedbankPaySDK

/// Request shapes the real Swedbank Pay accepts although its documentation describes another,
/// taken by the sandbox too so that backends written against the real service work unchanged —
/// each with a warning, since the answer then differs from what was sent.
///
/// The real service reads a request the way a typed JSON deserializer does: a field documented as
/// a string takes a JSON integer (stored and answered as its decimal digits), and a field
/// documented as an integer takes a string of decimal digits (stored and answered as the number).
/// Only these two conversions, on the fields listed below, have evidence (docs/sandbox.md names
/// it); anything else (a decimal or a boolean where a string belongs, `"15.5"` where an integer
/// belongs) stays refused as the documentation says. A `language` that is none of the 13 falls
/// back to `en-US` (``LanguageFallback``). With `strict` nothing is converted and
/// the validators refuse such a request with their usual `inputerror` problem.
enum RealServiceLeniency {
    /// A field a request may send as the other JSON type.
    struct Rule: Sendable, Equatable {
        enum Documented: Sendable, Equatable {
            /// Documented as a string; a JSON integer is taken as its digits.
            case string
            /// Documented as an integer; a string of decimal digits is taken as the number.
            case integer
        }

        /// Object keys from the body's root to the field; `[]` steps into every element of an array.
        let path: [String]
        let documented: Documented
    }

    /// The order line's members, in a payment order and in a capture or reversal alike.
    private static let orderItemStrings = [
        "reference", "name", "class", "description", "discountDescription", "quantityUnit",
    ]
    private static let orderItemIntegers = [
        "quantity", "unitPrice", "discountPrice", "vatPercent", "amount", "vatAmount",
    ]

    /// Every converted field. Evidence: Swedbank Pay's example Node.js backend has sent
    /// `payeeInfo.payeeReference` as a number since 2019, and Swedbank Pay's PHP SDK sends
    /// `paymentorder.amount` as `"1500"` and an order line's `discountDescription` as `0` in its
    /// functional tests against the external test environment, expecting success.
    static let rules: [Rule] = {
        var rules: [Rule] = []
        func add(_ root: [String], strings: [String], integers: [String]) {
            rules += strings.map { Rule(path: root + [$0], documented: .string) }
            rules += integers.map { Rule(path: root + [$0], documented: .integer) }
        }
        // Both spellings of the envelope, as ``PaymentOrderValidator/envelope(_:)`` takes both.
        for order in [["paymentorder"], ["paymentOrder"]] {
            add(order, strings: ["description"], integers: ["amount", "vatAmount"])
            add(
                order + ["payeeInfo"],
                strings: ["payeeReference", "orderReference", "payeeName", "productCategory", "subsite"], integers: [])
            add(order + ["payer"], strings: ["payerReference"], integers: [])
            add(order + ["orderItems", "[]"], strings: orderItemStrings, integers: orderItemIntegers)
        }
        let transaction = ["transaction"]
        add(
            transaction, strings: ["description", "payeeReference", "receiptReference"],
            integers: ["amount", "vatAmount"])
        add(transaction + ["orderItems", "[]"], strings: orderItemStrings, integers: orderItemIntegers)
        return rules
    }()

    /// The body with every listed field that came as the other type converted, and one warning
    /// per converted field, named as the validators name it (`paymentorder.orderItems[0].amount`).
    static func apply(to body: SwedbankPaySDK.JSONObject) -> (body: SwedbankPaySDK.JSONObject, warnings: [String]) {
        var result = SwedbankPaySDK.JSONValue.object(body)
        var warnings: [String] = []
        for rule in rules {
            result = converting(result, along: rule.path[...], name: "", rule: rule, warnings: &warnings)
        }
        var converted = result.objectValue ?? body
        LanguageFallback.apply(to: &converted, warnings: &warnings)
        return (converted, warnings)
    }

    private static func converting(
        _ value: SwedbankPaySDK.JSONValue, along path: ArraySlice<String>, name: String, rule: Rule,
        warnings: inout [String]
    ) -> SwedbankPaySDK.JSONValue {
        guard let step = path.first else {
            guard let converted = convert(value, documented: rule.documented) else { return value }
            warnings.append(warning(name, sent: value, answered: converted))
            return converted
        }
        let rest = path.dropFirst()
        switch value {
        case .array(let items) where step == "[]":
            return .array(
                items.enumerated().map { index, item in
                    converting(item, along: rest, name: "\(name)[\(index)]", rule: rule, warnings: &warnings)
                })
        case .object(var object) where step != "[]":
            guard let member = object[step] else { return value }
            let memberName = name.isEmpty ? step : name + "." + step
            object[step] = converting(member, along: rest, name: memberName, rule: rule, warnings: &warnings)
            return .object(object)
        default:
            return value
        }
    }

    /// The value as the real service reads it into the documented type; nil when it is that type
    /// already or no conversion applies.
    static func convert(_ value: SwedbankPaySDK.JSONValue, documented: Rule.Documented) -> SwedbankPaySDK.JSONValue? {
        switch (documented, value) {
        case (.string, .integer(let number)):
            return .string(String(number))
        case (.integer, .string(let text)):
            let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int64(text)
            else { return nil }
            return .integer(number)
        default:
            return nil
        }
    }

    private static func warning(_ name: String, sent: SwedbankPaySDK.JSONValue, answered: SwedbankPaySDK.JSONValue)
        -> String
    {
        switch answered {
        case .string(let text):
            "\(name) sent as a number; Swedbank Pay accepts it and answers with the string \"\(text)\","
                + " which your integration may not expect"
        default:
            "\(name) sent as the string \"\(sent.stringValue ?? "")\"; Swedbank Pay accepts it and answers with the"
                + " number \(answered.integerValue.map(String.init) ?? ""), which your integration may not expect"
        }
    }
}
#endif
