import Foundation
import HTTPTypes
import Hummingbird
import ServerSupport

/// Authenticates the admin API (`/admin/…`) by `Authorization: Bearer <admin key>`: one of the
/// configured admin keys, never an app's API key or access token. Failures are 401
/// `mobilesdk/unauthorized` problems that never repeat what was sent.
struct AdminAuthMiddleware: RouterMiddleware {
    typealias Context = BackendRequestContext

    let adminKeys: [Secret]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        try authenticate(request.headers.value(.authorization))
        return try await next(request, context)
    }

    func authenticate(_ authorization: String?) throws(BackendProblem) {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            throw .unauthorized("The admin API needs Authorization: Bearer <admin key>.")
        }
        let key = String(authorization.dropFirst(7))
        // Every key is compared, so the time taken does not tell which one nearly matched.
        guard adminKeys.reduce(false, { $0 || $1.matches(key) }) else {
            throw .unauthorized("The admin key is not valid.")
        }
    }
}
