import Foundation
import SwedbankPaySDK

/// What a ``BrowserPage`` knows and decides about its documents, apart from Chromium: which paused
/// document request is answered with HTML given to `loadHTML`, let through without being offered,
/// or offered to the decider; what a paused response means (a failed load, a redirect to an app,
/// a redirect to remember); which frame each script context belongs to; and when documents came or
/// went. A value with no I/O: the page reads DevTools events into it and carries out what it
/// answers, and tests reach every decision without a browser.
struct PageInterception: Sendable {
    /// HTML given to `loadHTML`, with the number of its load (a finished load never removes a
    /// newer one's document).
    struct GivenDocument: Sendable, Equatable {
        var html: String
        var load: Int
    }

    /// A paused document request, before Chromium has a response.
    struct PausedRequest: Sendable, Equatable {
        var url: URL
        var method: String
        var isMainFrame: Bool
        var body: Data?
        /// Chromium marked the request as following a redirect.
        var isMarkedRedirect: Bool
    }

    /// What to do with a paused request.
    enum RequestAction: Sendable, Equatable {
        /// Let it through: a load the page was told not to offer.
        case continueUnoffered
        /// Answer it with the given HTML.
        case fulfill(html: String)
        /// Offer it to the decider (recorded as a navigation), then continue or fail it.
        case offer(NavigationRequest)
    }

    /// A paused document response (or a failure to get one).
    struct PausedResponse: Sendable, Equatable {
        var url: URL
        var isMainFrame: Bool
        var status: Int
        /// The `Location` header, when there is one.
        var location: String?
        /// DevTools' error reason (`ConnectionRefused`), when the load failed.
        var errorReason: String?
    }

    /// What to do with a paused response.
    enum ResponseAction: Sendable, Equatable {
        /// Fail it with the same reason, and report the failed load when there is one to report.
        case fail(reason: String, report: LoadFailure?)
        /// A redirect to an app scheme: offer it to the decider, then stop it (Chromium cannot
        /// open it).
        case offerAndStop(NavigationRequest)
        /// Let it through.
        case proceed
    }

    /// A change among the documents' script contexts and frames.
    enum ContextChange: Sendable, Equatable {
        /// A context was created in a frame; `isDefault` for a document's own context (not an
        /// isolated world made for evaluating in a frame).
        case created(id: Int64, frame: String, isDefault: Bool)
        case destroyed(id: Int64)
        case cleared
        /// A frame attached, navigated or detached, or the document navigated within itself.
        case frame
    }

    var mainFrameId: String?
    /// The frame of each live default execution context: messages count only from the main frame's.
    private(set) var contextFrames: [Int64: String] = [:]
    private(set) var documents: [String: GivenDocument] = [:]
    private var loadCount = 0
    /// Main-frame loads asked for unoffered that have not reached the network yet.
    private(set) var unofferedLoads: [String: Int] = [:]
    /// Where the server redirected documents to, not yet requested.
    private(set) var redirectTargets: [String: Int] = [:]
    /// Counts the documents and frames that came or went: a wait whose document went away waits
    /// for the next one by it.
    private(set) var documentGeneration = 0

    // MARK: The page's own loads

    /// Keeps `html` to answer the next request for `url`; returns its load number.
    mutating func give(_ html: String, at url: URL) -> Int {
        loadCount += 1
        documents[Self.documentKey(url)] = GivenDocument(html: html, load: loadCount)
        return loadCount
    }

    /// Forgets the HTML of `load` at `url` — unless a newer load gave other HTML meanwhile.
    mutating func forget(load: Int, at url: URL) {
        let key = Self.documentKey(url)
        if documents[key]?.load == load { documents[key] = nil }
    }

    /// The page loads `url` itself and does not offer the request to the decider.
    mutating func expectUnofferedLoad(of url: URL) {
        unofferedLoads[Self.documentKey(url), default: 0] += 1
    }

    /// The unoffered load of `url` was seen or is over.
    mutating func forgetUnofferedLoad(of url: URL) {
        Self.takeOne(Self.documentKey(url), from: &unofferedLoads)
    }

