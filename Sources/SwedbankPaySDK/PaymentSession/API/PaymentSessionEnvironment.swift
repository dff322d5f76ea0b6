import Foundation

extension SwedbankPaySDK {
    /// What a ``SwedbankPayPaymentSession`` talks to and how patiently. The defaults are the real
    /// ones; tests and the Linux demo replace them.
    public struct PaymentSessionEnvironment: Sendable {
        /// Every request to the payment session and the event log goes through it.
        public var httpClient: any HTTPClient
        /// Retry windows, retry delays and polling read time from it.
        public var clock: any Clock
        /// Opens the Swish app.
        public var appLauncher: any AppLauncher
        /// Shows the Apple Pay sheet.
        public var walletAuthorizer: any WalletAuthorizer
        /// Makes the web views of 3-D Secure; nil where the platform has none and none was injected
        /// (3-D Secure challenges then fail with
        /// ``PaymentSessionProblem/paymentSession3DSecureViewControllerLoadFailed(error:retry:)``).
        public var webViewHost: (any WebViewHost)?
        /// Retry window, timeouts, poll interval.
        public var retryPolicy: PaymentSessionRetryPolicy
        /// The screen and locale facts sent to the session (3-D Secure needs them).
        public var device: PaymentSessionDeviceInfo
        /// The wall time the event log's beacons are stamped with (`created`); the clock above
        /// measures intervals only. The device's time by default.
        public var wallTime: @Sendable () -> Date = { Date() }
        /// Whether the session's event log beacons (the calls made, the callbacks given, device and
        /// locale facts, masked payer details) are sent to Swedbank Pay's `event-logging` href.
        /// True by default, as in the Swedbank Pay SDK; false sends none, and the payment works the
        /// same (the privacy manifest declares what the beacons hold).
        public var sendsEventLog = true
        /// Told, when set, one line for each step of the session: the input's name, the phase it
        /// led to and the effects' count, and each beacon's event name — never a payer's details,
        /// token or URL. Nil (the default) logs nothing; set it while developing, for example to
        /// `{ print("[SwedbankPay]", $0) }`.
        public var debugLogger: (@Sendable (String) -> Void)?

        /// Creates an environment from its parts; the ones with defaults are optional.
        ///
        /// - Parameters:
        ///   - httpClient: Sends every request to the payment session and the event log.
        ///   - clock: Measures retry windows, retry delays and polling; by default ``SystemClock``.
        ///   - appLauncher: Opens the Swish app.
        ///   - walletAuthorizer: Shows the Apple Pay sheet.
        ///   - webViewHost: Makes the web views of 3-D Secure; nil if there is none.
        ///   - retryPolicy: Retry window, timeouts and poll interval; by default the Swedbank Pay SDK's.
        ///   - device: The device facts sent to the session; by default ``PaymentSessionDeviceInfo/current``.
        public init(
            httpClient: any HTTPClient,
            clock: any Clock = SystemClock(),
            appLauncher: any AppLauncher,
            walletAuthorizer: any WalletAuthorizer,
            webViewHost: (any WebViewHost)? = nil,
            retryPolicy: PaymentSessionRetryPolicy = PaymentSessionRetryPolicy(),
            device: PaymentSessionDeviceInfo = .current
        ) {
            self.httpClient = httpClient
            self.clock = clock
            self.appLauncher = appLauncher
            self.walletAuthorizer = walletAuthorizer
            self.webViewHost = webViewHost
            self.retryPolicy = retryPolicy
            self.device = device
        }

        /// The platform's own parts: URLSession, the system clock, the app's foreground scene, PassKit and
        /// `WKWebView` on iOS. ``SwedbankPaySDKController/defaultAppLauncher`` and
        /// ``SwedbankPaySDKController/defaultWebViewHost`` win when set. Elsewhere (Linux) without
        /// them, launches fail, Apple Pay reports a technical error and 3-D Secure cannot load.
        @MainActor
        public static var standard: PaymentSessionEnvironment {
            #if canImport(PassKit) && canImport(UIKit)
                let wallet: any WalletAuthorizer = PassKitWalletAuthorizer()
            #else
                let wallet: any WalletAuthorizer = UnavailableWalletAuthorizer()
            #endif
            return PaymentSessionEnvironment(
                httpClient: URLSessionHTTPClient(),
                appLauncher: SwedbankPaySDKController.defaultAppLauncher
                    ?? SwedbankPaySDKController.platformAppLauncher(),
                walletAuthorizer: wallet,
                webViewHost: SwedbankPaySDKController.defaultWebViewHost
                    ?? SwedbankPaySDKController.platformWebViewHost())
        }
    }

