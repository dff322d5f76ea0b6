import Foundation
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
