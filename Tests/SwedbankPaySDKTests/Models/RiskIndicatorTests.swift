import Foundation
import Testing

@testable import SwedbankPaySDK

extension ModelsTests {
    @Suite struct RiskIndicatorTests {
        private typealias RiskIndicator = SwedbankPaySDK.RiskIndicator

        private static func formatted(year: Int, month: Int, day: Int) throws -> String? {
            try RiskIndicator(preOrderDate: DateComponents(year: year, month: month, day: day)).preOrderDate
        }

        @Test func preOrderDateIsZeroPadded() throws {
            #expect(try Self.formatted(year: 2024, month: 3, day: 7) == "20240307")
            #expect(try Self.formatted(year: 2024, month: 12, day: 31) == "20241231")
            #expect(try Self.formatted(year: 987, month: 1, day: 1) == "09870101")
            #expect(try RiskIndicator().preOrderDate == nil)
        }

        @Test func preOrderDateIgnoresTimeComponents() throws {
            let components = DateComponents(year: 2030, month: 11, day: 5, hour: 23, minute: 59)
            #expect(try RiskIndicator(preOrderDate: components).preOrderDate == "20301105")
        }

        @Test func incompleteOrOutOfRangeDatesThrowTypedError() {
            let invalid = [
                DateComponents(year: 2024, month: 3),
                DateComponents(year: 2024, day: 7),
                DateComponents(month: 3, day: 7),
                DateComponents(year: 2024, month: 13, day: 1),
                DateComponents(year: 2024, month: 0, day: 1),
                DateComponents(year: 2024, month: 1, day: 32),
                DateComponents(year: 2024, month: 1, day: 0),
                DateComponents(year: 10000, month: 1, day: 1),
                DateComponents(year: -5, month: 1, day: 1),
            ]
            for components in invalid {
                #expect(throws: RiskIndicator.InvalidPreOrderDate(dateComponents: components)) {
                    try RiskIndicator(preOrderDate: components)
                }
            }
        }

        @Test func typedErrorCarriesComponents() {
            let components = DateComponents(year: 2024, month: 3)
            do {
                _ = try RiskIndicator(deliveryEmailAddress: "a@b.c", preOrderDate: components)
                Issue.record("expected an error")
            } catch {
                // `error` is statically `InvalidPreOrderDate` thanks to typed throws.
                #expect(error.dateComponents == components)
            }
        }

