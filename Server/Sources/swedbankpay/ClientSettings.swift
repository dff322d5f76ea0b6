import ArgumentParser
import Foundation
import MerchantBackend
import PaymentSandbox

/// Where `serve` is reached with the default settings (``ServerSettings/defaultHost``, the
/// backend's and the sandbox's default ports): what the client commands (`orders`, `demo`,
/// `bench`) call unless told otherwise, and the example their errors give.
enum DefaultAddress {
    static let backend = "http://\(ServerSettings.defaultHost):\(MerchantBackend.defaultPort)"
    static let sandbox = "http://\(ServerSettings.defaultHost):\(PaymentSandbox.defaultPort)"

    /// Refuses a `flag` given (nil: not given) that is not an absolute URL, with `example` as one.
    static func requireAbsolute(_ given: String?, flag: String, example: String) throws {
        if let given, URL(string: given)?.host == nil {
            throw ValidationError("\(flag) must be an absolute URL, such as \(example)")
        }
    }
}

/// The settings of the client commands, declared as the servers' are (``Setting``): the flag,
/// the variable, the help and the lookup from one declaration.
struct ClientSettings: Sendable {
    let adminKey = Setting<String>(
        "admin-key", "SWEDBANKPAY_ADMIN_KEY", valueName: "key", scope: .orders, expected: "a key",
        help:
            "An admin key of that backend (one of its --admin-keys). Prefer the variable: flags show in process lists.",
        parse: SettingParse.text)
}

/// The one catalogue of the client commands' settings.
let clientSettings = ClientSettings()
