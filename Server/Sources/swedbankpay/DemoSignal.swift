/// A value the demos wait for that arrives once (a page shown, an answer received): the waiter
/// resumes when it is set, at once if it was set before. Nothing polls.
@MainActor
final class DemoSignal<Value> {
    private(set) var value: Value?
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func set(_ value: Value) {
        guard self.value == nil else { return }
        self.value = value
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async -> Value {
        while true {
            if let value { return value }
            await withCheckedContinuation { waiters.append($0) }
        }
    }
}
