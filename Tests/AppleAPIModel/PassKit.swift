// A declaration-only model of the PassKit API the SDK calls (see UIKit.swift in this directory).
import Foundation

public struct PKPaymentNetwork: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let amex = PKPaymentNetwork("AmEx")
    public static let cartesBancaires = PKPaymentNetwork("CartesBancaires")
    public static let chinaUnionPay = PKPaymentNetwork("ChinaUnionPay")
    public static let discover = PKPaymentNetwork("Discover")
    public static let interac = PKPaymentNetwork("Interac")
    public static let idCredit = PKPaymentNetwork("iD")
    public static let JCB = PKPaymentNetwork("JCB")
    public static let masterCard = PKPaymentNetwork("MasterCard")
    public static let quicPay = PKPaymentNetwork("QUICPay")
    public static let suica = PKPaymentNetwork("Suica")
    public static let visa = PKPaymentNetwork("Visa")
}

public struct PKMerchantCapability: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let capability3DS = PKMerchantCapability(rawValue: 1 << 0)
    public static let capabilityEMV = PKMerchantCapability(rawValue: 1 << 1)
    public static let capabilityCredit = PKMerchantCapability(rawValue: 1 << 2)
    public static let capabilityDebit = PKMerchantCapability(rawValue: 1 << 3)
}

public struct PKContactField: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

public enum PKPaymentSummaryItemType: UInt, Sendable {
    case final, pending
}

open class PKPaymentSummaryItem: NSObject {
    public convenience init(label: String, amount: NSDecimalNumber, type: PKPaymentSummaryItemType) { fatalError() }
}

open class PKPaymentRequest: NSObject {
    public override init() { fatalError() }
    open var merchantIdentifier: String
    open var countryCode: String
    open var currencyCode: String
    open var merchantCapabilities: PKMerchantCapability
    open var supportedNetworks: [PKPaymentNetwork]
    open var supportedCountries: Set<String>?
    open var requiredShippingContactFields: Set<PKContactField>
    open var paymentSummaryItems: [PKPaymentSummaryItem]
}

open class PKPaymentToken: NSObject {
    open var paymentData: Data { fatalError() }
    open var transactionIdentifier: String { fatalError() }
}

open class PKPayment: NSObject {
    open var token: PKPaymentToken { fatalError() }
}

public enum PKPaymentAuthorizationStatus: Int, Sendable {
    case success, failure
}

open class PKPaymentAuthorizationResult: NSObject {
    public init(status: PKPaymentAuthorizationStatus, errors: [any Error]?) { fatalError() }
}

public protocol PKPaymentAuthorizationControllerDelegate: NSObjectProtocol {
    func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)
    func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)
}

extension PKPaymentAuthorizationControllerDelegate {
    public func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
    ) {}
}

open class PKPaymentAuthorizationController: NSObject {
    public init(paymentRequest request: PKPaymentRequest) { fatalError() }
    open weak var delegate: (any PKPaymentAuthorizationControllerDelegate)?
    open func present(completion: ((Bool) -> Void)? = nil) {}
    open func dismiss(completion: (() -> Void)? = nil) {}
    open class func canMakePayments() -> Bool { false }
    open class func canMakePayments(usingNetworks supportedNetworks: [PKPaymentNetwork]) -> Bool { false }
    open class func canMakePayments(
        usingNetworks supportedNetworks: [PKPaymentNetwork], capabilities: PKMerchantCapability
    ) -> Bool { false }
}
