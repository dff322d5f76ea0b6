import Foundation
import HTTPTypes
import Hummingbird
import ServerSupport

/// Authenticates app calls by two headers, as the example backend does: an API key that must be
/// one of the configured keys, and an access token naming the user — the user id itself in the
/// example mode, a JWT checked by ``AccessTokenVerifier`` in the JWT mode. Failures are 401
/// `mobilesdk/unauthorized` problems whose detail never repeats what was sent.
struct AppAuthMiddleware: RouterMiddleware {
    typealias Context = BackendRequestContext

    let apiKeys: [Secret]
    let apiKeyHeader: HTTPField.Name
    let accessTokenHeader: HTTPField.Name
    let accessTokenLengths: ClosedRange<Int>
    /// nil in the example mode.
    let verifier: AccessTokenVerifier?

    init(configuration: BackendConfiguration, verifier: AccessTokenVerifier?) {
        apiKeys = configuration.apiKeys
        apiKeyHeader = HTTPField.Name(configuration.apiKeyHeader)!
        accessTokenHeader = HTTPField.Name(configuration.accessTokenHeader)!
        if case .jwt(let settings) = configuration.authentication {
            // A JWT is checked by its parts; only its size needs a limit here.
            accessTokenLengths = 1...settings.maxTokenLength
        } else {
            accessTokenLengths = configuration.minimumAccessTokenLength...configuration.maximumAccessTokenLength
        }
        self.verifier = verifier
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        context.user = try await authenticate(request.headers)
        return try await next(request, context)
    }

    /// The user id, or the problem to answer with.
    func authenticate(_ headers: HTTPFields) async throws(BackendProblem) -> String {
        guard let key = headers.value(apiKeyHeader) else {
            throw .unauthorized("The \(apiKeyHeader.rawName) header is missing.")
        }
        // Every key is compared, so the time taken does not tell which one nearly matched.
        let known = apiKeys.reduce(false) { $0 || $1.matches(key) }
        guard known else { throw .unauthorized("The API key is not valid.") }
        guard let token = headers.value(accessTokenHeader) else {
            throw .unauthorized("The \(accessTokenHeader.rawName) header is missing.")
        }
        guard token.utf8.count >= accessTokenLengths.lowerBound else { throw .unauthorized("access token too short") }
        guard token.utf8.count <= accessTokenLengths.upperBound else { throw .unauthorized("access token too long") }
        guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f }) else {
            throw .unauthorized("The access token must be printable ASCII without spaces.")
        }
        guard let verifier else { return token }
        switch await verifier.user(for: token) {
        case .success(let user): return user
        case .failure(let refusal): throw .unauthorized(refusal.detail)
        }
    }
}
