#if canImport(UIKit)
import UIKit

extension SwedbankPaySDK {
    /// The type of the views the SDK hands to your app for presenting: `UIViewController` on UIKit
    /// platforms, so delegate code is written once for every platform.
    public typealias PlatformViewController = UIViewController
}
#else
extension SwedbankPaySDK {
    /// The type of the views the SDK hands to your app for presenting.
    ///
    /// On UIKit platforms this is `UIViewController`. Elsewhere (Linux) there is no view system: a
    /// `PlatformViewController` is a presentable whose content a ``SwedbankPaySDK/WebViewHost``
    /// renders (headless Chromium in this repository's tests). It has the same role: the SDK
    /// creates it, your delegate is asked to show it, and the SDK tells you when to dismiss it.
    @MainActor
    open class PlatformViewController {
        /// A short, human-readable name of what is shown, for logs and tests.
        open var title: String?

        /// Creates a presentable with no ``title``, for a web view to render into or for a subclass.
        public init() {}
    }
}
#endif
