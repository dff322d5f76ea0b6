// A declaration-only model of the UIKit API the SDK calls, written from Apple's documented Swift
// signatures with their actor isolation. It exists so `scripts/check-apple-only` can type-check the
// SDK's Apple-only files on Linux; it never ships and nothing runs it. Bodies are placeholders.
// It follows the iOS 18 SDK (Xcode 16) and the iOS 26 SDK (Xcode 26); where they differ, the
// stricter declaration. `@available` says where Apple's documentation puts each API at or after
// iOS 13; Linux ignores it, the Apple workflow's iOS 15 build enforces the real SDK's.
// docs/apple-platforms.md lists every change made to follow a newer SDK, with its source.
@_exported import Foundation

// Apple's Foundation includes URL loading; on Linux it is FoundationNetworking.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

// MARK: Views and controllers

// Source: UIKit/UIResponder.h; developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {}

// Source: UIKit/UIView.h; developer.apple.com/documentation/uikit/uiview
@MainActor
open class UIView: UIResponder {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    public init(frame: CGRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var frame: CGRect
    open var bounds: CGRect
    open var autoresizingMask: AutoresizingMask
    open var backgroundColor: UIColor?
    open var isOpaque: Bool
    open func addSubview(_ view: UIView) {}
}

// Not main-actor isolated in either SDK: colors are immutable and `Sendable`.
// Source: UIKit/UIColor.h; developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject, @unchecked Sendable {
    @available(iOS 13.0, *)
    open class var systemBackground: UIColor { fatalError() }
    open class var clear: UIColor { fatalError() }
}

/// The object that tells the app how to rebuild a view controller during state restoration.
// Source: UIKit/UIStateRestoration.h; developer.apple.com/documentation/uikit/uiviewcontrollerrestoration
@MainActor
public protocol UIViewControllerRestoration {
    static func viewController(
        withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder
    ) -> UIViewController?
}

// Source: UIKit/UIViewController.h (state restoration: UIKit/UIStateRestoration.h); developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    // NSObject's `init()`, which Objective-C classes keep beside their designated initializers.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView!
    open var title: String?
    open var restorationIdentifier: String?
    open var restorationClass: (any UIViewControllerRestoration.Type)?
    open var presentingViewController: UIViewController? { nil }
    open var presentedViewController: UIViewController? { nil }
    open var navigationController: UINavigationController? { nil }
    open var navigationItem: UINavigationItem { fatalError() }
    open func viewDidLoad() {}
    open func addChild(_ childController: UIViewController) {}
    open func removeFromParent() {}
    open func didMove(toParent parent: UIViewController?) {}
    open func willMove(toParent parent: UIViewController?) {}
    open func encodeRestorableState(with coder: NSCoder) {}
    open func decodeRestorableState(with coder: NSCoder) {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

// Source: UIKit/UINavigationController.h; developer.apple.com/documentation/uikit/uinavigationcontroller
@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
}

// Source: UIKit/UINavigationItem.h; developer.apple.com/documentation/uikit/uinavigationitem
@MainActor
open class UINavigationItem: NSObject {
    open var rightBarButtonItem: UIBarButtonItem?
}

// Source: UIKit/UIAction.h; developer.apple.com/documentation/uikit/uiaction
@available(iOS 13.0, *)
@MainActor
open class UIAction: NSObject {
    public convenience init(title: String = "", handler: @escaping @MainActor (UIAction) -> Void) { fatalError() }
}

// Source: UIKit/UIBarButtonItem.h (SystemItem: UIBarButtonSystemItem); developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem
@MainActor
open class UIBarButtonItem: NSObject {
    // Every case of the iOS 18 and iOS 26 SDKs, in their order (raw values from 0).
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward
        @available(iOS 3.0, *) case undo
        @available(iOS 3.0, *) case redo
        @available(iOS, introduced: 4.0, deprecated: 11.0) case pageCurl
        @available(iOS 13.0, *) case close
        @available(iOS 18.2, *) case writingTools
    }

    @available(iOS 14.0, *)
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) { fatalError() }
}

// MARK: Alerts (the payment page's JavaScript dialogs)

// Source: UIKit/UIAlertController.h; developer.apple.com/documentation/uikit/uialertaction
@MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }

    public convenience init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) { fatalError() }
}

// Source: UIKit/UIAlertController.h; developer.apple.com/documentation/uikit/uialertcontroller
@MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable {
        case actionSheet, alert
    }

    public convenience init(title: String?, message: String?, preferredStyle: Style) { fatalError() }
    open func addAction(_ action: UIAlertAction) {}
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {}
    open var textFields: [UITextField]? { nil }
}

