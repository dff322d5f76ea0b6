import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// What the SDK's side saw: the `{msg, arg}` messages its pages posted and the navigations it
/// was asked about. Waits wake at each thing recorded, so a test reads like the flow it drives.
actor HostedViewRecorder {
    private(set) var messages: [SwedbankPaySDK.JSONObject] = []
    private(set) var navigations: [NavigationRequest] = []
    /// One arrival per message or navigation recorded.
    private let recorded = Arrivals()

    func message(_ body: SwedbankPaySDK.JSONValue) {
        if let object = body.objectValue { messages.append(object) }
        recorded.arrive()
    }

    func navigation(_ request: NavigationRequest) {
        navigations.append(request)
        recorded.arrive()
    }

    /// Waits for the next thing recorded after `seen` of them, until `deadline`; false when none
    /// came in time.
    private func nextRecord(after seen: Int, deadline: Date) async -> Bool {
        await recorded.wait(for: seen + 1, seconds: max(0, deadline.timeIntervalSinceNow))
    }

    /// The names of the messages, with `generalEvent`s as `generalEvent:<sourceEvent>`.
    var names: [String] {
        messages.map { message in
            let name = message["msg"]?.stringValue ?? "?"
            guard name == "generalEvent", let source = message["arg"]?.objectValue?["sourceEvent"]?.stringValue else {
                return name
            }
            return name + ":" + source
        }
    }

    /// The `arg` of the first message named `name` (or `generalEvent:<sourceEvent>`) posted
    /// after the first `after` of its kind, waiting up to `timeout` seconds.
    func wait(for name: String, after: Int = 0, timeout: TimeInterval = 10) async throws -> SwedbankPaySDK.JSONValue {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = recorded.count
            let matches = zip(names, messages).filter { $0.0 == name }
            if matches.count > after { return matches[after].1["arg"] ?? .null }
            guard await nextRecord(after: seen, deadline: deadline) else {
                throw HostedViewTestError.timedOut("message \(name); got \(names)")
            }
        }
    }

    /// The first main-frame navigation to `url`, waiting up to `timeout` seconds.
    func waitForNavigation(to url: String, timeout: TimeInterval = 10) async throws -> NavigationRequest {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = recorded.count
            if let found = navigations.first(where: { $0.isMainFrame && $0.url.absoluteString == url }) { return found }
            guard await nextRecord(after: seen, deadline: deadline) else {
                throw HostedViewTestError.timedOut("navigation to \(url); got \(navigations.map(\.url))")
            }
        }
    }
}

/// Why a hosted view browser test gave up.
enum HostedViewTestError: Error, CustomStringConvertible {
    case timedOut(String)

    var description: String {
        switch self {
        case .timedOut(let what): return "timed out waiting for \(what)"
        }
    }
}
