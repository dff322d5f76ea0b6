import Foundation
import SwedbankPaySDK
import Testing

/// Models built and changed as a 5.0.3 app does.
@Suite struct ModelUsageTests {
    @Test func riskIndicatorIsBuiltWithoutTryAndItsShipFieldsAreSettable() throws {
        var riskIndicator = SwedbankPaySDK.RiskIndicator(
            deliveryEmailAddress: "leia@example.com",
            deliveryTimeFrameIndicator: .ElectronicDelivery,
            preOrderDate: DateComponents(year: 2030, month: 1, day: 2),
            preOrderPurchaseIndicator: .FutureAvailability,
            shipIndicator: .PickUpAtStore(
                pickUpAddress: SwedbankPaySDK.PickUpAddress(name: "Store 1", city: "Stockholm")),
            giftCardPurchase: false,
            reOrderPurchaseIndicator: .FirstTimeOrdered
        )
        #expect(riskIndicator.preOrderDate == "20300102")
        #expect(riskIndicator.shipIndicator == .PickUpAtStore)
        #expect(riskIndicator.pickUpAddress?.name == "Store 1")

        riskIndicator.pickUpAddress?.city = "Oslo"
        riskIndicator.shipIndicator = SwedbankPaySDK.ShipIndicator.Raw.PickUpAtStore
        let raw: SwedbankPaySDK.ShipIndicator.Raw = SwedbankPaySDK.ShipIndicator.Tickets.raw
        #expect(raw == .Tickets)
        #expect(raw.rawValue == "06")

        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(riskIndicator)) as? [String: Any]
        #expect(json?["shipIndicator"] as? String == "04")
        #expect((json?["pickUpAddress"] as? [String: Any])?["city"] as? String == "Oslo")
        #expect(json?["preOrderDate"] as? String == "20300102")
        #expect(json?.count == 8)
    }
}
