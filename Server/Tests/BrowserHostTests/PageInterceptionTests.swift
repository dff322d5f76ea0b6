import Foundation
import Testing

@testable import BrowserHost

/// `BrowserPage`'s decisions about its documents, without a browser: given HTML, unoffered loads,
/// redirects remembered and marked, app-scheme redirects stopped, failures reported or not, and
/// the document generation that wakes waits. (`BrowserPageEventsTests` shows the same in Chromium.)
@Suite struct PageInterceptionTests {
    static let page = URL(string: "https://shop.example/pay")!

    static func request(_ url: URL, mainFrame: Bool = true, marked: Bool = false) -> PageInterception.PausedRequest {
        .init(url: url, method: "GET", isMainFrame: mainFrame, body: nil, isMarkedRedirect: marked)
    }

    static func response(
        _ url: URL, status: Int = 200, location: String? = nil, error: String? = nil, mainFrame: Bool = true
    ) -> PageInterception.PausedResponse {
        .init(url: url, isMainFrame: mainFrame, status: status, location: location, errorReason: error)
    }

    @Test func givenHTMLAnswersItsRequestUntilItsLoadEndsAndANewerLoadKeepsItsOwn() {
        var state = PageInterception()
        let first = state.give("<p>one</p>", at: URL(string: "https://shop.example")!)
        // Chromium asks for the host-only URL with a `/` path, and without the fragment.
        #expect(
            state.requestPaused(Self.request(URL(string: "https://shop.example/#top")!)) == .fulfill(html: "<p>one</p>")
        )
        let second = state.give("<p>two</p>", at: URL(string: "https://shop.example/")!)
        state.forget(load: first, at: URL(string: "https://shop.example")!)
        #expect(
            state.requestPaused(Self.request(URL(string: "https://shop.example/")!)) == .fulfill(html: "<p>two</p>"))
        state.forget(load: second, at: URL(string: "https://shop.example/")!)
        #expect(
            state.requestPaused(Self.request(URL(string: "https://shop.example/")!))
                == .offer(
                    NavigationRequest(url: URL(string: "https://shop.example/")!, method: "GET", isMainFrame: true)))
    }

    @Test func anUnofferedLoadGoesThroughOnceAndOnlyInTheMainFrame() {
        var state = PageInterception()
        state.expectUnofferedLoad(of: Self.page)
        let offered = PageInterception.RequestAction.offer(
            NavigationRequest(url: Self.page, method: "GET", isMainFrame: false))
        #expect(state.requestPaused(Self.request(Self.page, mainFrame: false)) == offered)
        #expect(state.requestPaused(Self.request(Self.page)) == .continueUnoffered)
        #expect(
            state.requestPaused(Self.request(Self.page))
                == .offer(NavigationRequest(url: Self.page, method: "GET", isMainFrame: true)))
        // Forgotten when its navigation ends without reaching the network.
        state.expectUnofferedLoad(of: Self.page)
        state.forgetUnofferedLoad(of: Self.page)
        #expect(state.unofferedLoads.isEmpty)
    }

    @Test func aRedirectsTargetIsOfferedAsARedirectEvenForAnUnofferedLoad() {
        var state = PageInterception()
        let target = URL(string: "https://shop.example/done")!
        state.expectUnofferedLoad(of: target)
        #expect(
            state.responsePaused(Self.response(Self.page, status: 302, location: "/done"), isClosed: false) == .proceed)
        #expect(state.redirectTargets == ["https://shop.example/done": 1])
        #expect(
            state.requestPaused(Self.request(target))
                == .offer(NavigationRequest(url: target, method: "GET", isMainFrame: true, isRedirect: true)))
        #expect(state.redirectTargets.isEmpty)
        // Chromium's own mark counts as well.
        #expect(
            state.requestPaused(Self.request(Self.page, marked: true))
                == .offer(NavigationRequest(url: Self.page, method: "GET", isMainFrame: true, isRedirect: true)))
    }

    @Test func aRedirectToAnAppIsOfferedAndStopped() {
        var state = PageInterception()
        #expect(
            state.responsePaused(
                Self.response(Self.page, status: 303, location: "swish://paymentrequest?token=t"), isClosed: false)
                == .offerAndStop(
                    NavigationRequest(
                        url: URL(string: "swish://paymentrequest?token=t")!, method: "GET", isMainFrame: true,
                        isRedirect: true)))
        #expect(state.redirectTargets.isEmpty)
        #expect(state.responsePaused(Self.response(Self.page, status: 200), isClosed: false) == .proceed)
        #expect(PageInterception.isAppScheme(URL(string: "com.example.app://back")!))
        #expect(!PageInterception.isAppScheme(URL(string: "HTTPS://shop.example")!))
        #expect(!PageInterception.isAppScheme(URL(string: "about:blank")!))
    }

    @Test func onlyAMainFrameFailureOfAnOpenPageNotStoppedByUsIsReported() {
        var state = PageInterception()
        let refused = LoadFailure(url: Self.page, errorText: "net::ERR_CONNECTION_REFUSED")
        #expect(
            state.responsePaused(Self.response(Self.page, error: "ConnectionRefused"), isClosed: false)
                == .fail(reason: "ConnectionRefused", report: refused))
        #expect(
            state.responsePaused(
                Self.response(Self.page, error: "ConnectionRefused", mainFrame: false), isClosed: false)
                == .fail(reason: "ConnectionRefused", report: nil))
        #expect(
            state.responsePaused(Self.response(Self.page, error: "Aborted"), isClosed: false)
                == .fail(reason: "Aborted", report: nil))
        #expect(
            state.responsePaused(Self.response(Self.page, error: "NameNotResolved"), isClosed: true)
                == .fail(reason: "NameNotResolved", report: nil))
        #expect(PageInterception.netErrorName("NameNotResolved") == "net::ERR_NAME_NOT_RESOLVED")
    }

    @Test func documentsComingAndGoingMoveTheGenerationAndIsolatedWorldsDoNot() {
        var state = PageInterception()
        state.mainFrameId = "main"
        var generations: [Int] = []
        for change: PageInterception.ContextChange in [
            .created(id: 1, frame: "main", isDefault: true), .created(id: 2, frame: "main", isDefault: false),
            .created(id: 3, frame: "child", isDefault: true), .destroyed(id: 2), .destroyed(id: 3), .frame, .cleared,
        ] {
            state.note(change)
            generations.append(state.documentGeneration)
        }
        #expect(generations == [1, 1, 2, 2, 3, 4, 5])
        #expect(state.contextFrames.isEmpty)
        state.note(.created(id: 7, frame: "main", isDefault: true))
        state.note(.created(id: 8, frame: "child", isDefault: true))
        #expect(state.isTopLevel(context: 7))
        #expect(!state.isTopLevel(context: 8))
        #expect(!state.isTopLevel(context: 1))
        state.mainFrameId = nil
        #expect(!state.isTopLevel(context: 7))
        state.documentsChanged()
        #expect(state.documentGeneration == 8)
    }
}