        @Test func everyFieldEncodesWithWireCodes() throws {
            let indicator = try RiskIndicator(
                deliveryEmailAddress: "leia@example.com",
                deliveryTimeFrameIndicator: .OvernightShipping,
                preOrderDate: DateComponents(year: 2025, month: 6, day: 15),
                preOrderPurchaseIndicator: .FutureAvailability,
                shipIndicator: .DigitalGoods,
                giftCardPurchase: true,
                reOrderPurchaseIndicator: .Reordered
            )
            #expect(
                try ModelJSON.encode(indicator)
                    == ModelJSON.parse(
                        """
                        {"deliveryEmailAddress": "leia@example.com", "deliveryTimeFrameIndicator": "03",
                         "preOrderDate": "20250615", "preOrderPurchaseIndicator": "02", "shipIndicator": "05",
                         "giftCardPurchase": true, "reOrderPurchaseIndicator": "02"}
                        """))
            #expect(try ModelJSON.roundTrip(indicator) == indicator)
            #expect(try ModelJSON.encode(RiskIndicator()) == .object([:]))
        }

        @Test func pickUpAtStoreRoundTrip() throws {
            let address = SwedbankPaySDK.PickUpAddress(
                name: "Store 1", streetAddress: "Main St 1", coAddress: "c/o X", city: "Stockholm",
                zipCode: "11122", countryCode: "SE"
            )
            let indicator = try RiskIndicator(shipIndicator: .PickUpAtStore(pickUpAddress: address))
            #expect(indicator.pickUpAddress == address)
            let expected = try ModelJSON.parse(
                """
                {"shipIndicator": "04", "pickUpAddress": {"name": "Store 1", "streetAddress": "Main St 1",
                 "coAddress": "c/o X", "city": "Stockholm", "zipCode": "11122", "countryCode": "SE"}}
                """)
            #expect(try ModelJSON.encode(indicator) == expected)
            let decoded = try ModelJSON.roundTrip(indicator)
            #expect(decoded.shipIndicator == .PickUpAtStore(pickUpAddress: address))
            #expect(decoded == indicator)
        }

        @Test func shipIndicatorCodes() throws {
            let all: [(SwedbankPaySDK.ShipIndicator, String)] = [
                (.ShipToBillingAddress, "01"), (.ShipToVerifiedAddress, "02"), (.ShipToDifferentAddress, "03"),
                (.PickUpAtStore(pickUpAddress: .init(city: "Oslo")), "04"), (.DigitalGoods, "05"), (.Tickets, "06"),
                (.Other, "07"),
            ]
            for (indicator, code) in all {
                #expect(indicator.code == code)
                #expect(try ModelJSON.encode(indicator) == .string(code))
                let rebuilt = SwedbankPaySDK.ShipIndicator(code: code, pickUpAddress: .init(city: "Oslo"))
                #expect(rebuilt == indicator)
            }
            #expect(SwedbankPaySDK.ShipIndicator(code: "08") == nil)
            #expect(SwedbankPaySDK.ShipIndicator(code: "04") == .PickUpAtStore(pickUpAddress: .init()))
            #expect(SwedbankPaySDK.ShipIndicator.Tickets.pickUpAddress == nil)
        }

        @Test func pickUpWithoutAddressMemberDecodesEmptyAddress() throws {
            let decoded = try ModelJSON.decode(RiskIndicator.self, #"{"shipIndicator": "04", "future": 1}"#)
            #expect(decoded.shipIndicator == .PickUpAtStore(pickUpAddress: SwedbankPaySDK.PickUpAddress()))
        }

        @Test func addressMemberIsIgnoredForOtherShipIndicators() throws {
            let decoded = try ModelJSON.decode(
                RiskIndicator.self, #"{"shipIndicator": "01", "pickUpAddress": {"city": "Oslo"}}"#
            )
            #expect(decoded.shipIndicator == .ShipToBillingAddress)
            #expect(decoded.pickUpAddress == nil)
        }

        @Test func unknownCodesFailToDecode() {
            #expect(throws: DecodingError.self) {
                try ModelJSON.decode(RiskIndicator.self, #"{"shipIndicator": "99"}"#)
            }
            #expect(throws: DecodingError.self) {
                try ModelJSON.decode(RiskIndicator.self, #"{"deliveryTimeFrameIndicator": "05"}"#)
            }
            #expect(throws: DecodingError.self) {
                try ModelJSON.decode(SwedbankPaySDK.ShipIndicator.self, #""00""#)
            }
        }

        @Test func indicatorEnumRawValues() {
            #expect(SwedbankPaySDK.DeliveryTimeFrameIndicator.allCases.map(\.rawValue) == ["01", "02", "03", "04"])
            #expect(RiskIndicator.DeliveryTimeFrameIndicator.ElectronicDelivery.rawValue == "01")
            #expect(RiskIndicator.DeliveryTimeFrameIndicator.TwoDayOrMoreShipping.rawValue == "04")
            #expect(SwedbankPaySDK.PreOrderPurchaseIndicator.MerchandiseAvailable.rawValue == "01")
            #expect(SwedbankPaySDK.PreOrderPurchaseIndicator.FutureAvailability.rawValue == "02")
            #expect(SwedbankPaySDK.ReOrderPurchaseIndicator.FirstTimeOrdered.rawValue == "01")
            #expect(SwedbankPaySDK.ReOrderPurchaseIndicator.Reordered.rawValue == "02")
        }
    }
}
