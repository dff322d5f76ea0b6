import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The payer resource's facts beyond what the merchant sent: hashes, birth year and gender from
/// an identity number, and the device read from the payer's user agent.
@Suite struct PayerFactsTests {
    typealias Identifier = SwedbankPaySDK.PaymentOrderPayer.NationalIdentifier

    @Test func hashesAreSHA1InLowerCaseHex() {
        #expect(
            PayerFacts.hashedFields(
                email: "leia@swedbankpay.com", msisdn: "+46787654321", socialSecurityNumber: "199710202392")
                == [
                    "emailHash": .string("90cae741c2a2e9d2465b5ea62e4faa15c7cf2054"),
                    "msisdnHash": .string("3918dbb4604389aa17552290f7afa465c2a372c3"),
                    "socialSecurityNumberHash": .string("fa2fe30c023e461a3729b0063028eb31c0c10a3f"),
                ])
        #expect(PayerFacts.hashedFields(email: nil, msisdn: nil, socialSecurityNumber: nil) == [:])
    }

    @Test func birthYearAndGenderComeFromSwedishAndNorwegianNumbers() {
        let swede = PayerFacts.birthYearAndGender(Identifier(socialSecurityNumber: "199710202392", countryCode: "SE"))
        #expect(swede?.birthYear == "1997")
        #expect(swede?.gender == "male")
        let norwegian = PayerFacts.birthYearAndGender(
            Identifier(socialSecurityNumber: "26026708248", countryCode: "NO"))
        #expect(norwegian?.birthYear == "1967")
        #expect(norwegian?.gender == "female")
        #expect(
            PayerFacts.birthYearAndGender(Identifier(socialSecurityNumber: "19971020239", countryCode: "SE")) == nil)
        #expect(
            PayerFacts.birthYearAndGender(Identifier(socialSecurityNumber: "199710202392", countryCode: "DK")) == nil)
        #expect(PayerFacts.birthYearAndGender(nil) == nil)
    }

    @Test func theDeviceIsReadFromTheUserAgent() {
        let iPhone = PayerFacts.device(
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
        )
        #expect(iPhone["deviceType"] == .string("Mobile"))
        #expect(iPhone["platformName"] == .string("iOS"))
        #expect(iPhone["platformVersion"] == .string("17.4"))
        #expect(iPhone["browserName"] == .string("Safari"))
        #expect(iPhone["browserVersion"] == .string("17.4"))
        #expect(iPhone["hardwareVendor"] == .string("Apple"))
        #expect(iPhone["detectionAccuracy"] == .integer(100))
        let windows = PayerFacts.device(
            userAgent:
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/97.0.4692.71 Safari/537.36 Edg/97.0.1072.62"
        )
        #expect(windows["deviceType"] == .string("Desktop"))
        #expect(windows["platformName"] == .string("Windows"))
        #expect(windows["platformVersion"] == .string("10.0"))
        #expect(windows["browserName"] == .string("Edge (Chromium)"))
        #expect(windows["browserVersion"] == .string("97.0"))
        #expect(windows["detectionAccuracy"] == .integer(66))
        let sdk = PayerFacts.device(userAgent: "SwedbankPaySDK-Swift/1.0 (compatible; SwedbankPaySDK-iOS/5.0.3)")
        #expect(sdk["browserName"] == .string("Swedbank Pay SDK"))
        #expect(sdk["platformVersion"] == .string("Unknown"))
    }
}
