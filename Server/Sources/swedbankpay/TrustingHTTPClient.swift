import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ServerSupport
import SwedbankPaySDK
import X509

/// The demos' transport when told to trust a certificate (`--ca-file`): the SDK's `HTTPClient`
/// seam over AsyncHTTPClient, trusting the file's certificates beside the system's roots.
///
/// The SDK's own `URLSessionHTTPClient` cannot be taught this on Linux: Foundation's URLSession
/// there verifies with libcurl against the system's store only — `SSL_CERT_FILE`,
/// `CURL_CA_BUNDLE` and `URLSessionCertificateAuthorityInfoFile` change nothing (the last is read
/// on Android only) — so trusting a root made at start would take installing it into the system
/// store as root. On Apple platforms an app trusts it through the keychain instead.
final class TrustingHTTPClient: SwedbankPaySDK.HTTPClient, Sendable {
    private let client: HTTPClient

    init(trusting anchors: [Certificate]) throws {
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = try TLSIdentity.clientConfiguration(trusting: anchors)
        // As the SDK's requests to a backend and a session: nothing of the demos is redirected.
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func send(
        _ request: SwedbankPaySDK.HTTPRequest
    ) async throws(SwedbankPaySDK.TransportError) -> SwedbankPaySDK.HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let timeout = TimeAmount.milliseconds(Int64((request.timeout ?? 60) * 1_000))
        do {
            let response = try await client.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
            var headers = SwedbankPaySDK.HTTPHeaders()
            for field in response.headers { headers.add(name: field.name, value: field.value) }
            return SwedbankPaySDK.HTTPResponse(
                status: Int(response.status.code), headers: headers, body: Data(buffer: body), url: request.url)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw .timedOut(request.url)
        } catch is CancellationError {
            throw .cancelled(request.url)
        } catch {
            throw .connectionFailed(request.url, description: String(describing: error))
        }
    }

    /// Closes the connections; call once no request is in flight.
    func shutdown() async {
        try? await client.shutdown()
    }
}
