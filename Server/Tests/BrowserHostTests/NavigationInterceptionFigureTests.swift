import BrowserHost
import Foundation
import Testing

/// Not a check but a command (docs/benchmarks.md): what BrowserHost's navigation interception
/// costs per navigation. It times 50 main-frame navigations between two small pages served by the
/// live sandbox, first intercepted (every navigation paused, offered to a decider that allows it,
/// and resumed through the DevTools protocol), then with interception off, and prints both
/// medians. Runs only when asked:
///
///     cd Server && HOSTED_VIEW_FIGURES=1 swift test --filter NavigationInterceptionFigureTests
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["HOSTED_VIEW_FIGURES"] == "1"))
struct NavigationInterceptionFigureTests {
    @Test func interceptionOverheadPerNavigation() async throws {
        try await HostedViewSandbox.run { sandbox in
            let page = try await sandbox.browser.newPage()
            let urls = [
                URL(
                    string:
                        "\(sandbox.base)/externalresourcehost/trampoline?target=https%3A%2F%2Fa.example%2F&language=en-US"
                )!,
                URL(
                    string:
                        "\(sandbox.base)/externalresourcehost/trampoline?target=https%3A%2F%2Fb.example%2F&language=en-US"
                )!,
            ]
            await page.setNavigationDecider { _ in .allow }
            func median(deciding: Bool) async throws -> Double {
                try await page.setNavigationInterception(enabled: deciding)
                var times: [Double] = []
                for index in 0..<50 {
                    let start = Date()
                    try await page.navigate(to: urls[index % 2])
                    times.append(Date().timeIntervalSince(start) * 1000)
                }
                return times.sorted()[times.count / 2]
            }
            _ = try await median(deciding: false)  // warm up
            let intercepted = try await median(deciding: true)
            let plain = try await median(deciding: false)
            print(
                String(
                    format: "navigation intercepted: median %.1f ms; not intercepted: median %.1f ms; overhead %.1f ms",
                    intercepted, plain, intercepted - plain))
        }
    }
}
