import Foundation
import SwedbankPaySDK

@testable import MerchantBackend

/// The backend's reading of the app's `POST /paymentorders` body (`PaymentOrderPreparation`, on
/// the JSON the route reads with its depth limit). Any body is refused with a 400 (or, for a
/// payment token the backend does not take, a 403 that taking tokens lifts) naming fields: every
/// name is a place in the body (its parent is an object or array there), and only absent fields
/// are called required. Or it is accepted, and the body sent to Swedbank Pay decodes to exactly
/// the order that was checked, with the backend's payee id, payee reference and callback URL,
/// and passes the checks again. Input: the request body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaymentOrderBody(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard case .object(let body)? = try? SwedbankPaySDK.JSONValue(parsing: data, maxDepth: 32) else { return 0 }
    let prepared: PaymentOrderPreparation.Prepared
    do {
        prepared = try prepare(body, with: refusing)
        precondition(prepared.order.paymentToken == nil, "took a payment token")
    } catch {
        precondition(!error.problems.isEmpty, "refused without naming a field: \(error)")
        checkNames(error.problems, in: body)
        if error.status == 403 {
            precondition(error.problems.map(\.name) == ["paymentorder.paymentToken"], "forbade \(error.problems)")
            guard let taken = try? prepare(body, with: taking) else {
                fatalError("a backend taking tokens refuses the order too")
            }
            check(taken, from: taking)
        } else {
            precondition(error.status == 400, "answered \(error.status)")
        }
        return 0
    }
    check(prepared, from: refusing)
    return 0
}

private let payeeReference = "0123456789ABCDEF01234567"
/// The payer reference the backend binds an app's to (`PayerBinding`), as the route passes it.
private let boundPayerReference = "P0123456789abcdef"

/// The route's two steps: the app's body checked, then the order prepared for Swedbank Pay.
private func prepare(
    _ body: SwedbankPaySDK.JSONObject, with preparation: PaymentOrderPreparation
) throws(BackendProblem) -> PaymentOrderPreparation.Prepared {
    let order = try preparation.check(body)
    return try preparation.prepare(
        order, payeeReference: payeeReference, pspPayerReference: order.payer?.payerReference.map { _ in boundPayerReference })
}
private let refusing = PaymentOrderPreparation(
    payeeID: "payee-1", callbackURL: URL(string: "https://shop.example.com/callback")!, allowPaymentTokens: false)
private let taking = PaymentOrderPreparation(
    payeeID: "payee-1", callbackURL: URL(string: "https://shop.example.com/callback")!, allowPaymentTokens: true)

/// What is sent to Swedbank Pay is the order that was checked, with the backend's own members.
private func check(_ prepared: PaymentOrderPreparation.Prepared, from preparation: PaymentOrderPreparation) {
    guard case .object(let sent)? = try? SwedbankPaySDK.JSONValue(parsing: prepared.body, maxDepth: 64),
        sent.count == 1, case .object(let order)? = sent["paymentorder"]
    else { fatalError("sends \(String(decoding: prepared.body, as: UTF8.self))") }
    let decoded: SwedbankPaySDK.PaymentOrder
    do {
        decoded = try PaymentOrderPreparation.decode(order)
    } catch {
        fatalError("the body sent does not decode: \(error.problems)")
    }
    precondition(decoded == prepared.order, "sends another order than it checked")
    precondition(decoded.payeeInfo.payeeId == preparation.payeeID, "payee id \(decoded.payeeInfo.payeeId)")
    precondition(decoded.payeeInfo.payeeReference == payeeReference, "payee reference from the app")
    precondition(decoded.urls.callbackUrl == preparation.callbackURL, "callback URL from the app")
    precondition(
        decoded.payer?.payerReference == nil || decoded.payer?.payerReference == boundPayerReference,
        "the app's own payer reference sent")
    var problems = FieldProblems()
    PaymentOrderPreparation.check(decoded, into: &problems)
    precondition(problems.list.isEmpty, "the order sent fails the checks: \(problems.list)")
}

/// Each problem names a place in the body (`paymentorder.urls.hostUrls.1`); only an absent or
/// null field is called required.
private func checkNames(_ problems: [(name: String, description: String)], in body: SwedbankPaySDK.JSONObject) {
    for (name, description) in problems {
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        precondition(path.first == "paymentorder", "\(name) is not in the payment order")
        switch value(at: path.dropLast(), in: .object(body)) {
        case .object?, .array?: break
        default: fatalError("\(name) (\(description)) is not a place in the body")
        }
        if description == "The field is required." {
            let here = value(at: path[...], in: .object(body))
            precondition(here == nil || here == .null, "\(name) is present but called required")
        }
    }
}

private func value(at path: ArraySlice<String>, in root: SwedbankPaySDK.JSONValue) -> SwedbankPaySDK.JSONValue? {
    var current: SwedbankPaySDK.JSONValue? = root
    for component in path {
        switch current {
        case .object(let object)?: current = object[component]
        case .array(let array)?: current = Int(component).flatMap { array.indices.contains($0) ? array[$0] : nil }
        default: return nil
        }
    }
    return current
}
