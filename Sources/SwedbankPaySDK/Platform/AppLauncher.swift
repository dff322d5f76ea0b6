import Foundation

extension SwedbankPaySDK {
    /// Opens a URL outside the app: another app (Swish, a bank's app) or the system browser.
    ///
    /// The SDK never opens URLs itself; flows go through an `AppLauncher` so an app (or a test) can
    /// decide how. On UIKit platforms `AppLauncher.system` uses `UIApplication`.
    public protocol AppLauncher: Sendable {
        /// Opens `url` and returns whether another app or the browser accepted it. `false` means
        /// nothing was opened (no app handles the scheme, or the app refused).
        @MainActor
        func open(_ url: URL) async -> Bool

        /// Opens `url` only if an app claims it as a universal link (app link); never in the
        /// browser. Returns whether an app opened it. The default claims nothing.
        @MainActor
        func openAppLink(_ url: URL) async -> Bool
    }
}

extension SwedbankPaySDK.AppLauncher {
    @MainActor
    public func openAppLink(_ url: URL) async -> Bool { false }
}

extension SwedbankPaySDK {
    /// Opens nothing: the launcher where the platform has no other apps.
    struct NoAppLauncher: AppLauncher {
        @MainActor
        func open(_ url: URL) async -> Bool { false }
    }
}

#if canImport(UIKit)
    import UIKit

    extension SwedbankPaySDK {
        /// Opens URLs with `UIApplication.shared.open(_:options:completionHandler:)`.
        public struct UIApplicationAppLauncher: AppLauncher {
            public init() {}

            @MainActor
            public func open(_ url: URL) async -> Bool {
                await UIApplication.shared.open(url, options: [:])
            }

            @MainActor
            public func openAppLink(_ url: URL) async -> Bool {
                await UIApplication.shared.open(url, options: [.universalLinksOnly: true])
            }
        }
    }

    extension SwedbankPaySDK.AppLauncher where Self == SwedbankPaySDK.UIApplicationAppLauncher {
        /// The system's launcher (`UIApplication`).
        public static var system: SwedbankPaySDK.UIApplicationAppLauncher { .init() }
    }
#endif
