import Foundation
import Hummingbird

/// The request context of every backend route: Hummingbird's core plus the authenticated caller.
public struct BackendRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The user the app's access token names, once ``AppAuthMiddleware`` accepted the request.
    var user: String?
    /// This request's ``RequestID`` (set by ``RequestLogMiddleware``).
    var requestID: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// The authenticated user; routes behind ``AppAuthMiddleware`` always have one.
    func requireUser() throws -> String {
        guard let user else { throw BackendProblem.unauthorized("The request is not authenticated.") }
        return user
    }
}
