#if canImport(UIKit)
    import UIKit
    import SwedbankPaySDK
    import SwedbankPaySDKMerchantBackend

    // App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three
    // ways). The application delegate forwards the payment URLs Swish, bank apps and 3-D Secure
    // return to, and sets the configuration controllers made by storyboards use.

    class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            SwedbankPaySDKController.defaultConfiguration = SwedbankPaySDK.MerchantBackendConfiguration(
                backendUrl: URL(string: "https://shop.example.com/swedbank-pay-mobile/")!,
                headers: ["x-payex-sample-apikey": "key"])
            return true
        }

        func application(
            _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
        ) -> Bool {
            SwedbankPaySDK.open(url: url)
        }

        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            SwedbankPaySDK.continue(userActivity: userActivity)
        }
    }
#endif
