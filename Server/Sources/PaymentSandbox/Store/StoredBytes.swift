#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The stores' estimate of what a value costs in memory, for their byte accounts
/// (``BoundedStore``, the logs' budgets). Not an exact figure — Swift does not say what a value
/// holds — but one that errs high: every node of JSON is charged its slot and container, every
/// string its heap buffer, so a body of many tiny members (the costliest shape per byte sent) is
/// charged far more than its length.
enum StoredBytes {
    /// A string held inline (15 UTF-8 bytes or fewer) costs its slot; a longer one a heap buffer.
    static func of(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= 15 ? 16 : 16 + 32 + count
    }

    static func of(_ string: String?) -> Int { string.map(of) ?? 0 }

    /// A URL keeps its string and parsed parts.
    static func of(_ url: URL?) -> Int { url.map { 256 + 2 * $0.absoluteString.utf8.count } ?? 0 }

    /// One node of JSON: its enum slot, a container's header and slots, a string's buffer.
    static func of(_ value: SwedbankPaySDK.JSONValue) -> Int {
        switch value {
        case .null, .bool, .integer, .number: return jsonSlot
        case .string(let string): return jsonSlot + of(string)
        case .array(let array): return jsonSlot + container + array.reduce(0) { $0 + of($1) }
        case .object(let object): return jsonSlot + of(object)
        }
    }

    /// An object: its table, each member's key and value.
    static func of(_ object: SwedbankPaySDK.JSONObject) -> Int {
        object.reduce(container) { $0 + memberSlot + of($1.key) + of($1.value) }
    }

    /// A slot holding a JSON value (the enum's payload and tag, rounded to the allocator's 16 bytes).
    static let jsonSlot = 32
    /// A dictionary member's hashing slot beside its key and value (the table keeps a quarter free).
    static let memberSlot = 16
    /// An array's or dictionary's heap header.
    static let container = 64
}
#endif
