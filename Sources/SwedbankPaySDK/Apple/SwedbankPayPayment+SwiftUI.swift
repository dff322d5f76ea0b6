#if canImport(SwiftUI) && canImport(UIKit)
    import SwiftUI
    import UIKit

    // Apple only: SwiftUI's entry points. They decide nothing: which presentation is shown, when a
    // payment is aborted and how it ended are decided by `WebPaymentPresenter` and
    // `WebPaymentPresentation`, which are tested on every platform. `scripts/check-apple-only`
    // type-checks this file on Linux against a model of SwiftUI.

    /// Shows a ``SwedbankPaySDKController`` in SwiftUI.
    ///
    /// Most apps use the `swedbankPayPayment(isPresented:configuration:paymentOrder:onCompletion:)`
    /// modifier instead; use this view to place the payment in your own layout. It starts the
    /// presentation's payment when it first appears.
    public struct SwedbankPayPaymentView: UIViewControllerRepresentable {
        /// The payment shown.
        public let presentation: SwedbankPaySDK.WebPaymentPresentation

        /// Shows `presentation`'s controller and starts its payment.
        public init(presentation: SwedbankPaySDK.WebPaymentPresentation) {
            self.presentation = presentation
        }

        /// Starts the presentation's payment (once) and gives SwiftUI its controller.
        public func makeUIViewController(context: Context) -> SwedbankPaySDKController {
            presentation.start()
            return presentation.controller
        }

        /// Nothing to update: the controller shows its payment by itself.
        public func updateUIViewController(_ uiViewController: SwedbankPaySDKController, context: Context) {}
    }

    extension View {
        /// Presents a web payment of `paymentOrder` in a sheet while `isPresented` is true, and
        /// reports how it ended.
        ///
        /// Each time the sheet is shown a new payment starts. When the payment ends the sheet
        /// closes by itself (`isPresented` becomes false) and `onCompletion` is called once. If
        /// the payer swipes the sheet away first, the payment is aborted and ends `canceled`.
        ///
        /// ```swift
        /// Button("Pay") { paying = true }
        ///     .swedbankPayPayment(isPresented: $paying, configuration: configuration,
        ///                         paymentOrder: order) { result in
        ///         if case .complete(let order?) = result { checkStatusOnServer(of: order) }
        ///     }
        /// ```
        ///
        /// - Parameters:
        ///   - isPresented: Whether the sheet is shown.
        ///   - configuration: How to reach your backend.
        ///   - paymentOrder: The order to pay; read when the sheet is shown.
        ///   - isV3: Whether to use Digital Payments (v3). Default true.
        ///   - useCheckin: Whether the payer is identified first.
        ///   - consumer: The v2 checkin's consumer.
        ///   - userData: Passed to your configuration unchanged.
        ///   - onCompletion: How the payment ended.
        public func swedbankPayPayment(
            isPresented: Binding<Bool>,
            configuration: SwedbankPaySDKConfiguration,
            paymentOrder: @autoclosure @escaping () -> SwedbankPaySDK.PaymentOrder?,
            isV3: Bool = true,
            useCheckin: Bool = false,
            consumer: SwedbankPaySDK.Consumer? = nil,
            userData: Any? = nil,
            onCompletion: @escaping (SwedbankPaySDK.PaymentResult) -> Void
        ) -> some View {
            paymentSheet(
                isPresented: isPresented, configuration: configuration, paymentOrder: paymentOrder, isV3: isV3,
                useCheckin: useCheckin, consumer: consumer, userData: userData, restorationData: nil,
                onCompletion: onCompletion)
        }
    }

    extension View {
        /// Presents a web payment of `paymentOrder` in a sheet while `isPresented` is true, as
        /// ``SwiftUI/View/swedbankPayPayment(isPresented:configuration:paymentOrder:isV3:useCheckin:consumer:userData:onCompletion:)``
        /// does, and keeps the running payment in `restorationData` so that it survives the app's
        /// termination: bind it to `SceneStorage`.
        ///
        /// Whenever the app's scene goes to the background, the running payment is written to
        /// `restorationData` (nil when none runs; a save that fails is nil too, and written to
        /// the system log). When the payment ends it is set to nil. When the view appears and
        /// `restorationData` holds a payment — the system terminated the app in the background
        /// and the scene was restored — the sheet is shown again and that payment goes on where
        /// it was (``SwedbankPaySDK/WebPaymentPresentation/init(configuration:restoringFrom:webViewHost:appLauncher:)``);
        /// `paymentOrder` is not read for it.
        ///
        /// ```swift
        /// @SceneStorage("payment") private var savedPayment: Data?
        ///
        /// Button("Pay") { paying = true }
        ///     .swedbankPayPayment(isPresented: $paying, configuration: configuration,
        ///                         paymentOrder: order, restorationData: $savedPayment) { result in … }
        /// ```
        ///
        /// <doc:RestoringPayments> shows the other ways to keep a payment.
        ///
        /// - Parameters:
        ///   - isPresented: Whether the sheet is shown.
        ///   - configuration: How to reach your backend.
        ///   - paymentOrder: The order to pay; read when the sheet is shown for a new payment.
        ///   - isV3: Whether to use Digital Payments (v3). Default true.
        ///   - useCheckin: Whether the payer is identified first.
        ///   - consumer: The v2 checkin's consumer.
        ///   - userData: Passed to your configuration unchanged; restored only if its type is
        ///     registered with ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)``.
        ///   - restorationData: Where the running payment is kept for restoring it (bind it to
        ///     `SceneStorage`).
        ///   - onCompletion: How the payment ended.
        public func swedbankPayPayment(
            isPresented: Binding<Bool>,
            configuration: SwedbankPaySDKConfiguration,
            paymentOrder: @autoclosure @escaping () -> SwedbankPaySDK.PaymentOrder?,
            isV3: Bool = true,
            useCheckin: Bool = false,
            consumer: SwedbankPaySDK.Consumer? = nil,
            userData: Any? = nil,
            restorationData: Binding<Data?>,
            onCompletion: @escaping (SwedbankPaySDK.PaymentResult) -> Void
        ) -> some View {
            paymentSheet(
                isPresented: isPresented, configuration: configuration, paymentOrder: paymentOrder, isV3: isV3,
                useCheckin: useCheckin, consumer: consumer, userData: userData, restorationData: restorationData,
                onCompletion: onCompletion)
        }

        /// Both `swedbankPayPayment` modifiers: `restorationData` nil keeps nothing.
        private func paymentSheet(
            isPresented: Binding<Bool>, configuration: SwedbankPaySDKConfiguration,
            paymentOrder: @escaping () -> SwedbankPaySDK.PaymentOrder?, isV3: Bool, useCheckin: Bool,
            consumer: SwedbankPaySDK.Consumer?, userData: Any?, restorationData: Binding<Data?>?,
            onCompletion: @escaping (SwedbankPaySDK.PaymentResult) -> Void
        ) -> some View {
            modifier(
                SwedbankPayPaymentModifier(
                    isPresented: isPresented,
                    make: {
                        SwedbankPaySDK.WebPaymentPresentation(
                            configuration: configuration, paymentOrder: paymentOrder(), isV3: isV3,
                            useCheckin: useCheckin, consumer: consumer, userData: userData)
                    },
                    restore: { SwedbankPaySDK.WebPaymentPresentation(configuration: configuration, restoringFrom: $0) },
                    restorationData: restorationData,
                    onCompletion: onCompletion))
        }
    }

    /// The sheet of `swedbankPayPayment(isPresented:…)`.
    struct SwedbankPayPaymentModifier: ViewModifier {
        @Binding var isPresented: Bool
        let make: () -> SwedbankPaySDK.WebPaymentPresentation
        let restore: (Data) -> SwedbankPaySDK.WebPaymentPresentation
        /// Where the app keeps the running payment; nil when it keeps none.
        let restorationData: Binding<Data?>?
        let onCompletion: (SwedbankPaySDK.PaymentResult) -> Void
        @State private var presenter = SwedbankPaySDK.WebPaymentPresenter()
        @State private var backgroundObserver: NotificationObserver?

        func body(content: Content) -> some View {
            content
                .sheet(isPresented: $isPresented, onDismiss: { presenter.sheetDismissed() }) {
                    SwedbankPayPaymentView(
                        presentation: presenter.presentation(
                            make: make, restore: restore, saved: restorationData?.wrappedValue,
                            onCompletion: { result in
                                restorationData?.wrappedValue = nil
                                isPresented = false
                                onCompletion(result)
                            }))
                }
                .onAppear {
                    guard let restorationData else { return }
                    // Written whenever a scene goes to the background (UIKit's moment to save).
                    backgroundObserver = NotificationObserver(UIScene.didEnterBackgroundNotification) { [presenter] in
                        restorationData.wrappedValue = presenter.restorationData()
                    }
                    // A payment kept by an earlier run: show it again.
                    if restorationData.wrappedValue != nil, !isPresented { isPresented = true }
                }
                .onDisappear { backgroundObserver = nil }
        }
    }

#endif
