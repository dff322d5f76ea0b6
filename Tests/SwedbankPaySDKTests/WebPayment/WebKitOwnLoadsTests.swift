import Foundation
import Testing

@testable import SwedbankPaySDK

/// The `WKWebView` adapter's own-load bookkeeping (Apple only to carry out, decided here on every
/// platform): which navigation action is the SDK's load, and where each navigation's end goes.
@Suite struct WebKitOwnLoadsTests {
    typealias Loads = SwedbankPaySDK.WebKitOwnLoads<Int, String>
    let menu = URL(string: "https://pay.example.com/menu")!
    let bank = URL(string: "https://bank.example.com/acs")!

    /// The outcome as text: `Result<Void, _>` is not `Equatable`.
    func describe(_ outcome: Loads.Outcome) -> String {
        switch outcome {
        case .resume(let waiters, .success): "return \(waiters.sorted().joined(separator: ", "))"
        case .resume(let waiters, .failure(let failure)):
            "throw \(waiters.sorted().joined(separator: ", ")): \(failure.url?.absoluteString ?? "-") \(failure.description)"
        case .report(let failure): "report \(failure.url?.absoluteString ?? "-") \(failure.description)"
        case .ignore: "ignore"
        }
    }

    func error(_ domain: String, _ code: Int, url: URL? = nil) -> NSError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: "\(domain) \(code)"]
        if let url { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return NSError(domain: domain, code: code, userInfo: userInfo)
    }

    func step(_ loads: inout Loads, _ url: URL, mainFrame: Bool? = true) -> SwedbankPaySDK.WebKitNavigationRules.Step {
        loads.step(url: url, method: "GET", targetIsMainFrame: mainFrame, body: nil)
    }

    @Test func theSDKsLoadIsAllowedOnceAndItsCallerReturnsWhenItFinishes() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(1, "menu load")
        #expect(
            step(&loads, menu, mainFrame: false)
                == .ask(SwedbankPaySDK.WebNavigationRequest(url: menu, isMainFrame: false)))
        #expect(step(&loads, menu) == .allowOwnLoad)
        #expect(loads.expectedURL == nil)
        #expect(step(&loads, menu) == .ask(SwedbankPaySDK.WebNavigationRequest(url: menu)))
        #expect(describe(loads.end(1, .finished)) == "return menu load")
        // Ended once: a second report of it is the page's.
        #expect(describe(loads.end(1, .finished)) == "ignore")
    }

    @Test func aLoadOfTheSDKsThatWasCancelledOrReplacedReturnsWithoutAnError() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(1, "first")
        loads.expect(bank)
        loads.started(2, "second")
        #expect(loads.expectedURL == bank)
        #expect(describe(loads.end(1, .failed(error(NSURLErrorDomain, NSURLErrorCancelled)))) == "return first")
        #expect(describe(loads.end(2, .failed(error("WebKitErrorDomain", 102)))) == "return second")
    }

    @Test func anyOtherFailureOfTheSDKsLoadIsThrownToItsCaller() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(7, "menu load")
        let refused = error(NSURLErrorDomain, NSURLErrorCannotConnectToHost, url: menu)
        #expect(
            describe(loads.end(7, .failed(refused)))
                == "throw menu load: https://pay.example.com/menu NSURLErrorDomain \(NSURLErrorCannotConnectToHost)")
    }

    @Test func thePagesFailuresGoToTheLoadFailureHandlerAndItsOtherEndsToNobody() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(1, "menu load")
        #expect(describe(loads.end(2, .finished)) == "ignore")
        #expect(describe(loads.end(2, .failed(error(NSURLErrorDomain, NSURLErrorCancelled)))) == "ignore")
        #expect(describe(loads.end(2, .failed(error("WebKitErrorDomain", 102)))) == "ignore")
        #expect(
            describe(loads.end(2, .failed(error(NSURLErrorDomain, NSURLErrorTimedOut, url: bank))))
                == "report https://bank.example.com/acs NSURLErrorDomain \(NSURLErrorTimedOut)")
        #expect(describe(loads.end(3, .failed(error("WebKitErrorDomain", 101)))) == "report - WebKitErrorDomain 101")
        // The SDK's load still waits.
        #expect(describe(loads.end(1, .finished)) == "return menu load")
    }

    // WebKit passes a nil `WKNavigation!` for some navigations through the back/forward cache.

    @Test func aNavigationWebKitDoesNotNameEndsEveryOwnLoadStillWaiting() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(1, "menu load")
        loads.expect(bank)
        loads.started(2, "bank load")
        #expect(describe(loads.end(nil, .finished)) == "return bank load, menu load")
        // Nothing waits any more: their own ends, when WebKit still reports them, are the page's.
        #expect(describe(loads.end(1, .finished)) == "ignore")
        #expect(describe(loads.end(nil, .finished)) == "ignore")
    }

    @Test func anUnnamedNavigationsFailureIsThrownToTheOwnLoadsWaitingOrElseReported() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(1, "menu load")
        let refused = error(NSURLErrorDomain, NSURLErrorCannotConnectToHost, url: menu)
        #expect(
            describe(loads.end(nil, .failed(refused)))
                == "throw menu load: https://pay.example.com/menu NSURLErrorDomain \(NSURLErrorCannotConnectToHost)")
        #expect(
            describe(loads.end(nil, .failed(refused)))
                == "report https://pay.example.com/menu NSURLErrorDomain \(NSURLErrorCannotConnectToHost)")
        loads.started(2, "again")
        #expect(describe(loads.end(nil, .failed(error(NSURLErrorDomain, NSURLErrorCancelled)))) == "return again")
        #expect(describe(loads.end(nil, .failed(error(NSURLErrorDomain, NSURLErrorCancelled)))) == "ignore")
    }

    @Test func closingReturnsEveryOwnLoadStillWaiting() {
        var loads = Loads()
        loads.expect(menu)
        loads.started(1, "menu load")
        loads.started(2, "bank load")
        #expect(loads.close().sorted() == ["bank load", "menu load"])
        #expect(loads.close().isEmpty)
        #expect(describe(loads.end(1, .finished)) == "ignore")
    }
}
