import Foundation
import SwedbankPaySDK

// Waiting for the page: every wait is woken by what the page does, never by a timer that looks
// again. The deadline each wait has is its failure bound; a wait that succeeds never reaches it.
extension BrowserPage {
    /// Waits until a JavaScript expression is truthy. A frame that does not exist yet counts as
    /// false.
    ///
    /// The expression is checked in the page, again at each change of the document (a
    /// `MutationObserver` on its whole tree: elements, attributes, text) and at the document's own
    /// events (`readystatechange`, `load`, `input`, `change`, `hashchange`, `popstate`, `pageshow`);
    /// when the document or the frame is replaced, the check starts again in the new one once it
    /// exists. What no event tells — a script's variable, `history.pushState` — is seen at the next
    /// change that one does tell. Throws ``BrowserHostError/timedOut(_:)`` when `timeout` seconds
    /// pass first.
    public func waitFor(
        _ expression: String, in frame: Frame = .main, timeout: TimeInterval = 10, description: String? = nil
    ) async throws {
        // A monotonic deadline: the wall clock may jump.
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1_000))
        let timedOut = BrowserHostError.timedOut(description ?? expression)
        while !isClosed {
            let remaining = deadline - .now
            guard remaining > .zero else { throw timedOut }
            // Taken before the check is sent: a document that replaces the one checked is counted
            // after it, however its events and the check's answer interleave.
            let generation = interception.documentGeneration
            let milliseconds =
                remaining.components.seconds * 1_000 + remaining.components.attoseconds / 1_000_000_000_000_000
            do {
                let met = try await evaluate(Self.watcher(expression, milliseconds: milliseconds), in: frame)
                // False: the page's own deadline passed first.
                guard met == .bool(true) else { throw timedOut }
                return
            } catch let error as BrowserHostError where error == timedOut {
                throw error
            } catch {
                // The document went away under the check (a navigation), the frame is not there
                // yet, or the expression does not compile: the next document or frame may do.
                guard
                    await waitForChange(
                        until: deadline, { [generation] in self.interception.documentGeneration != generation })
                else { throw timedOut }
            }
        }
        throw BrowserHostError.connectionClosed("the page was closed")
    }

    /// The page-side wait of ``waitFor(_:in:timeout:description:)``: a promise that resolves true
    /// once `expression` is truthy, checked at each change of the document and at its events, or
    /// false after `milliseconds`.
    static func watcher(_ expression: String, milliseconds: Int64) -> String {
        """
        new Promise(function (resolve) {
          var events = ["readystatechange", "load", "input", "change", "hashchange", "popstate", "pageshow"];
          var observer = new MutationObserver(check);
          var timer = setTimeout(function () { finish(false); }, \(max(milliseconds, 1)));
          var done = false;
          function finish(value) {
            if (done) return;
            done = true;
            observer.disconnect();
            clearTimeout(timer);
            events.forEach(function (name) { window.removeEventListener(name, check, true); });
            resolve(value);
          }
          function check() {
            var met = false;
            try { met = !!(\(expression)); } catch (e) {}
            if (met) finish(true);
          }
          events.forEach(function (name) { window.addEventListener(name, check, true); });
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          check();
        })
        """
    }

    /// Returns true once what the page recorded (console errors, popups, navigations) satisfies
    /// `condition`, checked again at each new record; false after `timeout` seconds without it.
    public func waitForRecord(timeout: TimeInterval = 5, until condition: @escaping @Sendable (Record) -> Bool)
        async -> Bool
    {
        await waitForChange(until: .now + .milliseconds(Int(timeout * 1_000))) { condition(self.record) }
    }

    /// Returns true once `condition` holds, checked now and again at each change of the page;
    /// false at `deadline` without it.
    func waitForChange(until deadline: ContinuousClock.Instant, _ condition: @escaping () -> Bool) async -> Bool {
        if condition() { return true }
        nextChangeWaiter += 1
        let id = nextChangeWaiter
        let expiry = Task { [weak self] in
            try await Task.sleep(until: deadline, clock: .continuous)
            await self?.expireChangeWaiter(id)
        }
        defer { expiry.cancel() }
        return await withCheckedContinuation { continuation in
            changeWaiters.append((id, condition, continuation))
        }
    }

    func wakeChangeWaiters() {
        guard !changeWaiters.isEmpty else { return }
        var waiting: [(id: UInt64, condition: () -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []
        for waiter in changeWaiters {
            if waiter.condition() {
                waiter.continuation.resume(returning: true)
            } else {
                waiting.append(waiter)
            }
        }
        changeWaiters = waiting
    }

    private func expireChangeWaiter(_ id: UInt64) {
        guard let index = changeWaiters.firstIndex(where: { $0.id == id }) else { return }
        changeWaiters.remove(at: index).continuation.resume(returning: false)
    }
}
