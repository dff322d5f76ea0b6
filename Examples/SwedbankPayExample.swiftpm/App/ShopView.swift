import ExampleCore
import SwedbankPaySDK
import SwiftUI

/// The products, the cart, the two ways to pay and where the payment is.
struct ShopView: View {
    @Bindable var model: CheckoutModel
    @State private var showsSettings = false
    @State private var showsNativeCheckout = false
    /// The web payment in progress, kept with the scene: if the system terminates the app while
    /// the payer is in Swish or a bank's app, the payment goes on where it was when the scene is
    /// restored.
    @SceneStorage("webPayment") private var savedWebPayment: Data?

    var body: some View {
        List {
            Section("Products") {
                ForEach(Product.catalogue) { product in
                    HStack {
                        Text(product.name)
                        Spacer()
                        Text(Money.format(product.unitPrice))
                        Button("Add") { model.cart.add(product) }
                    }
                }
            }
            Section("Cart") {
                ForEach(model.cart.lines, id: \.product.id) { line in
                    HStack {
                        Text("\(line.quantity) × \(line.product.name)")
                        Spacer()
                        Button("Remove") { model.cart.remove(line.product) }
                    }
                }
            }
            Section {
                Button("Pay in the payment menu") { model.payOnWeb() }
                    .disabled(!model.canPay)
                Button("Pay natively") {
                    showsNativeCheckout = true
                    Task { await model.startNativePayment() }
                }
                .disabled(!model.canPay)
                Text(model.statusText)
            }
        }
        .navigationTitle("Example shop")
        .toolbar {
            Button("Settings") { showsSettings = true }
        }
        .sheet(isPresented: $showsSettings) {
            SettingsView(settings: $model.settings)
        }
        .sheet(isPresented: $showsNativeCheckout) {
            NativeCheckoutView(model: model)
        }
        // The web flow: the SDK's sheet, aborted if the payer swipes it away, restored with the
        // scene if the app was terminated.
        .swedbankPayPayment(
            isPresented: $model.isPresentingWebPayment,
            configuration: model.webPaymentConfiguration,
            paymentOrder: model.paymentOrder(model.webPaymentConfiguration),
            restorationData: $savedWebPayment
        ) { result in
            Task { await model.webPaymentEnded(result) }
        }
    }
}
