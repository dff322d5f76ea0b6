#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// What a route noted about one request for the request log (warnings such as a leniency
/// used). Shared by reference between the request's context in the log middleware and in the
/// route, which gets a copy of the context.
public final class RequestNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []

    public init() {}

    /// Adds warnings, in order.
    func warn(_ warnings: [String]) {
        guard !warnings.isEmpty else { return }
        lock.withLock { notes.append(contentsOf: warnings) }
    }

    /// The warnings noted so far.
    var warnings: [String] { lock.withLock { notes } }
}
#endif
