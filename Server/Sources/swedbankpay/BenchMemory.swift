import Foundation

/// The memory phase of `bench sandbox`: resident memory before and after opening the sessions.
struct BenchMemory: Sendable {
    var count: Int
    var failed: Int
    var firstFailure: String?
    /// Whether every order's payment session could be opened (the session API exists).
    var sessionsOpened: Bool
    var residentBefore: Int?
    var residentAfter: Int?
    var elapsed: Double
}
