import Foundation
import Testing

@testable import SwedbankPaySDK

extension ModelsTests {
    @Suite struct RiskIndicatorTests {
        private typealias RiskIndicator = SwedbankPaySDK.RiskIndicator

        private static func formatted(year: Int, month: Int, day: Int) -> String? {
            RiskIndicator(preOrderDate: DateComponents(year: year, month: month, day: day)).preOrderDate
        }

        @Test func preOrderDateIsZeroPadded() {
            #expect(Self.formatted(year: 2024, month: 3, day: 7) == "20240307")
            #expect(Self.formatted(year: 2024, month: 12, day: 31) == "20241231")
            #expect(Self.formatted(year: 987, month: 1, day: 1) == "09870101")
            #expect(RiskIndicator().preOrderDate == nil)
        }

        @Test func preOrderDateIgnoresTimeComponents() {
            let components = DateComponents(year: 2030, month: 11, day: 5, hour: 23, minute: 59)
            #expect(RiskIndicator(preOrderDate: components).preOrderDate == "20301105")
        }

        /// The initializer stops the app on these (5.0.3 did too); the check itself is tested here.
        @Test func datesWithoutYearMonthOrDayAreRefused() {
            #expect(RiskIndicator.formatPreOrderDate(DateComponents(year: 2024, month: 3)) == nil)
            #expect(RiskIndicator.formatPreOrderDate(DateComponents(year: 2024, day: 7)) == nil)
            #expect(RiskIndicator.formatPreOrderDate(DateComponents(month: 3, day: 7)) == nil)
            #expect(RiskIndicator.formatPreOrderDate(DateComponents(year: 2024, month: 13, day: 1)) == "20241301")
        }

        @Test func everyFieldEncodesWithWireCodes() throws {
            let indicator = RiskIndicator(
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
            let indicator = RiskIndicator(shipIndicator: .PickUpAtStore(pickUpAddress: address))
            #expect(indicator.shipIndicator == .PickUpAtStore)
            #expect(indicator.pickUpAddress == address)
            let expected = try ModelJSON.parse(
                """
                {"shipIndicator": "04", "pickUpAddress": {"name": "Store 1", "streetAddress": "Main St 1",
                 "coAddress": "c/o X", "city": "Stockholm", "zipCode": "11122", "countryCode": "SE"}}
                """)
            #expect(try ModelJSON.encode(indicator) == expected)
            let decoded = try ModelJSON.roundTrip(indicator)
            #expect(decoded.shipIndicator == .PickUpAtStore)
            #expect(decoded.pickUpAddress == address)
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
                #expect(indicator.raw.rawValue == code)
                #expect(RiskIndicator(shipIndicator: indicator).shipIndicator == indicator.raw)
                #expect(try ModelJSON.encode(indicator) == .string(code))
                let rebuilt = SwedbankPaySDK.ShipIndicator(code: code, pickUpAddress: .init(city: "Oslo"))
                #expect(rebuilt == indicator)
            }
            #expect(SwedbankPaySDK.ShipIndicator(code: "08") == nil)
            #expect(SwedbankPaySDK.ShipIndicator(code: "04") == .PickUpAtStore(pickUpAddress: .init()))
            #expect(SwedbankPaySDK.ShipIndicator.Tickets.pickUpAddress == nil)
            #expect(RiskIndicator(shipIndicator: .Tickets).pickUpAddress == nil)
            #expect(
                SwedbankPaySDK.ShipIndicator.Raw.allCases.map(\.rawValue) == ["01", "02", "03", "04", "05", "06", "07"])
            #expect(SwedbankPaySDK.ShipIndicator(raw: .PickUpAtStore) == .PickUpAtStore(pickUpAddress: .init()))
        }

        @Test func pickUpWithoutAddressMemberDecodesWithoutAddress() throws {
            let decoded = try ModelJSON.decode(RiskIndicator.self, #"{"shipIndicator": "04", "future": 1}"#)
            #expect(decoded.shipIndicator == .PickUpAtStore)
            #expect(decoded.pickUpAddress == nil)
        }

        /// Both are plain fields, as in 5.0.3: decoded as sent, and settable.
        @Test func shipIndicatorAndAddressAreSeparateSettableFields() throws {
            var decoded = try ModelJSON.decode(
                RiskIndicator.self, #"{"shipIndicator": "01", "pickUpAddress": {"city": "Oslo"}}"#
            )
            #expect(decoded.shipIndicator == .ShipToBillingAddress)
            #expect(decoded.pickUpAddress == SwedbankPaySDK.PickUpAddress(city: "Oslo"))
            decoded.shipIndicator = .PickUpAtStore
            decoded.pickUpAddress?.name = "Store 2"
            #expect(
                try ModelJSON.encode(decoded)
                    == ModelJSON.parse(
                        #"{"shipIndicator": "04", "pickUpAddress": {"city": "Oslo", "name": "Store 2"}}"#))
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
