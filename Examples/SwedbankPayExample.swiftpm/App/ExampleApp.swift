import ExampleCore
import SwedbankPaySDK
import SwiftUI

/// The example shop: add products, then pay in the payment menu (web) or natively.
@main
struct ExampleApp: App {
    @State private var model = CheckoutModel()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                ShopView(model: model)
            }
            // Swish and bank pages come back through the app's URL scheme.
            .onOpenURL { url in _ = SwedbankPaySDK.open(url: url) }
        }
    }
}
