import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerSupport
import SwedbankPaySDK

/// The backend's response bodies: JSON written with the SDK's serializer (members in a stable
/// order, so answers compare byte for byte), HTML pages, redirects.
enum BackendResponse {
    static func json(
        _ value: SwedbankPaySDK.JSONValue, status: Int = 200,
        contentType: String = "application/json; charset=utf-8", headers: HTTPFields = [:]
    ) -> Response {
        raw(value.serialized(), status: status, contentType: contentType, headers: headers)
    }

    static func raw(_ body: Data, status: Int, contentType: String, headers: HTTPFields = [:]) -> Response {
        JSONBody.response(body, status: status, contentType: contentType, headers: headers)
    }

    static func html(_ page: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    /// 301 to `location`, with an empty body.
    static func movedPermanently(to location: String) -> Response {
        Response(status: .movedPermanently, headers: [.location: location, .contentLength: "0"])
    }
}
