import Foundation
import SwedbankPaySDK

/// What a merchant's callback endpoint received, and how it answers: scripted statuses (200 once
/// they run out), optionally holding every answer until released.
actor CallbackInbox {
    private var answers: [Int]
    private var holding: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var bodies: [SwedbankPaySDK.JSONValue] = []
    private var awaitingBodies: [(count: Int, continuation: CheckedContinuation<[SwedbankPaySDK.JSONValue], Never>)] =
        []

    init(answers: [Int], holding: Bool) {
        self.answers = answers
        self.holding = holding
    }

    func receive(_ data: Data) async -> Int {
        bodies.append((try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)) ?? .null)
        let ready = awaitingBodies.filter { $0.count <= bodies.count }
        awaitingBodies.removeAll { $0.count <= bodies.count }
        for waiter in ready { waiter.continuation.resume(returning: bodies) }
        let status = answers.isEmpty ? 200 : answers.removeFirst()
        if holding { await withCheckedContinuation { waiting.append($0) } }
        return status
    }

    /// The bodies once `count` have arrived (give the test a time limit: this waits for the event,
    /// not for a deadline).
    func bodies(count: Int) async -> [SwedbankPaySDK.JSONValue] {
        if bodies.count >= count { return bodies }
        return await withCheckedContinuation { awaitingBodies.append((count, $0)) }
    }

    /// Lets held answers (and later ones) go.
    func release() {
        holding = false
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
