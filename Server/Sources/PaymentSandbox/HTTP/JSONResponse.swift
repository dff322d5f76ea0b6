#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SwedbankPaySDK

/// JSON responses with stable member order, so answers can be compared byte for byte.
enum JSONResponse {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A payment order's answer as the real service labels it: `Content-Type` with the order's API
    /// `version` and an `api-supported-versions` header (the portal's response examples).
    static func make(_ value: SwedbankPaySDK.JSONValue, status: Int = 200, apiVersion: String) -> Response {
        var response = make(
            value, status: status, contentType: "application/json; charset=utf-8; version=\(apiVersion)")
        response.headers[HTTPField.Name("api-supported-versions")!] = apiVersion
        return response
    }

    static func make(
        _ value: some Encodable,
        status: Int = 200,
        contentType: String = "application/json; charset=utf-8"
    ) -> Response {
        // JSON documents are written directly: Codable's encoder costs several times more.
        let data =
            (value as? SwedbankPaySDK.JSONValue)?.serialized() ?? (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: .init(code: status),
            headers: [.contentType: contentType],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    static func html(_ page: String, status: Int = 200) -> Response {
        Response(
            status: .init(code: status),
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: page))
        )
    }

    static func javascript(_ script: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/javascript; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: script))
        )
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
#endif
