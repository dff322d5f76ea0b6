#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The sandbox's 3-D Secure messages (`threeDSMethodData`, `creq`, `cres`): a JSON object encoded
/// as base64url without padding, like EMV 3-D Secure's. Only the members the sandbox needs are
/// kept; `threeDSServerTransID` ties every message to its transaction.
struct ThreeDSecureMessage: Sendable, Equatable, Codable {
    var threeDSServerTransID: String
    var acsTransID: String?
    /// `"CReq"` or `"CRes"`; absent in method data.
    var messageType: String?
    var messageVersion: String?
    /// In a CRes: `"Y"` authenticated, `"N"` failed.
    var transStatus: String?
    /// In method data: where the ACS posts when the method finishes.
    var threeDSMethodNotificationURL: String?

    init(
        threeDSServerTransID: String, acsTransID: String? = nil, messageType: String? = nil,
        messageVersion: String? = nil, transStatus: String? = nil, threeDSMethodNotificationURL: String? = nil
    ) {
        self.threeDSServerTransID = threeDSServerTransID
        self.acsTransID = acsTransID
        self.messageType = messageType
        self.messageVersion = messageVersion
        self.transStatus = transStatus
        self.threeDSMethodNotificationURL = threeDSMethodNotificationURL
    }

    /// Decodes base64url (padding optional) JSON; nil when it is not such a message.
    init?(encoded: String) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let message = try? JSONDecoder().decode(ThreeDSecureMessage.self, from: data)
        else { return nil }
        self = message
    }

    /// base64url of the JSON, without padding; members sorted so it is deterministic.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
#endif
