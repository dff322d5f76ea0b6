// A declaration-only model of the UIKit API the SDK calls, written from Apple's documented Swift
// signatures with their actor isolation. It exists so `scripts/check-apple-only` can type-check the
// SDK's Apple-only files on Linux; it never ships and nothing runs it. Bodies are placeholders.
@_exported import Foundation

// Apple's Foundation includes URL loading; on Linux it is FoundationNetworking.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

// MARK: Views and controllers

@MainActor
open class UIResponder: NSObject {}

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

@MainActor
open class UIColor: NSObject, @unchecked Sendable {
    open class var systemBackground: UIColor { fatalError() }
    open class var clear: UIColor { fatalError() }
}

/// The object that tells the app how to rebuild a view controller during state restoration.
@MainActor
public protocol UIViewControllerRestoration {
    static func viewController(
        withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder
    ) -> UIViewController?
}

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

@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
}

@MainActor
open class UINavigationItem: NSObject {
    open var rightBarButtonItem: UIBarButtonItem?
}

@MainActor
open class UIAction: NSObject {
    public convenience init(title: String = "", handler: @escaping @MainActor (UIAction) -> Void) { fatalError() }
}

@MainActor
open class UIBarButtonItem: NSObject {
    public enum SystemItem: Int, Sendable {
        case done, cancel, close
    }

    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) { fatalError() }
}

// MARK: Alerts (the payment page's JavaScript dialogs)

@MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }

    public convenience init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) { fatalError() }
}

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

@MainActor
open class UITextField: UIView {
    open var text: String?
}

// MARK: The application

@MainActor
open class UIApplication: UIResponder {
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    open class var shared: UIApplication { fatalError() }
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")

    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}

    // The async form Swift derives from the completion-handler form.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool { fatalError() }
}

// MARK: Foundation members that only Apple's Foundation has

// On Apple platforms these are Foundation's; UIKit re-exports Foundation, so files that import
// UIKit see them here.
open class NSUserActivity: NSObject {
    public init(activityType: String) { fatalError() }
    open var activityType: String { fatalError() }
    open var webpageURL: URL?
}

public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
