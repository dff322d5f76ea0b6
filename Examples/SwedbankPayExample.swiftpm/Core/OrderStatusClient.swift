import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// Reads an order's status from the Merchant Backend: what the app believes, not the SDK's report.
struct OrderStatusClient {
    let settings: ExampleSettings
    let httpClient: (any SwedbankPaySDK.HTTPClient)?

    struct Status: Equatable {
        var status: String?
        var amount: Int64
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `GET <backend>/paymentorders/<id>`, the id being Swedbank Pay's `/psp/paymentorders/…` path
    /// as one percent-encoded segment.
    func status(of paymentId: String) async throws -> Status {
        let configuration = try settings.configuration(httpClient: httpClient)
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        guard let segment = paymentId.addingPercentEncoding(withAllowedCharacters: allowed),
            let url = URL(string: "paymentorders/" + segment, relativeTo: configuration.backendUrl)?.absoluteURL
        else { throw Failure(description: "Bad payment order id \(paymentId)") }
        var fields = configuration.headers ?? [:]
        fields["Accept"] = "application/json"
        let headers = SwedbankPaySDK.HTTPHeaders(fields)
        let client = httpClient ?? SwedbankPaySDK.URLSessionHTTPClient()
        let response = try await client.send(
            SwedbankPaySDK.HTTPRequest(method: "GET", url: url, headers: headers, timeout: 15))
        guard response.status == 200 else {
            throw Failure(description: "The backend answered HTTP \(response.status) to the status check.")
        }
        let object = try SwedbankPaySDK.JSONValue(parsing: response.body).objectValue ?? [:]
        return Status(status: object["status"]?.stringValue, amount: object["amount"]?.integerValue ?? 0)
    }
}
