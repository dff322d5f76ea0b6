#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Checks `orderItems` of a payment order (on create and on `UpdateOrder`), naming each bad
/// member as `paymentorder.orderItems[<index>].<member>`.
enum OrderItemsValidator {
    /// Collects the problems of an `orderItems` value (nil means absent, which is allowed).
    static func check(_ value: SwedbankPaySDK.JSONValue?, at name: String, into problems: inout InputProblems) {
        switch value {
        case nil, .null?:
            return
        case .array(let items)? where items.count > MinorUnits.maxOrderItems:
            problems.add(name, "The field must have at most \(MinorUnits.maxOrderItems) items.")
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                let itemName = "\(name)[\(index)]"
                guard case .object(let object) = item else {
                    problems.add(itemName, "The element must be an object.")
                    continue
                }
                checkItem(object, at: itemName + ".", into: &problems)
            }
        default:
            problems.add(name, "The field must be an array.")
        }
    }

    private static func checkItem(
        _ item: SwedbankPaySDK.JSONObject, at prefix: String, into problems: inout InputProblems
    ) {
        _ = problems.text(item, "reference", at: prefix, required: true, maxLength: 50)
        _ = problems.text(item, "name", at: prefix, required: true, maxLength: 150)
        if let type = problems.string(item, "type", at: prefix, required: true),
            SwedbankPaySDK.ItemType(rawValue: type) == nil
        {
            let allowed = SwedbankPaySDK.ItemType.allCases.map(\.rawValue).joined(separator: ", ")
            problems.add(prefix + "type", "The field must be one of \(allowed).")
        }
        if let itemClass = problems.string(item, "class", at: prefix, required: true), !isItemClass(itemClass) {
            problems.add(prefix + "class", "The field must match [\\w-]*.")
        }
        problems.url(item, "itemUrl", at: prefix, webOnly: true)
        problems.url(item, "imageUrl", at: prefix, webOnly: true)
        _ = problems.string(item, "description", at: prefix)
        _ = problems.string(item, "discountDescription", at: prefix)
        // The portal documents quantities with up to 4 decimals (351.3514 kg). The SDK's model counts
        // whole units, so the sandbox keeps the lines as sent (``PaymentOrderRecord/orderItemsAsSent``)
        // and decodes the model with whole quantities (``decodable(_:)``).
        switch item["quantity"] {
        case nil, .null?:
            problems.add(prefix + "quantity", "The field is required.")
        case let value? where !isQuantity(value):
            problems.add(prefix + "quantity", "The field must be a non-negative number with at most 4 decimals.")
        default:
            break
        }
        _ = problems.text(item, "quantityUnit", at: prefix, required: true, maxLength: 50)
        // Discount lines carry negative prices and amounts, so these have no lower bound.
        _ = problems.integer(item, "unitPrice", at: prefix, required: true)
        _ = problems.integer(item, "discountPrice", at: prefix)
        _ = problems.integer(item, "vatPercent", at: prefix, required: true, minimum: 0)
        _ = problems.integer(item, "amount", at: prefix, required: true)
        _ = problems.integer(item, "vatAmount", at: prefix, required: true)
    }

    /// A non-negative integer, or a non-negative number with at most 4 decimals.
    static func isQuantity(_ value: SwedbankPaySDK.JSONValue) -> Bool {
        if let integer = value.integerValue { return MinorUnits.lineCounts.contains(integer) }
        guard case .number(let number) = value, number.isFinite, number >= 0, number < 1e12 else { return false }
        let scaled = number * 10_000
        return abs(scaled - scaled.rounded()) < 1e-6
    }

    /// Order items in the form the SDK's model decodes: decimal quantities rounded to whole units.
    static func decodable(_ value: SwedbankPaySDK.JSONValue?) -> SwedbankPaySDK.JSONValue? {
        guard case .array(let items)? = value else { return value }
        return .array(
            items.map { item in
                guard case .object(var object) = item, case .number(let quantity)? = object["quantity"] else {
                    return item
                }
                object["quantity"] = .integer(Int64(quantity.rounded()))
                return .object(object)
            })
    }

    /// Whether any line has a decimal quantity (the lines are then kept as sent).
    static func hasDecimalQuantity(_ value: SwedbankPaySDK.JSONValue?) -> Bool {
        guard case .array(let items)? = value else { return false }
        return items.contains { item in
            if case .number? = item.objectValue?["quantity"] { return true }
            return false
        }
    }

    /// Whether `text` matches `[\w-]*`: letters, digits, `_` and `-`.
    static func isItemClass(_ text: String) -> Bool {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}
#endif
