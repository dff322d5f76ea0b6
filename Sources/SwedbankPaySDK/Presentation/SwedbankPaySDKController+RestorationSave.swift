import Foundation

extension SwedbankPaySDKController {
    /// The payment as data to keep for state restoration, or nil when saving it failed — which is
    /// not dropped silently: the delegate hears it (`paymentRestorationSaveFailed(error:)`). Both
    /// savers use it: UIKit's `encodeRestorableState(with:)` and
    /// ``SwedbankPaySDK/WebPaymentPresentation/restorationData()``.
    func restorationDataToSave() -> Data? {
        do {
            return try paymentRestorationData()
        } catch {
            delegate?.paymentRestorationSaveFailed(error: error)
            return nil
        }
    }
}
