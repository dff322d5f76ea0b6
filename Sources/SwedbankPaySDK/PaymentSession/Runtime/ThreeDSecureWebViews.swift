import Foundation

/// The web views of 3-D Secure: a hidden one per method request, and the challenge page the app
/// shows. They live on the main actor, as web views do.
@MainActor
final class ThreeDSecureWebViews {
    /// How a challenge ended.
    enum ChallengeResult: Sendable {
        /// The page posted `cres` to the NotificationUrl.
        case completed(String)
        /// The challenge page could not be loaded.
        case failed(any Error)
        /// The session moved on (re-fetch, shutdown).
        case cancelled
    }

    /// A 3-D Secure page's address that is not an http(s) URL: nothing is loaded, as an ACS is a
    /// web page and a form posted to `javascript:`, `file:` or an app scheme is not one.
    struct NotAWebPage: Error, CustomStringConvertible {
        var url: String
        var description: String { "the 3-D Secure page is not an http(s) URL: \(url)" }
    }

    /// No web view host was given and the platform has none.
    struct NoWebViewHost: Error, CustomStringConvertible {
        var description: String { "no web view host: set PaymentSessionEnvironment.webViewHost" }
    }

    /// What the hidden method view evaluates to see whether the ACS's page has loaded: its
    /// scheme and ready state (`https:complete`).
    static let methodProbe = "location.protocol + document.readyState"
    /// How often the method view is looked at.
    static let methodPollInterval: TimeInterval = 0.05
    /// A method page that has not loaded by then counts as failed (`N`).
    static let methodTimeout: TimeInterval = 30

    private let host: (any SwedbankPaySDK.WebViewHost)?
    private let clock: any SwedbankPaySDK.Clock
    private var challengeView: (any SwedbankPaySDK.WebView)?
    private var methodViews: [any SwedbankPaySDK.WebView] = []

    init(host: (any SwedbankPaySDK.WebViewHost)?, clock: any SwedbankPaySDK.Clock) {
        self.host = host
        self.clock = clock
    }

    /// Posts the method form as the hidden view's own page, as the Swedbank Pay SDK loads the
    /// method request: true (`Y`) once the ACS's page has loaded, false (`N`) when its load failed,
    /// it did not load in time, or there is no web view.
    ///
    /// The form is posted in the top-level document, not into a frame: a frame's `load` event also
    /// fires for the error page of a failed load, so it cannot tell success from failure, while a
    /// failed top-level load is reported to the load-failure handler.
    func runMethodRequest(_ form: FormPost) async -> Bool {
        guard Self.isWebPage(form.url), let host, let webView = try? await host.makeWebView() else { return false }
        methodViews.append(webView)
        let result = OnceResult<Bool>()
        webView.navigationDecider = { request in Self.isWebPage(request.url) ? .allow : .cancel }
        webView.loadFailureHandler = { failure in
            if failure.url == nil || failure.url?.absoluteString == form.url { result.set(false) }
        }
        do {
            try await webView.loadHTML(Self.formPage(form), baseURL: Self.blank)
        } catch {
            result.set(false)
        }
        let clock = clock
        let timeout = Task { @MainActor in
            if (try? await clock.sleep(seconds: Self.methodTimeout)) != nil { result.set(false) }
        }
        let watch = Task { @MainActor in
            while !result.isSet {
                let state = try? await webView.evaluateJavaScript(Self.methodProbe)
                if state == .string("https:complete") || state == .string("http:complete") {
                    result.set(true)
                    return
                }
                guard (try? await clock.sleep(seconds: Self.methodPollInterval)) != nil else { return }
            }
        }
        let loaded = await result.value(onCancel: false)
        timeout.cancel()
        watch.cancel()
        methodViews.removeAll { $0 === webView }
        await webView.close()
        return loaded
    }

    /// Shows the challenge: hands its view to the app through `show`, then loads it.
    func showChallenge(
        _ form: FormPost, notificationUrl: String?, show: @Sendable (SwedbankPaySDK.PaymentSessionEvent) -> Void
    ) async -> ChallengeResult {
        guard Self.isWebPage(form.url) else { return .failed(NotAWebPage(url: form.url)) }
        guard let host else { return .failed(NoWebViewHost()) }
        let webView: any SwedbankPaySDK.WebView
        if let challengeView {
            webView = challengeView
        } else {
            do {
                webView = try await host.makeWebView()
            } catch {
                return .failed(error)
            }
            challengeView = webView
        }
        show(.show3DSecureViewController(viewController: webView.viewController))
        return await loadChallenge(form, notificationUrl: notificationUrl, in: webView)
    }

