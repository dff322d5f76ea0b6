import Foundation
import Hummingbird
import NIOCore
import ServerSupport
import SwedbankPaySDK

/// Reads an app's JSON request body within the configured limits and turns every way it can be
/// wrong into a `mobilesdk/badrequest` problem: too large (413), not JSON (415 / 400), too deep,
/// not an object.
struct RequestBody {
    let maxBytes: Int
    let maxDepth: Int

    init(configuration: BackendConfiguration) {
        maxBytes = configuration.maxRequestBodyBytes
        maxDepth = configuration.maxJSONDepth
    }

    /// The body as a JSON object; with `allowEmpty`, no body at all is `{}`.
    func object(_ request: Request, allowEmpty: Bool = false) async throws -> SwedbankPaySDK.JSONObject {
        if let contentType = request.headers.value(.contentType),
            !Self.isJSON(contentType)
        {
            throw BackendProblem.badRequest("The body must be application/json.", status: 415)
        }
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
