import Foundation

@testable import SwedbankPaySDK

/// Shared fixtures for the problem tests.
enum ProblemFixture {
    static let problemJSON = "application/problem+json"

    static func data(_ json: String) -> Data { Data(json.utf8) }

    /// Serialises a document so that tests can state the expected `raw` as a value and the body
    /// the parser sees is exactly that value.
    static func data(_ object: SwedbankPaySDK.JSONObject) -> Data {
        try! JSONEncoder().encode(object)
    }

    static func parse(
        _ json: String,
        status: Int,
        contentType: String? = problemJSON
    ) -> SwedbankPaySDK.Problem {
        SwedbankPaySDK.Problem.parse(status: status, contentType: contentType, body: data(json))
    }
}

extension ProblemFixture {
    /// The JSON object a test document decodes to, for comparing `raw`.
    static func rawObject(_ json: String) -> SwedbankPaySDK.JSONObject? {
        (try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data(json)))?.objectValue
    }

    /// A document stated exactly, as the `raw` of a problem case (`[String: Any]`, as in 5.0.3).
    static func raw(_ object: SwedbankPaySDK.JSONObject) -> [String: Any] {
        object.mapValues(\.anyValue)
    }
}
