import Foundation
import Hummingbird
import SwedbankPaySDK

/// `POST /consumers`: starts a checkin (Checkout v2) at Swedbank Pay after checking the body.
struct ConsumerRoutes {
    let services: BackendServices

    func register(app: RouterGroup<BackendRequestContext>) {
        app.post("/consumers") { request, context in
            let body = try await services.body.appObject(request, context: context)
            let checked = try Self.check(body)
            let answer = try await services.swedbankPay.send(
                .POST, services.swedbankPay.url("/psp/consumers"), body: .object(checked))
            return BackendResponse.json(.object(answer.object))
        }
    }

    /// The body as forwarded: exactly the three documented members, each checked.
    static func check(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> SwedbankPaySDK.JSONObject {
        var problems = FieldProblems()
        if let operation = problems.string(body, "operation", at: ""), operation != "initiate-consumer-session" {
            problems.add("operation", "Must be initiate-consumer-session.")
        }
        let language = problems.string(body, "language", at: "", maxLength: 16)
        if let language, SwedbankPaySDK.Culture(rawValue: language) == nil {
            problems.add("language", "Not a supported language.")
        }
        let countries = problems.strings(
            body, "shippingAddressRestrictedToCountryCodes", at: "", maxCount: ContractLimits.shippingCountries)
        for code in countries ?? [] where code.count != 2 || !code.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            problems.add("shippingAddressRestrictedToCountryCodes", "Every item must be an ISO 3166 alpha-2 code.")
            break
        }
        try problems.throwIfAny("The consumer session request is invalid.")
        return [
            "operation": .string("initiate-consumer-session"), "language": .string(language ?? ""),
            "shippingAddressRestrictedToCountryCodes": .array((countries ?? []).map { .string($0) }),
        ]
    }
}
