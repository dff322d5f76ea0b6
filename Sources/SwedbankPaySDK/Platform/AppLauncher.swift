import Foundation

extension SwedbankPaySDK {
    /// Opens a URL outside the app: another app (Swish, a bank's app) or the system browser.
    ///
    /// The SDK never opens URLs itself; flows go through an `AppLauncher` so an app (or a test) can
    /// decide how. On UIKit platforms the SDK's own is
    /// `SceneAppLauncher` (the app's foreground scene), which app extensions may build with.
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
        ///
        /// Unavailable in app extensions, where UIKit has no shared application. The SDK does not
        /// use it: its own launcher on UIKit is ``SceneAppLauncher``, which the library can be
        /// built with for app extensions.
        @available(iOSApplicationExtension, unavailable, message: "Use SceneAppLauncher or inject an AppLauncher.")
        public struct UIApplicationAppLauncher: AppLauncher {
            /// Creates the launcher.
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

        /// Opens URLs through the app's scene in the foreground
        /// (`UIScene.open(_:options:completionHandler:)`): the SDK's launcher on UIKit when none is
        /// injected.
        ///
        /// It needs no API that app extensions lack, so the library builds with
        /// application-extension-only API. In an app extension it opens nothing (it returns
        /// false); inject an ``AppLauncher`` there. Which scene opens the URL is decided by
        /// `SystemLaunchRoute`.
        public struct SceneAppLauncher: AppLauncher {
            /// Creates the launcher.
            public init() {}

            /// Opens `url` through the foreground scene; false in an app extension or without one.
            @MainActor
            public func open(_ url: URL) async -> Bool {
                await Self.open(url, universalLinksOnly: false)
            }

            /// Opens `url` only if an app claims it as a universal link, through the foreground scene.
            @MainActor
            public func openAppLink(_ url: URL) async -> Bool {
                await Self.open(url, universalLinksOnly: true)
            }

            @MainActor
            private static func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
                // `UIApplication` is read only once the route is known not to be an extension's.
                var scenes: [UIScene] = []
                let route = SystemLaunchRoute.decide(bundleURL: Bundle.main.bundleURL) {
                    scenes = Array(runningApplication()?.connectedScenes ?? [])
                    return scenes.map { SystemLaunchRoute.SceneState($0.activationState) }
                }
                guard case .scene(let index) = route else { return false }
                let options = UIScene.OpenExternalURLOptions()
                options.universalLinksOnly = universalLinksOnly
                return await scenes[index].open(url, options: options)
            }

            /// The app's `UIApplication`, looked up by its Objective-C name at run time: the
            /// compile-time `UIApplication.shared` does not exist where the library is built for
            /// app extensions. Nil where there is no shared application.
            @MainActor
            private static func runningApplication() -> UIApplication? {
                UIApplication.value(forKey: "sharedApplication") as? UIApplication
            }
        }
    }

    extension SwedbankPaySDK.SystemLaunchRoute.SceneState {
        init(_ state: UIScene.ActivationState) {
            switch state {
            case .foregroundActive: self = .foregroundActive
            case .foregroundInactive: self = .foregroundInactive
            case .background: self = .background
            default: self = .unattached
            }
        }
    }

    // The constraint names a type app extensions lack, so the extension is fenced as a whole.
    @available(iOSApplicationExtension, unavailable, message: "Use SceneAppLauncher or inject an AppLauncher.")
    extension SwedbankPaySDK.AppLauncher where Self == SwedbankPaySDK.UIApplicationAppLauncher {
        /// The system's launcher (`UIApplication`); unavailable in app extensions.
        public static var system: SwedbankPaySDK.UIApplicationAppLauncher { .init() }
    }
#endif
