import Foundation
import Hummingbird
import NIOCore
import ServerSupport
import SwedbankPaySDK

/// Reads a JSON request body within the configured limits and turns every way it can be wrong
/// into a `mobilesdk/badrequest` problem: too large (413), not JSON (415 / 400), too deep, not an
/// object.
///
/// Which `Content-Type` a body may declare depends on who can send it. The routes anyone can
/// reach (Swedbank Pay's callback) and the admin API take `application/json` or no type at all.
/// An app call authenticated by ``AppAuthMiddleware`` is read as JSON whatever type it declares
/// (``appObject(_:context:)``): the reference SDK 5.0.3, given `headers` (as every app is, for
/// its API key), replaces all of a request's header fields, so its JSON arrives without
/// `application/json` — as `application/x-www-form-urlencoded`, which the platform fills in.
/// Taking that opens no cross-site door: those routes need the API key and access token in
/// custom headers, and a browser sends a custom header to another origin only after a CORS
/// preflight, which the backend never grants (docs/security.md).
struct RequestBody {
    let maxBytes: Int
    let maxDepth: Int

    init(configuration: BackendConfiguration) {
        maxBytes = configuration.maxRequestBodyBytes
        maxDepth = configuration.maxJSONDepth
    }

    /// The body as a JSON object, declared `application/json` or not declared; with `allowEmpty`,
    /// no body at all is `{}`.
    func object(_ request: Request, allowEmpty: Bool = false) async throws -> SwedbankPaySDK.JSONObject {
        if let contentType = request.headers.value(.contentType),
            !Self.isJSON(contentType)
        {
            throw BackendProblem.badRequest("The body must be application/json.", status: 415)
        }
        return try await parse(request, allowEmpty: allowEmpty)
    }

    /// The body of an app call as a JSON object, whatever `Content-Type` it declares — once
    /// ``AppAuthMiddleware`` has authenticated the caller; before that, as strict as
    /// ``object(_:allowEmpty:)``.
    func appObject(_ request: Request, context: BackendRequestContext) async throws -> SwedbankPaySDK.JSONObject {
        guard context.user != nil else { return try await object(request) }
        return try await parse(request, allowEmpty: false)
    }

    private func parse(_ request: Request, allowEmpty: Bool) async throws -> SwedbankPaySDK.JSONObject {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw BackendProblem.badRequest("The request body is larger than \(maxBytes) bytes.", status: 413)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw BackendProblem.badRequest("The request body is larger than \(maxBytes) bytes.", status: 413)
        }
        let data = Data(buffer: buffer)
        guard !data.isEmpty else {
            if allowEmpty { return [:] }
            throw BackendProblem.badRequest("The request body is empty; a JSON object is required.")
        }
        let value: SwedbankPaySDK.JSONValue
        do {
            value = try SwedbankPaySDK.JSONValue(parsing: data, maxDepth: maxDepth)
        } catch {
            throw BackendProblem.badRequest("The request body is not valid JSON: \(error.description).")
        }
        guard case .object(let object) = value else {
            throw BackendProblem.badRequest("The request body must be a JSON object.")
        }
        return object
    }

    static func isJSON(_ contentType: String) -> Bool {
        MediaType.of(contentType) == "application/json"
    }
}
