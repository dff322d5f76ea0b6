#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Runs one request per session at a time. A session's state lives in two actors (its record and
/// its order), so the load-transition-store sequence must not interleave with another request on
/// the same session (a poll racing the Swish callback, say). Other sessions are not held up.
actor PaymentSessionLock {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` once no other body for `key` is running.
    func withLock<Result: Sendable>(_ key: String, _ body: @Sendable () async throws -> Result) async throws -> Result {
        await acquire(key)
        do {
            let result = try await body()
            release(key)
            return result
        } catch {
            release(key)
            throw error
        }
    }

    private func acquire(_ key: String) async {
        guard waiting[key] != nil else {
            waiting[key] = []
            return
        }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    private func release(_ key: String) {
        guard var queue = waiting[key], !queue.isEmpty else {
            waiting[key] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue
        next.resume()
    }
}
#endif
