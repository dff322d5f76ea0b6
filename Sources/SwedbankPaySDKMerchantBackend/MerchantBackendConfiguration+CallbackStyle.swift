import Foundation
import SwedbankPaySDK

/// The completion-handler methods of the original SDK 5.0.3 that are not configuration
/// requirements. Each runs its request through `SwedbankPaySDK.bridgeToMainThread`: the
/// completion is called exactly once, on the main actor, unless the returned request was
/// cancelled first. Completions are plain closures, as in 5.0.3.
extension SwedbankPaySDK.MerchantBackendConfiguration {
    /// Sets the instrument of an instrument-mode payment, as
    /// ``updatePayment(with:options:viewPaymentOrderInfo:)`` does. `paymentOrder` and `userData`
    /// are not used; they are here because the original SDK had them.
    public func updatePayment(
        with instrument: SwedbankPaySDK.Instrument,
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        SwedbankPaySDK.bridgeToMainThread(
            { try await updatePayment(with: instrument, options: options, viewPaymentOrderInfo: viewPaymentOrderInfo) },
            completion: completion
        )
    }

    /// Asks `POST <backend>/expand` for the payment order `paymentOrderId` with its payer expanded,
    /// decoded as `T`. `extraHeaders` are added to the request (never replacing the SDK's own
    /// `Accept`, `Content-Type` and `User-Agent`). The call goes to `configuration`, which is
    /// usually this configuration itself.
    ///
    /// `T` need not be `Sendable`, as in 5.0.3: the answer is decoded on the main actor, where
    /// the completion runs, so an app type whose `Decodable` conformance is main-actor isolated
    /// (main-actor default isolation) works as it is.
    public func expandPayer<T: Decodable>(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration,
        paymentOrderId: String,
        extraHeaders: [String: String]? = nil,
        completion: @escaping (Result<T, SwedbankPaySDK.MerchantBackendError>) -> Void
    ) -> SwedbankPaySDKRequest? {
        let headers = SwedbankPaySDK.HTTPHeaders(extraHeaders ?? [:])
        return SwedbankPaySDK.bridgeToMainThread(
            { () async throws(SwedbankPaySDK.MerchantBackendError) -> SwedbankPaySDK.HTTPResponse in
                try await configuration.api.sendChecked(
                    "POST", configuration.backendUrl.appendingPathComponent("expand"),
                    json: ExpandRequestBody(resource: paymentOrderId, expand: [.payer]), extraHeaders: headers)
            },
            completion: { result in
                // The operation throws only MerchantBackendError; the bridge erases the type.
                completion(
                    result.mapError { $0 as? SwedbankPaySDK.MerchantBackendError ?? .networkError($0) }
                        .flatMap { response in
                            Result { () throws(SwedbankPaySDK.MerchantBackendError) -> T in
                                try MerchantBackendAPI.decodeBody(T.self, from: response)
                            }
                        })
            }
        )
    }
}
