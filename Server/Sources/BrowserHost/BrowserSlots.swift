import Foundation

/// Bounds how many browsers one process runs at once; a launch beyond the bound waits for a
/// browser to close.
///
/// A headless Chromium is several processes busy on every core while it renders. A test run
/// launching one per test suite, all at once, left the servers under test too little CPU to
/// answer on loopback within their deadlines; one browser per core keeps the machine usable.
actor BrowserSlots {
    private let limit: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// One slot per core of this machine, for every ``BrowserHost`` of the process.
    static let shared = BrowserSlots(limit: ProcessInfo.processInfo.activeProcessorCount)

    /// Waits until a slot is free and takes it.
    func acquire() async {
        if inUse < limit {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back: to the longest waiting launch, or to the pool.
    func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
