import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// Helpers for the optional endpoints of the Merchant Backend API.
    public enum MerchantBackend {
        /// Lists the payment tokens a payer owns: `GET <backend>/payers/<payerReference>/paymentTokens`.
        public static func getPayerOwnedPaymentTokens(
            configuration: MerchantBackendConfiguration,
            payerReference: String,
            extraHeaders: [String: String]? = nil
        ) async throws(MerchantBackendError) -> PayerOwnedPaymentTokensResponse {
            let url = configuration.backendUrl
                .appendingPathComponent("payers")
                .appendingPathComponent(payerReference)
                .appendingPathComponent("paymentTokens")
            let answer: MerchantBackendAPI.Answer<PayerOwnedPaymentTokensResponse> = try await configuration.api.get(
                url, extraHeaders: HTTPHeaders(extraHeaders ?? [:]))
            var response = answer.body
            if let tokens = response.payerOwnedPaymentTokens.paymentTokens {
                response.payerOwnedPaymentTokens.paymentTokens = tokens.map { token in
                    var token = token
                    token.baseURL = answer.url
                    return token
                }
            }
            return response
        }

        /// Deletes a payment token through its delete link: `PATCH` with
        /// `{"state": "Deleted", "comment": <comment>}`.
        public static func deletePayerOwnerPaymentToken(
            configuration: MerchantBackendConfiguration,
            paymentToken: PaymentTokenInfo,
            comment: String,
            extraHeaders: [String: String]? = nil
        ) async throws(MerchantBackendError) {
            guard let url = paymentToken.deleteURL else {
                throw .missingRequiredOperation(OperationRelation.deletePaymentTokens.rawValue)
            }
            let _: MerchantBackendAPI.Answer<AnyJSONObject> = try await configuration.api.send(
                "PATCH", url, json: DeleteTokenRequestBody(comment: comment),
                extraHeaders: HTTPHeaders(extraHeaders ?? [:]))
        }

        /// Callback form of ``getPayerOwnedPaymentTokens(configuration:payerReference:extraHeaders:)``;
        /// the completion runs once on the main actor unless the request is cancelled first. As in
        /// 5.0.3 the completion is a plain closure (not `@Sendable`), so a view controller's
        /// `{ self?.show($0) }` compiles without a warning.
        @discardableResult
        public static func getPayerOwnedPaymentTokens(
            configuration: MerchantBackendConfiguration,
            payerReference: String,
            extraHeaders: [String: String]? = nil,
            completion: @escaping (Result<PayerOwnedPaymentTokensResponse, any Error>) -> Void
        ) -> SwedbankPaySDKRequest? {
            SwedbankPaySDK.bridgeToMainThread(
                {
                    try await getPayerOwnedPaymentTokens(
                        configuration: configuration, payerReference: payerReference, extraHeaders: extraHeaders)
                },
                completion: completion)
        }

        /// Callback form of ``deletePayerOwnerPaymentToken(configuration:paymentToken:comment:extraHeaders:)``;
        /// the completion (a plain closure, as in 5.0.3) runs once on the main actor unless the
        /// request is cancelled first.
        @discardableResult
        public static func deletePayerOwnerPaymentToken(
            configuration: MerchantBackendConfiguration,
            paymentToken: PaymentTokenInfo,
            comment: String,
            extraHeaders: [String: String]? = nil,
            completion: @escaping (Result<Void, any Error>) -> Void
        ) -> SwedbankPaySDKRequest? {
            SwedbankPaySDK.bridgeToMainThread(
                {
                    try await deletePayerOwnerPaymentToken(
                        configuration: configuration, paymentToken: paymentToken, comment: comment,
                        extraHeaders: extraHeaders)
                },
                completion: completion)
        }
    }
}
