import SwedbankPaySDK

/// The demo's HTTP client: sends through `client` (the demo's transport) and announces each
/// answer, so the demo acts on what the SDK received (a Swish attempt started) instead of asking
/// the sandbox until it shows.
final class DemoHTTPClient: SwedbankPaySDK.HTTPClient, Sendable {
    private let client: any SwedbankPaySDK.HTTPClient
    private let answers: @Sendable (_ method: String, _ path: String, _ status: Int) -> Void

    init(
        client: any SwedbankPaySDK.HTTPClient,
        answers: @escaping @Sendable (_ method: String, _ path: String, _ status: Int) -> Void
    ) {
        self.client = client
        self.answers = answers
    }

    func send(
        _ request: SwedbankPaySDK.HTTPRequest
    ) async throws(SwedbankPaySDK.TransportError) -> SwedbankPaySDK.HTTPResponse {
        let response = try await client.send(request)
        answers(request.method, request.url.path, response.status)
        return response
    }
}