    /// How long the session retries and waits. The defaults are the Swedbank Pay SDK's.
    public struct PaymentSessionRetryPolicy: Sendable, Hashable {
        /// A request that got no response or a 5xx is sent again while less than this many seconds
        /// have passed since it was first sent.
        public var window: TimeInterval
        /// The window for saved-card attempts and 3-D Secure calls.
        public var longWindow: TimeInterval
        /// The timeout of one try.
        public var timeout: TimeInterval
        /// The timeout of one try of a saved-card attempt or a 3-D Secure call.
        public var longTimeout: TimeInterval
        /// Seconds between tries.
        public var retryDelay: TimeInterval
        /// Seconds between status checks while the payer approves elsewhere.
        public var pollInterval: TimeInterval

        /// Creates a policy; every value is in seconds, and the defaults are the Swedbank Pay SDK's.
        ///
        /// - Parameters:
        ///   - window: How long a request that got no response or a 5xx keeps being sent again; 20.
        ///   - longWindow: The window for saved-card attempts and 3-D Secure calls; 30.
        ///   - timeout: The timeout of one try; 10.
        ///   - longTimeout: The timeout of one try of a saved-card attempt or a 3-D Secure call; 30.
        ///   - retryDelay: The pause between tries; 1.
        ///   - pollInterval: The pause between status checks while the payer approves elsewhere; 2.
        public init(
            window: TimeInterval = 20, longWindow: TimeInterval = 30, timeout: TimeInterval = 10,
            longTimeout: TimeInterval = 30, retryDelay: TimeInterval = 1, pollInterval: TimeInterval = 2
        ) {
            self.window = window
            self.longWindow = longWindow
            self.timeout = timeout
            self.longTimeout = longTimeout
            self.retryDelay = retryDelay
            self.pollInterval = pollInterval
        }
    }

    /// The device facts a payment session asks for (`client` and `browser` members of the bodies).
    public struct PaymentSessionDeviceInfo: Sendable, Hashable {
        /// Physical pixels in portrait.
        public var screenHeight: Int
        /// The screen's width in physical pixels, in portrait; sent as `client.screenWidth`.
        public var screenWidth: Int
        /// Bits per pixel of the screen's colours (`24`); sent as `client.screenColorDepth`.
        public var screenColorDepth: Int
        /// Minutes east of UTC (`120` in Swedish summer time).
        public var timeZoneOffsetMinutes: Int
        /// BCP 47 (`sv-SE`).
        public var language: String
        /// The `User-Agent` header of every request to the session and its event log, also sent as
        /// `client.userAgent`; by default ``VersionReporter/userAgent``.
        public var userAgent: String

        /// Creates the device facts from their values.
        ///
        /// - Parameters:
        ///   - screenHeight: The screen's height in physical pixels, in portrait.
        ///   - screenWidth: The screen's width in physical pixels, in portrait.
        ///   - screenColorDepth: Bits per pixel of the screen's colours; `24` by default.
        ///   - timeZoneOffsetMinutes: Minutes east of UTC.
        ///   - language: The payer's language as a BCP 47 tag (`sv-SE`).
        ///   - userAgent: The user agent to report; by default ``VersionReporter/userAgent``.
        public init(
            screenHeight: Int, screenWidth: Int, screenColorDepth: Int = 24, timeZoneOffsetMinutes: Int,
            language: String, userAgent: String = VersionReporter.userAgent
        ) {
            self.screenHeight = screenHeight
            self.screenWidth = screenWidth
            self.screenColorDepth = screenColorDepth
            self.timeZoneOffsetMinutes = timeZoneOffsetMinutes
            self.language = language
            self.userAgent = userAgent
        }

        /// This device now (the screen size is a typical phone's where there is no screen).
        public static var current: PaymentSessionDeviceInfo {
            PaymentSessionDeviceInfo(
                screenHeight: 2532, screenWidth: 1170,
                timeZoneOffsetMinutes: TimeZone.current.secondsFromGMT() / 60,
                language: Locale.preferredLanguages.first ?? "en-US")
        }

        func client(clientType: Bool) -> JSONObject {
            var client: JSONObject = [
                "userAgent": .string(userAgent), "screenHeight": .string(String(screenHeight)),
                "screenWidth": .string(String(screenWidth)), "screenColorDepth": .string(String(screenColorDepth)),
            ]
            if clientType { client["clientType"] = .string("Native") }
            return client
        }

        var browser: JSONObject {
            [
                "acceptHeader": .string("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
                "timeZoneOffset": .string(String(timeZoneOffsetMinutes)), "javascriptEnabled": .bool(true),
                "language": .string(language),
            ]
        }
    }

}
