#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport

/// Admits merchant calls that carry `Authorization: Bearer <token>` with a configured token;
/// answers others with a 401 problem. Tokens are compared in constant time and never logged.
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    let tokens: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let header = request.headers.value(.authorization) else {
            throw SandboxProblem.unauthorized(
                "The Authorization header is missing; send `Authorization: Bearer <token>`.")
        }
        let prefix = "bearer "
        guard header.lowercased().hasPrefix(prefix) else {
            throw SandboxProblem.unauthorized("The Authorization header must use the Bearer scheme.")
        }
        let token = String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        guard tokens.contains(where: { ConstantTime.equals($0, token) }) else {
            throw SandboxProblem.unauthorized("The bearer token is not valid.")
        }
        return try await next(request, context)
    }
}
#endif
