import Foundation
import Hummingbird

/// Admits merchant calls that carry `Authorization: Bearer <token>` with a configured token;
/// answers others with a 401 problem. Tokens are compared in constant time and never logged.
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    let tokens: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let header = request.headers[.authorization] else {
            throw SandboxProblem.unauthorized(
                "The Authorization header is missing; send `Authorization: Bearer <token>`.")
        }
        let prefix = "bearer "
        guard header.lowercased().hasPrefix(prefix) else {
            throw SandboxProblem.unauthorized("The Authorization header must use the Bearer scheme.")
        }
        let token = String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        guard tokens.contains(where: { Self.constantTimeEquals($0, token) }) else {
            throw SandboxProblem.unauthorized("The bearer token is not valid.")
        }
        return try await next(request, context)
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
