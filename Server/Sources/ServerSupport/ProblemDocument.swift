#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SwedbankPaySDK

/// An RFC 7807 problem a server answers with. The sandbox and the backend each have their own
/// problem type (with their own type URIs and factories); this protocol renders both the same way.
public protocol ProblemDocument: Error, Sendable {
    var type: String { get }
    var title: String { get }
    var status: Int { get }
    var detail: String? { get }
    /// `problems[]`: each names a bad field (`name`) and what is wrong (`description`).
    var problems: [(name: String, description: String)] { get }
    /// Extra top-level members (`gatewayStatus`, `sessionId`, ...).
    var extra: SwedbankPaySDK.JSONObject { get }
    /// Seconds the client should wait before trying again (`Retry-After`), for a problem that
    /// means "try again later"; nil for none.
    var retryAfterSeconds: Int? { get }
}

extension ProblemDocument {
    public var retryAfterSeconds: Int? { nil }

    /// The problem as a JSON object: the extra members, then the standard ones over them.
    public var document: SwedbankPaySDK.JSONObject {
        var object = extra
        object["type"] = .string(type)
        object["title"] = .string(title)
        object["status"] = .integer(Int64(status))
        if let detail { object["detail"] = .string(detail) }
        if !problems.isEmpty {
            object["problems"] = .array(
                problems.map { .object(["name": .string($0.name), "description": .string($0.description)]) })
        }
        return object
    }

    /// The `application/problem+json` response, with `instance` when given.
    public func response(instance: String? = nil) -> Response {
        var object = document
        if let instance { object["instance"] = .string(instance) }
        var headers: HTTPFields = [:]
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        return JSONBody.response(
            SwedbankPaySDK.JSONValue.object(object).serialized(), status: status,
            contentType: "application/problem+json", headers: headers)
    }
}

/// Responses with a body of bytes already serialized.
public enum JSONBody {
    public static func response(
        _ body: Data, status: Int, contentType: String = "application/json; charset=utf-8", headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Comparisons whose time depends only on the lengths, so a caller cannot find a secret byte by
/// byte from response times.
public enum ConstantTime {
    public static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
#endif
