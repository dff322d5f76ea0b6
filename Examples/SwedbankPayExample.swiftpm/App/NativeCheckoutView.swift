import ExampleCore
import SwedbankPaySDK
import SwiftUI
import UIKit

/// The native flow: the ways the session offers, then the attempt; 3-D Secure and the web menu
/// fallback are shown in a sheet while the session asks for them.
struct NativeCheckoutView: View {
    @Bindable var model: CheckoutModel

    var body: some View {
        NavigationStack {
            List {
                if let problem = model.lastProblem {
                    Text(problem)
                }
                ForEach(model.nativeChoices) { choice in
                    Button(choice.title) {
                        Task { await model.payNatively(with: choice.instrument) }
                    }
                    .disabled(model.phase != .choosingInstrument)
                }
                Text(model.statusText)
            }
            .navigationTitle("Pay")
            .toolbar {
                Button("Cancel") {
                    Task { await model.cancelNativePayment() }
                }
            }
            // Swiped down, the sheet sets this false and the model aborts the payment.
            .sheet(isPresented: $model.isPresentingNativeView) {
                if let view = model.nativeView {
                    HostedViewController(controller: view)
                }
            }
        }
    }
}

/// A view controller the SDK made, in SwiftUI.
struct HostedViewController: UIViewControllerRepresentable {
    let controller: UIViewController

    func makeUIViewController(context: Context) -> UIViewController { controller }
    func updateUIViewController(_ uiViewController: UIViewController, context: Context) {}
}
