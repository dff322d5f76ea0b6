#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Crypto
import Foundation
import SwedbankPaySDK

/// What the payer resource tells the merchant beyond what the merchant sent, as the portal's
/// payer model shows it: hashes of the identifying fields, birth year and gender from a Nordic
/// national identity number, and the payer's device read from the order's `userAgent` (the
/// payer's browser or app, as the API defines that field).
enum PayerFacts {
    /// `hashedFields`: SHA-1 in lower-case hex (40 characters, as the portal's examples) of each
    /// field the order has.
    static func hashedFields(email: String?, msisdn: String?, socialSecurityNumber: String?)
        -> SwedbankPaySDK.JSONObject
    {
        var fields: SwedbankPaySDK.JSONObject = [:]
        for (name, value) in [
            ("emailHash", email), ("msisdnHash", msisdn), ("socialSecurityNumberHash", socialSecurityNumber),
        ] {
            guard let value else { continue }
            fields[name] = .string(
                Insecure.SHA1.hash(data: Data(value.utf8)).map { String(format: "%02x", $0) }.joined())
        }
        return fields
    }

    /// Birth year and gender from a Swedish or Norwegian identity number (`YYYYMMDDNNNC`,
    /// `DDMMYYNNNCC`): the third-last digit of the individual number is odd for a man.
    static func birthYearAndGender(_ identifier: SwedbankPaySDK.PaymentOrderPayer.NationalIdentifier?) -> (
        birthYear: String, gender: String
    )? {
        guard let number = identifier?.socialSecurityNumber, number.allSatisfy(\.isASCII),
            number.allSatisfy(\.isNumber)
        else { return nil }
        let digits = Array(number)
        let year: String
        let genderDigit: Character
        switch (identifier?.countryCode, digits.count) {
        case ("SE", 12):
            year = String(digits[0..<4])
            genderDigit = digits[10]
        case ("NO", 11):
            // Individual numbers 500–999 were given to people born from 2000 on.
            let individual = Int(String(digits[6..<9])) ?? 0
            year = (individual >= 500 ? "20" : "19") + String(digits[4..<6])
            genderDigit = digits[8]
        default:
            return nil
        }
        let odd = (Int(String(genderDigit)) ?? 0) % 2 == 1
        return (year, odd ? "male" : "female")
    }

    /// `device`, read from a user agent. Unknown parts say `Unknown`; `detectionAccuracy` is how
    /// many of the platform, browser and hardware were recognised, in percent.
    static func device(userAgent: String) -> SwedbankPaySDK.JSONObject {
        let platform = platform(userAgent)
        let browser = browser(userAgent)
        let mobile = ["iPhone", "iPad", "Android", "Mobile"].contains { userAgent.contains($0) }
        let hardware: (family: String, name: String, vendor: String) =
            userAgent.contains("iPhone")
            ? ("iPhone", "iPhone", "Apple")
            : userAgent.contains("iPad")
                ? ("iPad", "iPad", "Apple") : (mobile ? "Phone" : "Desktop", "Unknown", "Unknown")
        let known = [platform.name, browser.name, hardware.vendor].filter { $0 != "Unknown" }.count
        return [
            "detectionAccuracy": .integer(Int64(known * 100 / 3)), "ipAddress": .string("127.0.0.1"),
            "userAgent": .string(userAgent), "deviceType": .string(mobile ? "Mobile" : "Desktop"),
            "hardwareFamily": .string(hardware.family), "hardwareName": .string(hardware.name),
            "hardwareVendor": .string(hardware.vendor), "platformName": .string(platform.name),
            "platformVendor": .string(platform.vendor), "platformVersion": .string(platform.version),
            "browserName": .string(browser.name), "browserVendor": .string(browser.vendor),
            "browserVersion": .string(browser.version), "browserJavaEnabled": .bool(false),
        ]
    }

    private static func platform(_ agent: String) -> (name: String, vendor: String, version: String) {
        if agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iOS") {
            return ("iOS", "Apple", version(after: ["iPhone OS ", "CPU OS ", "iOS "], in: agent, separators: "_."))
        }
        if agent.contains("Android") { return ("Android", "Google", version(after: ["Android "], in: agent)) }
        if agent.contains("Windows") { return ("Windows", "Microsoft", version(after: ["Windows NT "], in: agent)) }
        if agent.contains("Mac OS X") {
            return ("macOS", "Apple", version(after: ["Mac OS X "], in: agent, separators: "_."))
        }
        if agent.contains("Linux") { return ("Linux", "Unknown", "Unknown") }
        return ("Unknown", "Unknown", "Unknown")
    }

    private static func browser(_ agent: String) -> (name: String, vendor: String, version: String) {
        if agent.contains("SwedbankPaySDK") {
            return (
                "Swedbank Pay SDK", "Swedbank Pay",
                version(after: ["SwedbankPaySDK-iOS/", "SwedbankPaySDK-Android/", "SwedbankPaySDK-Swift/"], in: agent)
            )
        }
        if agent.contains("Edg/") { return ("Edge (Chromium)", "Microsoft", version(after: ["Edg/"], in: agent)) }
        if agent.contains("Chrome/") { return ("Chrome", "Google", version(after: ["Chrome/"], in: agent)) }
        if agent.contains("Firefox/") { return ("Firefox", "Mozilla", version(after: ["Firefox/"], in: agent)) }
        if agent.contains("Safari/") { return ("Safari", "Apple", version(after: ["Version/"], in: agent)) }
        return ("Unknown", "Unknown", "Unknown")
    }

    /// The major.minor version after the first of `markers` found, `separators` between parts.
    private static func version(after markers: [String], in agent: String, separators: String = ".") -> String {
        for marker in markers {
            guard let range = agent.range(of: marker) else { continue }
            let rest = agent[range.upperBound...].prefix { $0.isNumber || separators.contains($0) }
            let parts = rest.split(whereSeparator: { separators.contains($0) }).prefix(2)
            if !parts.isEmpty { return parts.joined(separator: ".") }
        }
        return "Unknown"
    }
}
#endif