    // MARK: Chromium's requests and responses

    /// Decides about a paused document request.
    mutating func requestPaused(_ request: PausedRequest) -> RequestAction {
        let key = Self.documentKey(request.url)
        let isRedirect = request.isMarkedRedirect || redirectTargets[key] != nil
        Self.takeOne(key, from: &redirectTargets)
        if request.isMainFrame, !isRedirect, unofferedLoads[key] != nil {
            Self.takeOne(key, from: &unofferedLoads)
            return .continueUnoffered
        }
        if let document = documents[key] { return .fulfill(html: document.html) }
        return .offer(
            NavigationRequest(
                url: request.url, method: request.method, isMainFrame: request.isMainFrame, body: request.body,
                isRedirect: isRedirect))
    }

    /// Decides about a paused document response; `isClosed` when the page was closed meanwhile (a
    /// failure then is nobody's to hear).
    mutating func responsePaused(_ response: PausedResponse, isClosed: Bool) -> ResponseAction {
        if let reason = response.errorReason {
            // "Aborted" is a load the decider (or a newer load) stopped: not a failure to report.
            let reported = response.isMainFrame && reason != "Aborted" && !isClosed
            return .fail(
                reason: reason,
                report: reported ? LoadFailure(url: response.url, errorText: Self.netErrorName(reason)) : nil)
        }
        guard (300..<400).contains(response.status), let location = response.location,
            let target = URL(string: location, relativeTo: response.url)?.absoluteURL
        else { return .proceed }
        if Self.isAppScheme(target) {
            return .offerAndStop(
                NavigationRequest(url: target, method: "GET", isMainFrame: response.isMainFrame, isRedirect: true))
        }
        redirectTargets[Self.documentKey(target), default: 0] += 1
        return .proceed
    }

    // MARK: Contexts and frames

    /// Notes a change among contexts and frames; the document generation moves when a document's
    /// context or a frame came or went.
    mutating func note(_ change: ContextChange) {
        switch change {
        case .created(let id, let frame, let isDefault):
            // The isolated worlds made for evaluating in a frame are no new document: counting them
            // would wake a wait that made one.
            guard isDefault else { return }
            contextFrames[id] = frame
            documentGeneration += 1
        case .destroyed(let id):
            if contextFrames.removeValue(forKey: id) != nil { documentGeneration += 1 }
        case .cleared:
            contextFrames.removeAll()
            documentGeneration += 1
        case .frame:
            documentGeneration += 1
        }
    }

    /// Every wait on the page's documents is to look again (the page closed).
    mutating func documentsChanged() {
        documentGeneration += 1
    }

    /// Whether a message posted from `context` comes from the top-level document: a frame may hold
    /// any third-party page, and the binding exists in every frame.
    func isTopLevel(context: Int64) -> Bool {
        guard let mainFrameId else { return false }
        return contextFrames[context] == mainFrameId
    }

    // MARK: Rules

    /// URLs as Chromium reports them: host-only URLs gain a `/` path, fragments are dropped.
    static func documentKey(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.fragment = nil
        if components.path.isEmpty { components.path = "/" }
        return components.string ?? url.absoluteString
    }

    /// Whether Chromium hands `url` to another app rather than loading it (`swish://`, an app's
    /// callback scheme).
    static func isAppScheme(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return !["http", "https", "about", "data", "javascript", "blob", "file", "chrome-error"].contains(scheme)
    }

    /// `ConnectionRefused` (a DevTools error reason) as Chromium's `net::ERR_CONNECTION_REFUSED`.
    static func netErrorName(_ reason: String) -> String {
        var name = ""
        for character in reason {
            if character.isUppercase, !name.isEmpty { name += "_" }
            name += character.uppercased()
        }
        return "net::ERR_" + name
    }

    private static func takeOne(_ key: String, from counts: inout [String: Int]) {
        guard let count = counts[key] else { return }
        counts[key] = count > 1 ? count - 1 : nil
    }
}