// Source: UIKit/UITextField.h; developer.apple.com/documentation/uikit/uitextfield
@MainActor
open class UITextField: UIView {
    open var text: String?
}

// MARK: The application and its scenes

// Source: UIKit/UIApplication.h (the async `open`: Swift's import of its completion handler); developer.apple.com/documentation/uikit/uiapplication
@MainActor
open class UIApplication: UIResponder {
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    // `NS_EXTENSION_UNAVAILABLE_IOS` in UIApplication.h: a library built for app extensions
    // (application-extension-only API) cannot name these two.
    @available(
        iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead."
    )
    open class var shared: UIApplication { fatalError() }
    // `nonisolated class let` in Apple's interface; a `static let` is how Swift source declares a
    // constant of a class (read the same way).
    nonisolated public static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification")

    @available(iOSApplicationExtension, unavailable)
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}

    // The async form Swift derives from the completion-handler form.
    @available(iOSApplicationExtension, unavailable)
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool { fatalError() }

    @available(iOS 13.0, *)
    open var connectedScenes: Set<UIScene> { fatalError() }
}

// Source: UIKit/UIScene.h, UIKit/UISceneOptions.h (OpenExternalURLOptions), UIKit/UISceneDefinitions.h (ActivationState); developer.apple.com/documentation/uikit/uiscene
@available(iOS 13.0, *)
@MainActor
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive, foregroundInactive, background
    }

    @MainActor
    open class OpenExternalURLOptions: NSObject {
        public override init() { fatalError() }
        open var universalLinksOnly: Bool
    }

    open var activationState: ActivationState { fatalError() }

    nonisolated public static let didEnterBackgroundNotification = Notification.Name(
        "UISceneDidEnterBackgroundNotification")

    // Not extension-unavailable, unlike UIApplication's `open`.
    open func open(_ url: URL, options: OpenExternalURLOptions?, completionHandler completion: ((Bool) -> Void)? = nil)
    {}

    // The async form Swift derives from the completion-handler form.
    open func open(_ url: URL, options: OpenExternalURLOptions?) async -> Bool { fatalError() }
}

// Source: UIKit/UIWindowScene.h; developer.apple.com/documentation/uikit/uiwindowscene
@available(iOS 13.0, *)
@MainActor
open class UIWindowScene: UIScene {}

// The Objective-C importer gives a class NSObject's instance methods as class methods too (a
// class object is an instance of the root class): `UIApplication.value(forKey:)` is key-value
// coding on the class object. Linux's Foundation has no Objective-C runtime to do that.
// Source: Foundation/NSKeyValueCoding.h (valueForKey:, a class method through the root class)
extension NSObject {
    public class func value(forKey key: String) -> Any? { nil }
}

// MARK: The application delegate (app code: Tests/Compat503Tests/App)

/// Restores the state of a user activity; `UIResponder` adopts it.
// Source: UIKit/UIUserActivity.h; developer.apple.com/documentation/uikit/uiuseractivityrestoring
public protocol UIUserActivityRestoring: NSObjectProtocol {}

// Source: UIKit/UIResponder.h (UIResponder adopts UIUserActivityRestoring)
extension UIResponder: UIUserActivityRestoring {}

// Source: UIKit/UIApplication.h (UIApplicationLaunchOptionsKey, UIApplicationOpenURLOptionsKey); developer.apple.com/documentation/uikit/uiapplication/openurloptionskey
extension UIApplication {
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    @available(
        iOS, introduced: 9.0, deprecated: 26.0,
        message:
            "Use UIScene lifecycle and equivalent properties on UISceneOpenURLOptions from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
    )
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// Every method is optional in Objective-C; the model states the ones app code implements as
// requirements with default implementations.
// Source: UIKit/UIApplication.h (UIApplicationDelegate); developer.apple.com/documentation/uikit/uiapplicationdelegate
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    @available(
        iOS, introduced: 9.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    @available(
        iOS, introduced: 8.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:continue:) from UISceneDelegate instead."
    )
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool
}

// Source: UIKit/UIApplication.h (the optional methods, as defaults)
extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    @available(
        iOS, introduced: 9.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any])
        -> Bool
    { false }
    @available(
        iOS, introduced: 8.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:continue:) from UISceneDelegate instead."
    )
    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }
}

// MARK: Foundation members that only Apple's Foundation has

// On Apple platforms these are Foundation's; UIKit re-exports Foundation, so files that import
// UIKit see them here.
// Source: Foundation/NSUserActivity.h; developer.apple.com/documentation/foundation/nsuseractivity
open class NSUserActivity: NSObject {
    public init(activityType: String) { fatalError() }
    open var activityType: String { fatalError() }
    open var webpageURL: URL?
}

// Source: Foundation/NSUserActivity.h; developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
