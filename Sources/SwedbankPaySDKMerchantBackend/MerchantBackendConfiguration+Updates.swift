import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK.MerchantBackendConfiguration {
    /// Sets the instrument of an instrument-mode payment. `updateInfo` must be the
    /// `SwedbankPaySDK.Instrument` to switch to (or its raw `String` value).
    ///
    /// A v3 payment relays the order's `set-instrument` operation through `PATCH <backend>/patch`;
    /// a v2 payment PATCHes the backend's own set-instrument link. The returned info carries the
    /// new view link, instruments and operations.
    public func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        let instrument: SwedbankPaySDK.Instrument
        switch updateInfo {
        case let value as SwedbankPaySDK.Instrument: instrument = value
        case let value as String: instrument = SwedbankPaySDK.Instrument(rawValue: value)
        default:
            throw SwedbankPaySDK.MerchantBackendInvalidArgument(
                "updateInfo must be an Instrument, not \(type(of: updateInfo))")
        }
        return try await updatePayment(with: instrument, options: options, viewPaymentOrderInfo: viewPaymentOrderInfo)
    }

    /// Sets the instrument of an instrument-mode payment; see
    /// ``updatePaymentOrder(paymentOrder:options:userData:viewPaymentOrderInfo:updateInfo:)``.
    public func updatePayment(
        with instrument: SwedbankPaySDK.Instrument,
        options: SwedbankPaySDK.VersionOptions,
        viewPaymentOrderInfo info: SwedbankPaySDK.ViewPaymentOrderInfo
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> SwedbankPaySDK.ViewPaymentOrderInfo {
        let body = PatchRequestBody.Operation(operation: .setInstrument, instrument: instrument, abortReason: nil)
        if options.contains(.isV3), let href = info.operations?.findOperation(rel: .setInstrumentLink)?.href {
            let answer: MerchantBackendAPI.Answer<PaymentOrderResponse> = try await api.send(
                "PATCH", patchURL, json: PatchRequestBody(href: href, paymentorder: body))
            var updated = Self.info(info, updatedBy: answer, viewRel: .viewPaymentLink, instrument: instrument)
            updated.operations = answer.body.operations
            return updated
        }
        guard let setInstrumentLink = info.userInfo as? URL else {
            throw .paymentNotInInstrumentMode
        }
        let answer: MerchantBackendAPI.Answer<PaymentOrderResponse> = try await api.send(
            "PATCH", setInstrumentLink, json: PatchRequestBody(href: nil, paymentorder: body))
        var updated = Self.info(
            info, updatedBy: answer, viewRel: info.isV3 ? .viewPaymentLink : .viewPaymentOrder, instrument: instrument)
        updated.userInfo =
            answer.body.mobileSDK?.setInstrument.flatMap {
                URL(string: $0, relativeTo: answer.url)?.absoluteURL
            } ?? Self.link(.setInstrumentLink, in: answer.body.operations, relativeTo: answer.url)
        return updated
    }

    /// `info` with what an update answer changes: the view link (when the answer has one), the
    /// available instruments (when listed) and the instrument (the answer's, else the requested).
    private static func info(
        _ info: SwedbankPaySDK.ViewPaymentOrderInfo,
        updatedBy answer: MerchantBackendAPI.Answer<PaymentOrderResponse>,
        viewRel: SwedbankPaySDK.OperationRelation,
        instrument: SwedbankPaySDK.Instrument
    ) -> SwedbankPaySDK.ViewPaymentOrderInfo {
        var updated = info
        if let link = link(viewRel, in: answer.body.operations, relativeTo: answer.url) {
            updated.viewPaymentLink = link
        }
        if let instruments = answer.body.paymentOrder?.availableInstruments {
            updated.availableInstruments = instruments
        }
        updated.instrument = answer.body.paymentOrder?.instrument ?? instrument
        return updated
    }

    /// Aborts the payment by relaying its `abort` operation through `PATCH <backend>/patch`.
    public func abortPayment(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo, userData: Any?) async throws {
        guard let href = paymentInfo.operations?.findOperation(rel: .abort)?.href else {
            throw SwedbankPaySDK.MerchantBackendError.missingRequiredOperation(
                SwedbankPaySDK.OperationRelation.abort.rawValue)
        }
        let body = PatchRequestBody(
            href: href,
            paymentorder: .init(operation: .abort, instrument: nil, abortReason: "CancelledByConsumer"))
        let _: MerchantBackendAPI.Answer<PaymentOrderResponse> = try await api.send("PATCH", patchURL, json: body)
    }

    /// Fetches the payment order with `expand`ed sub-resources through `POST <backend>/<endpoint>`.
    public func expandOperation<ResultJSON: Decodable & Sendable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String
    ) async throws -> ResultJSON {
        let answer: MerchantBackendAPI.Answer<ResultJSON> = try await api.send(
            "POST", backendUrl.appendingPathComponent(endpoint),
            json: ExpandRequestBody(resource: paymentId, expand: expand))
        return answer.body
    }

    /// Checks, through `POST <backend>/expand` with `payer`, that the backend has the payer the
    /// hosted view identified.
    public func expandPayerAfterIdentified(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo) async throws {
        guard let paymentId = paymentInfo.paymentId else {
            throw SwedbankPaySDK.MerchantBackendInvalidArgument("the payment info has no paymentId")
        }
        let _: AnyJSONObject = try await expandOperation(paymentId: paymentId, expand: [.payer], endpoint: "expand")
    }

    var patchURL: URL { backendUrl.appendingPathComponent("patch") }
}
