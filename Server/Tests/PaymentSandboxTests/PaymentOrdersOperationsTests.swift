import Foundation
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct PaymentOrdersOperationsTests {
    /// A record made the way `POST /psp/paymentorders` makes it.
    static func record(v3: Bool = true, instrumentMode: Bool = false) throws -> PaymentOrderRecord {
        let order = PaymentOrdersFixture.order(v3: v3) {
            if instrumentMode { $0["instrument"] = .string("CreditCard") }
        }
        return try PaymentOrderFactory.makeRecord(
            body: ["paymentorder": .object(order)], facts: .init(), configuration: SandboxConfiguration(),
            ids: IDGenerator(seed: 7), now: Date(timeIntervalSince1970: 0))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let v3: Bool
        let status: PaymentOrderStatus
        let instrumentMode: Bool
        let rels: [String]
        var testDescription: String {
            "\(v3 ? "v3" : "v2") \(status.rawValue)\(instrumentMode ? " instrument mode" : "")"
        }
    }

    static let v3Open = [
        "redirect-checkout", "view-checkout", "view-paymentsession", "update-order", "abort", "abort-paymentattempt",
    ]
    static let v2Open = [
        "redirect-paymentorder", "view-paymentorder", "view-paymentsession", "update-paymentorder-abort",
        "update-paymentorder-updateorder",
    ]
    static let v3Views = ["redirect-checkout", "view-checkout"]
    static let v2Views = ["redirect-paymentorder", "view-paymentorder"]

    static let table: [Row] = [
        Row(v3: true, status: .initialized, instrumentMode: false, rels: v3Open),
        Row(v3: true, status: .initialized, instrumentMode: true, rels: v3Open + ["set-instrument"]),
        Row(v3: true, status: .paid, instrumentMode: false, rels: v3Views),
        Row(v3: true, status: .paid, instrumentMode: true, rels: v3Views),
        Row(v3: true, status: .aborted, instrumentMode: false, rels: v3Views),
        Row(v3: true, status: .failed, instrumentMode: false, rels: v3Views),
        // Nothing left to show the payer: the portal's examples of both list no view.
        Row(v3: true, status: .cancelled, instrumentMode: false, rels: []),
        Row(v3: true, status: .reversed, instrumentMode: false, rels: []),
        Row(v3: false, status: .initialized, instrumentMode: false, rels: v2Open),
        Row(
            v3: false, status: .initialized, instrumentMode: true, rels: v2Open + ["update-paymentorder-setinstrument"]),
        Row(v3: false, status: .paid, instrumentMode: false, rels: v2Views + ["paid-paymentorder"]),
        Row(v3: false, status: .failed, instrumentMode: true, rels: v2Views + ["failed-paymentorder"]),
        Row(v3: false, status: .aborted, instrumentMode: false, rels: v2Views),
        Row(v3: false, status: .cancelled, instrumentMode: false, rels: v2Views),
    ]

    @Test(arguments: table)
    func operationsFollowVersionAndStatus(row: Row) throws {
        var record = try Self.record(v3: row.v3, instrumentMode: row.instrumentMode)
        record.status = row.status
        let operations = PaymentOrderOperations.operations(
            for: record, base: PublicURL(base: "https://sandbox.example"), traceId: "t")
        #expect(operations.map(\.rel) == row.rels)
        for operation in operations {
            let isPatch =
                operation.rel!.hasPrefix("update-") || operation.rel!.hasPrefix("abort")
                || operation.rel == "set-instrument"
            #expect(operation.method == (isPatch ? "PATCH" : "GET"))
            if isPatch { #expect(operation.href == "https://sandbox.example\(record.path)") }
        }
    }

    @Test func v2ResultLinksPointAtTheSubResources() throws {
        var record = try Self.record(v3: false)
        record.status = .paid
        let base = PublicURL(base: "https://sandbox.example")
        let paid = PaymentOrderOperations.operations(for: record, base: base, traceId: "t").last
        #expect(
            paid
                == SwedbankPaySDK.Operation(
                    rel: "paid-paymentorder", method: "GET", href: "https://sandbox.example\(record.path)/paid",
                    contentType: "application/json"))
        record.status = .failed
        let failed = PaymentOrderOperations.operations(for: record, base: base, traceId: "t").last
        #expect(failed?.href == "https://sandbox.example\(record.path)/failed")
        #expect(failed?.contentType == "application/problem+json")
    }

    @Test func theV2StateStaysReadyUntilTheOrderFailsOrIsAborted() {
        #expect(PaymentOrderDocument.v2State(.initialized).rawValue == "Ready")
        #expect(PaymentOrderDocument.v2State(.paid).rawValue == "Ready")
        #expect(PaymentOrderDocument.v2State(.failed).rawValue == "Failed")
        #expect(PaymentOrderDocument.v2State(.aborted).rawValue == "Aborted")
    }

    @Test func theRequestIsKeptAndSubResourcesAddWhatTheModelLacks() throws {
        let record = try Self.record()
        // What the model lacks, as sent; payeeInfo's members are all the model's.
        #expect(
            record.requestMembers == [
                .metadata: try json(#"{"key1": "value1", "key2": 2}"#),
                .urls: try json(#"{"logoUrl": "https://shop.example/logo.png"}"#),
                .payer: try json(#"{"firstName": "Ada", "lastName": "Lovelace"}"#),
            ])
        let path = record.path
        #expect(
            PaymentOrderSubResource.urls.render(record)
                == (try json(
                    """
                    {"id": "\(path)/urls", "hostUrls": ["https://shop.example"],
                     "completeUrl": "https://shop.example/complete", "cancelUrl": "https://shop.example/cancel",
                     "logoUrl": "https://shop.example/logo.png"}
                    """
                ).objectValue))
        #expect(
            PaymentOrderSubResource.payer.render(record)
                == (try json(#"{"id": "\#(path)/payers", "reference": "payer1", "name": "Ada Lovelace"}"#).objectValue))
        #expect(
            PaymentOrderSubResource.payeeInfo.render(record)
                == (try json(
                    """
                    {"id": "\(path)/payeeinfo", "payeeId": "\(PaymentOrdersFixture.payeeId)",
                     "payeeReference": "AB832", "orderReference": "or-123"}
                    """
                ).objectValue))
        #expect(
            PaymentOrderSubResource.metadata.render(record)
                == (try json(#"{"id": "\#(path)/metadata", "key1": "value1", "key2": 2}"#).objectValue))
    }

    @Test func theFlagsTheModelLacksAreKeptAsSent() throws {
        var order = PaymentOrdersFixture.order()
        order["operation"] = .string("Verify")
        order["restrictedToPayoutInstruments"] = .bool(true)
        order["implementation"] = .string("Starter")
        let record = try PaymentOrderFactory.makeRecord(
            body: ["paymentorder": .object(order)], facts: .init(), configuration: SandboxConfiguration(),
            ids: IDGenerator(seed: 7), now: Date(timeIntervalSince1970: 0))
        #expect(record.requested(.restrictedToPayoutInstruments) == .bool(true))
        #expect(record.requested(.implementation) == .string("Starter"))
        #expect(record.availableInstruments == SandboxInstrument.payout)
    }

    @Test func theExemplarsOfTheModelSetEveryOptional() {
        typealias Exemplar = PaymentOrderRecord.RequestMember.Exemplar
        #expect(Self.unsetOptionals(Exemplar.urls, at: "urls") == [])
        #expect(Self.unsetOptionals(Exemplar.payeeInfo, at: "payeeInfo") == [])
        #expect(Self.unsetOptionals(Exemplar.payer, at: "payer") == [])
        // The check sees an unset one.
        #expect(
            Self.unsetOptionals(SwedbankPaySDK.PaymentOrderPayer(payerReference: "p"), at: "payer").contains(
                "payer.email"))
    }

    /// The paths of the optionals left nil in `value`, looking into the SDK's own types.
    static func unsetOptionals(_ value: Any, at path: String) -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return unsetOptionals(wrapped, at: path)
        }
        guard String(reflecting: type(of: value)).hasPrefix("SwedbankPaySDK.") else { return [] }
        return mirror.children.flatMap { child in
            unsetOptionals(child.value, at: path + "." + (child.label ?? "?"))
        }
    }

    @Test func mergingAddsOnlyWhatTheBaseLacks() {
        #expect(
            JSONFields.merged(
                ["a": .integer(1), "b": .object(["c": .integer(2)])],
                with: ["a": .integer(9), "b": .object(["c": .integer(8), "d": .integer(3)]), "e": .null])
                == ["a": .integer(1), "b": .object(["c": .integer(2), "d": .integer(3)]), "e": .null])
    }
}
