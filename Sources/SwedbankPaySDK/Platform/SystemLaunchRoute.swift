import Foundation

extension SwedbankPaySDK {
    /// Where the SDK's own launcher opens a URL on UIKit platforms, decided from facts the UIKit
    /// shell reads (`AppLauncher.swift`): whether this process is an app extension, and the
    /// activation state of each of the app's scenes.
    ///
    /// The library is built with application-extension-only API, where `UIApplication.shared` and
    /// `UIApplication.open(_:options:completionHandler:)` do not exist. It opens through a scene
    /// instead (`UIScene.open(_:options:completionHandler:)`, which extensions may call): the first
    /// scene in the foreground, active before inactive. An app extension has no scenes of its own
    /// to open from, so there it opens nothing: an extension that pays injects an
    /// ``AppLauncher`` (for example one calling `NSExtensionContext.open(_:completionHandler:)`).
    enum SystemLaunchRoute: Equatable, Sendable {
        /// Open through the scene at this index of the scenes given.
        case scene(Int)
        /// This process is an app extension: nothing is opened.
        case appExtension
        /// No scene is in the foreground: nothing is opened (UIKit would refuse it too).
        case noForegroundScene

        /// A scene's activation state, as `UIScene.ActivationState` has it.
        enum SceneState: Equatable, Sendable {
            case foregroundActive, foregroundInactive, background, unattached
        }

        /// The route for a process whose main bundle is at `bundleURL` and whose scenes'
        /// states `scenes` reads. The extension route is decided first: in an app extension
        /// `scenes` is never called, so an extension never reaches `UIApplication`.
        static func decide(bundleURL: URL, scenes: () -> [SceneState]) -> SystemLaunchRoute {
            // An extension's bundle is an `.appex` inside its app's `PlugIns`.
            if bundleURL.pathExtension.lowercased() == "appex" { return .appExtension }
            let scenes = scenes()
            if let active = scenes.firstIndex(of: .foregroundActive) { return .scene(active) }
            if let inactive = scenes.firstIndex(of: .foregroundInactive) { return .scene(inactive) }
            return .noForegroundScene
        }
    }
}
