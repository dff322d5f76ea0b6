import Foundation

extension SwedbankPaySDK.Problem: CustomStringConvertible, LocalizedError {
    /// One line: the space, the type URI, the status and the detail, e.g.
    /// `client problem https://api.payex.com/psp/errordetail/notfound (status 404): No such token`.
    /// A response that was not a problem reads
    /// `server problem: unexpected content (status 502, content type text/html, 12 bytes)`.
    public var description: String {
        let space: String
        switch self {
        case .client: space = "client"
        case .server: space = "server"
        }
        switch self {
        case .client(.unexpectedContent(let status, let contentType, let body)),
            .server(.unexpectedContent(let status, let contentType, let body)):
            let type = contentType.map { "content type \($0)" } ?? "no content type"
            let bytes = body.map { "\($0.count) bytes" } ?? "no body"
            return "\(space) problem: unexpected content (status \(status), \(type), \(bytes))"
        default:
            let suffix = detail.map { ": \($0)" } ?? ""
            return "\(space) problem \(type) (status \(status))\(suffix)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
