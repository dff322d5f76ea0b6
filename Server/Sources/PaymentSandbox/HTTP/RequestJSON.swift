#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import NIOCore
import ServerSupport
import SwedbankPaySDK

/// Reads request bodies with the sandbox's limits and turns every way a body can be wrong into a
/// problem: too large (413), not JSON (415 / 400), not an object (400).
enum RequestJSON {
    /// The deepest nesting of arrays and objects a request body may have.
    static let maxDepth = 32

    /// The media types a JSON body may be sent as.
    static let jsonMediaTypes: Set<String> = ["application/json", "application/problem+json"]

    /// The body as a JSON object. An empty body is `{}`.
    static func object(
        _ request: Request, limit: Int, requireBody: Bool = true
    ) async throws -> SwedbankPaySDK.JSONObject {
        let data = try await bytes(request, limit: limit)
        if data.isEmpty {
            if requireBody { throw SandboxProblem.inputError("The request body is empty; a JSON object is required.") }
            return [:]
        }
        // Any letter case and parameters (`charset` or not, `version=3.1`): only the media type counts.
        if let contentType = request.headers.value(.contentType), !jsonMediaTypes.contains(MediaType.of(contentType)) {
            throw SandboxProblem.unsupportedMediaType(contentType)
        }
        let value: SwedbankPaySDK.JSONValue
        do {
            value = try SwedbankPaySDK.JSONValue(parsing: data, maxDepth: maxDepth)
        } catch {
            throw SandboxProblem.inputError("The request body is not valid JSON: \(error.description).")
        }
        guard case .object(let object) = value else {
            throw SandboxProblem.inputError("The request body must be a JSON object.")
        }
        return object
    }

    /// The raw body, at most `limit` bytes.
    static func bytes(_ request: Request, limit: Int) async throws -> Data {
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Data(buffer: buffer)
        } catch is NIOTooManyBytesError {
            throw SandboxProblem.payloadTooLarge(limit: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw SandboxProblem.payloadTooLarge(limit: limit)
        }
    }

    /// Decodes `T` from a JSON value, reporting a decoding failure as an input error naming the
    /// field.
    static func decode<T: Decodable>(_ type: T.Type, from value: SwedbankPaySDK.JSONValue, at path: String) throws -> T
    {
        do {
            return try JSONDecoder().decode(T.self, from: value.serialized())
        } catch let DecodingError.keyNotFound(key, context) {
            let field = ([path] + context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
            throw SandboxProblem.inputError(
                "A required field is missing.", problems: [(field, "The field is required.")])
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let field = ([path] + context.codingPath.map(\.stringValue)).joined(separator: ".")
            throw SandboxProblem.inputError(
                "A field has the wrong type.", problems: [(field, context.debugDescription)])
        } catch let DecodingError.dataCorrupted(context) {
            let field = ([path] + context.codingPath.map(\.stringValue)).joined(separator: ".")
            throw SandboxProblem.inputError(
                "A field has an invalid value.", problems: [(field, context.debugDescription)])
        }
    }
}
#endif
