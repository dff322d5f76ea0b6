import Foundation
import SwedbankPaySDK

@testable import PaymentSandbox

/// The sandbox's check of `POST /psp/paymentorders` bodies (`PaymentOrderValidator`, as the route
/// runs it: with and without the real service's leniency). Any body is accepted or refused with a
/// 400 `inputerror` naming each bad field: every name is a place in the body (its parent is an
/// object or array there, unless the problem says the field is required), and a field the body
/// has is called missing ("required") only when another problem finds it invalid too. An accepted
/// order decodes into the SDK's model (server-initiated ones in their model form), as the route then does (but for the members the validator
/// leaves to that decoding, whose failure the route names itself), and is accepted again as it
/// is. Input: the request body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSandboxOrderValidation(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard case .object(let body)? = try? SwedbankPaySDK.JSONValue(parsing: data, maxDepth: 32) else { return 0 }
    check(body)
    let lenient = RealServiceLeniency.apply(to: body)
    if lenient.body != body { check(lenient.body) }
    return 0
}

private func check(_ body: SwedbankPaySDK.JSONObject) {
    let envelope = body["paymentorder"] ?? body["paymentOrder"]
    let normalized: SwedbankPaySDK.JSONObject
    do {
        normalized = try PaymentOrderValidator.validate(PaymentOrderValidator.envelope(body))
    } catch let problem as SandboxProblem {
        precondition(problem.status == 400 && problem.type.hasSuffix("/inputerror"), "answered \(problem)")
        precondition(!problem.problems.isEmpty, "refused without naming a field")
        checkNames(problem.problems, in: envelope)
        return
    } catch {
        fatalError("threw \(error)")
    }
    // Decoded as the route decodes it: a server-initiated order in its model form.
    let text = SwedbankPaySDK.JSONValue.object(PaymentOrderValidator.decodable(normalized)).serialized()
    do {
        _ = try JSONDecoder().decode(SwedbankPaySDK.PaymentOrder.self, from: text)
    } catch {
        // The route's decoding then names the field in its own `inputerror`.
        let path = codingPath(of: error).map { $0.intValue.map(String.init) ?? $0.stringValue }
        precondition(
            leftToTheDecoder.contains { path.starts(with: $0) },
            "accepted an order the model cannot decode: \(error)\n\(String(decoding: text, as: UTF8.self))")
    }
    guard (try? PaymentOrderValidator.validate(normalized)) == normalized else {
        fatalError("an accepted order is not accepted again as it is")
    }
}

/// The members the validator takes as they are (or only checks to be objects) and leaves to the
/// model's decoding.
private let leftToTheDecoder = [
    ["riskIndicator"], ["payer", "nationalIdentifier"], ["payer", "requireConsumerInfo"], ["payer", "digitalProducts"],
    ["payer", "shippingAddressRestrictedToCountryCodes"], ["initiatingSystemUserAgent"],
]

private func codingPath(of error: any Error) -> [any CodingKey] {
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
        .dataCorrupted(let context)?:
        return context.codingPath
    default:
        return []
    }
}

/// Each problem names a place in the order (`paymentorder.urls.hostUrls`,
/// `paymentorder.orderItems[0].type`).
private func checkNames(_ problems: [(name: String, description: String)], in envelope: SwedbankPaySDK.JSONValue?) {
    for (name, description) in problems {
        let path = components(of: name)
        precondition(path.first == .key("paymentorder"), "\(name) is not in the payment order")
        let required = description.contains("required")
        let here = value(at: path.dropFirst(), in: envelope)
        // `paymentorder` itself is a member of the body, always an object.
        switch path.count > 1 ? value(at: path.dropFirst().dropLast(), in: envelope) : .object([:]) {
        case .object?, .array?: break
        default: precondition(required, "\(name) (\(description)) is not a place in the body")
        }
        if let here, here != .null, required {
            precondition(
                problems.contains { $0.name == name && $0.description != description },
                "\(name) is present and valid but called missing: \(description)")
        }
    }
}

private enum Component: Equatable {
    case key(String)
    case index(Int)
}

/// `a.b[0].c` and `a.b.0.c` as keys and indexes.
private func components(of name: String) -> [Component] {
    var result: [Component] = []
    for part in name.split(separator: ".", omittingEmptySubsequences: false) {
        var rest = Substring(part)
        let key = rest.prefix { $0 != "[" }
        if !key.isEmpty || rest.isEmpty { result.append(Int(key).map(Component.index) ?? .key(String(key))) }
        rest = rest.dropFirst(key.count)
        while rest.hasPrefix("["), let end = rest.firstIndex(of: "]") {
            result.append(Int(rest[rest.index(after: rest.startIndex)..<end]).map(Component.index) ?? .key(""))
            rest = rest[rest.index(after: end)...]
        }
    }
    return result
}

private func value(at path: ArraySlice<Component>, in root: SwedbankPaySDK.JSONValue?) -> SwedbankPaySDK.JSONValue? {
    var current = root
    for component in path {
        switch (component, current) {
        case (.key(let key), .object(let object)?): current = object[key]
        case (.index(let index), .array(let array)?): current = array.indices.contains(index) ? array[index] : nil
        case (.index(let index), .object(let object)?): current = object[String(index)]
        default: return nil
        }
    }
    return current
}
