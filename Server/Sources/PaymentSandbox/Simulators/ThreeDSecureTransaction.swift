#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// One 3-D Secure 2 authentication of a saved-card attempt, between the sandbox's 3DS server and
/// its ACS.
struct ThreeDSecureTransaction: Sendable, Equatable {
    let serverTransactionID: String
    let acsTransactionID: String
    /// Set when the (hidden) method page was loaded; informational.
    var methodCompleted = false

    /// The `threeDSMethodData` form field of the `sca-method-request` task.
    func methodData(notificationURL: String) -> String {
        ThreeDSecureMessage(threeDSServerTransID: serverTransactionID, threeDSMethodNotificationURL: notificationURL)
            .encoded
    }

    /// The `creq` form field of the `sca-redirect` task.
    var creq: String {
        ThreeDSecureMessage(
            threeDSServerTransID: serverTransactionID, acsTransID: acsTransactionID, messageType: "CReq",
            messageVersion: "2.2.0"
        ).encoded
    }

    /// The `cres` the ACS challenge page posts to the notification URL.
    func cres(approved: Bool) -> String {
        ThreeDSecureMessage(
            threeDSServerTransID: serverTransactionID, acsTransID: acsTransactionID, messageType: "CRes",
            messageVersion: "2.2.0", transStatus: approved ? "Y" : "N"
        ).encoded
    }
}
#endif
