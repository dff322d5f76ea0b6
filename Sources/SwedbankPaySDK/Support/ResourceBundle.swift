import Foundation

extension SwedbankPaySDK {
    /// The library's resource bundle: its privacy manifest and the payer's text. In a file of
    /// its own because `Bundle.module` exists in SwiftPM builds only: builds without SwiftPM (the
    /// fuzz targets) leave this file out and supply their own.
    static var resourceBundle: Bundle { Bundle.module }
}
