import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK.MerchantBackendConfiguration {
    public func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?
    ) async throws -> SwedbankPaySDK.ViewConsumerIdentificationInfo {
        guard let consumer else {
            throw SwedbankPaySDK.MerchantBackendInvalidArgument("postConsumers needs a consumer")
        }
        let answer: MerchantBackendAPI.Answer<ConsumersResponse> = try await postToDiscovered(
            \.consumers, json: consumer)
        guard let link = Self.link(.viewConsumerIdentification, in: answer.body.operations, relativeTo: answer.url)
        else {
            throw SwedbankPaySDK.MerchantBackendError.missingRequiredOperation(
                SwedbankPaySDK.OperationRelation.viewConsumerIdentification.rawValue)
        }
        return SwedbankPaySDK.ViewConsumerIdentificationInfo(
            webViewBaseURL: backendUrl, viewConsumerIdentification: link)
    }

    public func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        guard let paymentOrder else {
            throw SwedbankPaySDK.MerchantBackendInvalidArgument("postPaymentorders needs a payment order")
        }
        let order = Self.prepare(paymentOrder, consumerProfileRef: consumerProfileRef, options: options)
        // One key for every try of this call: a try whose answer was lost may have made the order,
        // and the backend answers a repeated key with that order instead of making another.
        let key = SwedbankPaySDK.IdempotencyKey.current ?? SwedbankPaySDK.IdempotencyKey()
        var headers = SwedbankPaySDK.HTTPHeaders()
        headers.add(name: SwedbankPaySDK.IdempotencyKey.headerName, value: key.value)
        let body = PaymentOrderRequestBody(paymentorder: order)
        let answer: MerchantBackendAPI.Answer<PaymentOrderResponse> = try await orderCreationRetry.run(
            isRetryable: Self.isLostAnswer
        ) { _ in
            try await postToDiscovered(\.paymentorders, json: body, extraHeaders: headers)
        }
        return try Self.paymentOrderInfo(
            for: order, answer: answer, isV3: options.contains(.isV3), backendUrl: backendUrl)
    }

    /// The payment order as sent: its version from `options`, and the payer adjusted for checkin.
    ///
    /// A `consumerProfileRef` from checkin is added to the payer the app gave (keeping e.g. its
    /// `payerReference`); a v3 payment with checkin and no payer asks Swedbank Pay to collect the
    /// payer's details. Otherwise the payer is sent as given.
    static func prepare(
        _ paymentOrder: SwedbankPaySDK.PaymentOrder,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions
    ) -> SwedbankPaySDK.PaymentOrder {
        var order = paymentOrder
        order.isV3 = options.contains(.isV3)
        if let consumerProfileRef {
            var payer = order.payer ?? SwedbankPaySDK.PaymentOrderPayer()
            payer.consumerProfileRef = consumerProfileRef
            order.payer = payer
        } else if options.contains(.isV3), options.contains(.useCheckin), order.payer == nil {
            order.payer = SwedbankPaySDK.PaymentOrderPayer(requireConsumerInfo: true)
        }
        return order
    }

    /// What the SDK needs to show the payment, from the order sent and the backend's answer.
    static func paymentOrderInfo(
        for order: SwedbankPaySDK.PaymentOrder,
        answer: MerchantBackendAPI.Answer<PaymentOrderResponse>,
        isV3: Bool,
        backendUrl: URL
    ) throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        let viewRel: SwedbankPaySDK.OperationRelation = isV3 ? .viewPaymentLink : .viewPaymentOrder
        let operations = answer.body.operations
        guard let viewLink = link(viewRel, in: operations, relativeTo: answer.url) else {
            throw SwedbankPaySDK.MerchantBackendError.missingRequiredOperation(viewRel.rawValue)
        }
        let response = answer.body.paymentOrder
        var instrument: SwedbankPaySDK.Instrument?
        var availableInstruments: [SwedbankPaySDK.Instrument]?
        var setInstrumentLink: URL?
        if isV3 {
            availableInstruments = response?.availableInstruments
            instrument = order.instrument.flatMap { availableInstruments?.contains($0) == true ? $0 : nil }
        } else if let link = answer.body.mobileSDK?.setInstrument {
            setInstrumentLink = URL(string: link, relativeTo: answer.url)?.absoluteURL
            availableInstruments = response?.availableInstruments
            instrument = response?.instrument
        }
        return SwedbankPaySDK.ViewPaymentOrderInfo(
            paymentId: response?.id,
            isV3: isV3,
            webViewBaseURL: order.urls.hostUrls.first ?? backendUrl,
            viewPaymentLink: viewLink,
            completeUrl: order.urls.completeUrl,
            cancelUrl: order.urls.cancelUrl,
            paymentUrl: order.urls.paymentUrl,
            termsOfServiceUrl: order.urls.termsOfServiceUrl,
            instrument: instrument,
            availableInstruments: availableInstruments,
            userInfo: setInstrumentLink,
            operations: operations
        )
    }

    /// POSTs to one of the discovered links. A 404 there means the cached links went stale (the
    /// backend moved them), so they are fetched again and the call is made once more.
    func postToDiscovered<Body: Decodable & Sendable>(
        _ endpoint: KeyPath<DiscoveredEndpoints, URL> & Sendable,
        json: some Encodable & Sendable,
        extraHeaders: SwedbankPaySDK.HTTPHeaders = SwedbankPaySDK.HTTPHeaders()
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> MerchantBackendAPI.Answer<Body> {
        let endpoints = try await discoveredEndpoints()
        do {
            return try await api.send("POST", endpoints[keyPath: endpoint], json: json, extraHeaders: extraHeaders)
        } catch .problem(let problem) where problem.status == 404 {
            await discovery.invalidate(endpoints)
            let fresh = try await discoveredEndpoints()
            return try await api.send("POST", fresh[keyPath: endpoint], json: json, extraHeaders: extraHeaders)
        }
    }

    /// Whether a failed call got no response at all (so its request may be sent again): the
    /// transport timed out or lost the connection. A cancelled call, an answer — a problem
    /// included — and a body that could not be encoded are final.
    static func isLostAnswer(_ error: any Error) -> Bool {
        guard case .networkError(let cause)? = error as? SwedbankPaySDK.MerchantBackendError else { return false }
        return SwedbankPaySDK.OrderCreationRetry.isLostAnswer(cause)
    }

    func discoveredEndpoints() async throws(SwedbankPaySDK.MerchantBackendError) -> DiscoveredEndpoints {
        let api = self.api
        let backendUrl = self.backendUrl
        return try await discovery.endpoints {
            do throws(SwedbankPaySDK.MerchantBackendError) {
                let answer: MerchantBackendAPI.Answer<TopLevelResources> = try await api.get(backendUrl)
                guard let consumers = URL(string: answer.body.consumers, relativeTo: answer.url)?.absoluteURL,
                    let paymentorders = URL(string: answer.body.paymentorders, relativeTo: answer.url)?.absoluteURL
                else {
                    throw SwedbankPaySDK.MerchantBackendError.problem(
                        .server(.unexpectedContent(status: 200, contentType: "application/json", body: nil)))
                }
                return .success(DiscoveredEndpoints(consumers: consumers, paymentorders: paymentorders))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The href of the first operation with `rel`, resolved against the answer's URL.
    static func link(
        _ rel: SwedbankPaySDK.OperationRelation,
        in operations: [SwedbankPaySDK.Operation]?,
        relativeTo base: URL
    ) -> URL? {
        guard let href = operations?.findOperation(rel: rel)?.href else { return nil }
        return URL(string: href, relativeTo: base)?.absoluteURL
    }
}
