import Foundation
import SwedbankPaySDK

/// The completion-handler methods of the original SDK 5.0.3 that are not configuration
/// requirements. Each runs the async method of the same purpose through `SwedbankPaySDK.bridge`:
/// the completion is called exactly once, on the main actor, unless the returned request was
/// cancelled first.
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
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        SwedbankPaySDK.bridge(
            { try await updatePayment(with: instrument, options: options, viewPaymentOrderInfo: viewPaymentOrderInfo) },
            completion: completion
        )
    }

    /// Asks `POST <backend>/expand` for the payment order `paymentOrderId` with its payer expanded,
    /// decoded as `T`. `extraHeaders` are added to the request (never replacing the SDK's own
    /// `Accept`, `Content-Type` and `User-Agent`). The call goes to `configuration`, which is
    /// usually this configuration itself.
    public func expandPayer<T: Decodable & Sendable>(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration,
        paymentOrderId: String,
        extraHeaders: [String: String]? = nil,
        completion: @escaping @Sendable (Result<T, SwedbankPaySDK.MerchantBackendError>) -> Void
    ) -> SwedbankPaySDKRequest? {
        let headers = SwedbankPaySDK.HTTPHeaders(extraHeaders ?? [:])
        return SwedbankPaySDK.bridge(
            { () async throws(SwedbankPaySDK.MerchantBackendError) -> T in
                let answer: MerchantBackendAPI.Answer<T> = try await configuration.api.send(
                    "POST", configuration.backendUrl.appendingPathComponent("expand"),
                    json: ExpandRequestBody(resource: paymentOrderId, expand: [.payer]), extraHeaders: headers)
                return answer.body
            },
            completion: { result in
                // The operation throws only MerchantBackendError; the bridge erases the type.
                completion(result.mapError { $0 as? SwedbankPaySDK.MerchantBackendError ?? .networkError($0) })
            }
        )
    }
}
