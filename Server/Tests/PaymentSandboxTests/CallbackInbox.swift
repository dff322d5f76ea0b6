import Foundation
import SwedbankPaySDK

/// What a merchant's callback endpoint received, and how it answers: scripted statuses (200 once
/// they run out), optionally holding every answer until released.
actor CallbackInbox {
    private var answers: [Int]
    private var holding: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var bodies: [SwedbankPaySDK.JSONValue] = []

    init(answers: [Int], holding: Bool) {
        self.answers = answers
        self.holding = holding
    }

    func receive(_ data: Data) async -> Int {
        bodies.append((try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)) ?? .null)
        let status = answers.isEmpty ? 200 : answers.removeFirst()
        if holding { await withCheckedContinuation { waiting.append($0) } }
        return status
    }

    /// Lets held answers (and later ones) go.
    func release() {
        holding = false
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