    /// Loads the challenge again in the view already shown (the retry of a failed load).
    func reloadChallenge(_ form: FormPost, notificationUrl: String?) async -> ChallengeResult {
        guard Self.isWebPage(form.url) else { return .failed(NotAWebPage(url: form.url)) }
        guard let challengeView else { return .failed(NoWebViewHost()) }
        return await loadChallenge(form, notificationUrl: notificationUrl, in: challengeView)
    }

    func closeAll() async {
        let views = methodViews + (challengeView.map { [$0] } ?? [])
        methodViews = []
        challengeView = nil
        for view in views { await view.close() }
    }

    /// Posts the challenge form in the top-level document and waits for the page's final POST of
    /// `cres` to the NotificationUrl (any POST with `cres` when the URL is unknown). Only a failure
    /// of the challenge page itself counts; later pages failing are the bank's to handle.
    private func loadChallenge(
        _ form: FormPost, notificationUrl: String?, in webView: any SwedbankPaySDK.WebView
    ) async -> ChallengeResult {
        let result = OnceResult<ChallengeResult>()
        webView.navigationDecider = { request in
            // The ACS and the bank's pages are web pages; anything else (an app scheme, a file, a
            // script URL) is stopped.
            guard Self.isWebPage(request.url) else { return .cancel }
            if request.method.uppercased() == "POST",
                notificationUrl == nil || request.url.absoluteString == notificationUrl,
                let cRes = request.formFields.first(where: { $0.name == "cres" })?.value
            {
                result.set(.completed(cRes))
            }
            return .allow
        }
        webView.loadFailureHandler = { failure in
            if failure.url == nil || failure.url?.absoluteString == form.url { result.set(.failed(failure)) }
        }
        do {
            try await webView.loadHTML(Self.formPage(form), baseURL: Self.blank)
        } catch {
            result.set(.failed(error))
        }
        let outcome = await result.value(onCancel: .cancelled)
        if case .completed = outcome {
            webView.navigationDecider = nil
            webView.loadFailureHandler = nil
            if challengeView === webView { challengeView = nil }
            await webView.close()
        }
        return outcome
    }

    // MARK: Pages

    static let blank = URL(string: "about:blank")!

    /// An absolute http(s) URL with a host.
    static func isWebPage(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    static func isWebPage(_ text: String) -> Bool { URL(string: text).map(isWebPage) ?? false }

    /// A page that posts `form` in the top-level document as soon as it loads.
    static func formPage(_ form: FormPost) -> String {
        let inputs = form.fields.map {
            "<input type=\"hidden\" name=\"\(escape($0.name))\" value=\"\(escape($0.value))\">"
        }.joined()
        let enctype = escape(form.contentType ?? "application/x-www-form-urlencoded")
        return """
            <!DOCTYPE html><html><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>\
            <body onload="document.forms[0].submit()">\
            <form method="\(escape(form.method))" action="\(escape(form.url))" enctype="\(enctype)">\
            \(inputs)</form></body></html>
            """
    }

    static func escape(_ text: String) -> String {
        SwedbankPaySDK.HTMLText.escape(text)
    }
}

/// A value set once on the main actor, awaited by one task.
@MainActor
final class OnceResult<Value: Sendable> {
    private var result: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    var isSet: Bool { result != nil }

    func set(_ value: Value) {
        guard result == nil else { return }
        result = value
        waiter?.resume(returning: value)
        waiter = nil
    }

    /// The value; `cancelled` when the waiting task is cancelled first.
    func value(onCancel cancelled: Value) async -> Value {
        if let result { return result }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if let result {
                    continuation.resume(returning: result)
                } else if Task.isCancelled {
                    continuation.resume(returning: cancelled)
                } else {
                    waiter = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.set(cancelled) }
        }
    }
}

extension ChallengeEnd {
    /// A challenge page's result as the engine takes it.
    init(_ result: ThreeDSecureWebViews.ChallengeResult) {
        switch result {
        case .completed(let cRes): self = .completed(cRes: cRes)
        case .failed(let error): self = .failed(SwedbankPaySDK.WebPaymentError(error))
        case .cancelled: self = .cancelled
        }
    }
}
