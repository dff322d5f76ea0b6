// A declaration-only model of the PassKit API the SDK calls (see UIKit.swift in this directory).
// As the iOS 18 SDK (Xcode 16) and the iOS 26 SDK (Xcode 26) declare it: the delegate's methods
// main-actor isolated, `present`'s and `dismiss`'s completions `@Sendable` (docs/apple-platforms.md
// lists each change with its source). Availability as Apple's documentation gives it.
import Foundation

// Source: PassKit/PKConstants.h; developer.apple.com/documentation/passkit/pkpaymentnetwork
@available(iOS 8.0, *)
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

// Source: PassKit/PKConstants.h; developer.apple.com/documentation/passkit/pkmerchantcapability
@available(iOS 8.0, *)
public struct PKMerchantCapability: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let capability3DS = PKMerchantCapability(rawValue: 1 << 0)
    public static let capabilityEMV = PKMerchantCapability(rawValue: 1 << 1)
    public static let capabilityCredit = PKMerchantCapability(rawValue: 1 << 2)
    public static let capabilityDebit = PKMerchantCapability(rawValue: 1 << 3)
}

// Source: PassKit/PKConstants.h; developer.apple.com/documentation/passkit/pkcontactfield
@available(iOS 11.0, *)
public struct PKContactField: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

// Source: PassKit/PKPaymentSummaryItem.h; developer.apple.com/documentation/passkit/pkpaymentsummaryitemtype
public enum PKPaymentSummaryItemType: UInt, Sendable {
    case final, pending
}

// Source: PassKit/PKPaymentSummaryItem.h; developer.apple.com/documentation/passkit/pkpaymentsummaryitem
@available(iOS 8.0, *)
open class PKPaymentSummaryItem: NSObject {
    @available(iOS 9.0, *)
    public convenience init(label: String, amount: NSDecimalNumber, type: PKPaymentSummaryItemType) { fatalError() }
    open var label: String { fatalError() }
    open var amount: NSDecimalNumber { fatalError() }
    @available(iOS 9.0, *)
    open var type: PKPaymentSummaryItemType { fatalError() }
}

// Source: PassKit/PKPaymentRequest.h; developer.apple.com/documentation/passkit/pkpaymentrequest
@available(iOS 8.0, *)
open class PKPaymentRequest: NSObject {
    public override init() { fatalError() }
    open var merchantIdentifier: String
    open var countryCode: String
    open var currencyCode: String
    open var merchantCapabilities: PKMerchantCapability
    open var supportedNetworks: [PKPaymentNetwork]
    @available(iOS 11.0, *)
    open var supportedCountries: Set<String>?
    @available(iOS 11.0, *)
    open var requiredShippingContactFields: Set<PKContactField>
    open var paymentSummaryItems: [PKPaymentSummaryItem]
}

// Source: PassKit/PKPaymentToken.h; developer.apple.com/documentation/passkit/pkpaymenttoken
@available(iOS 8.0, *)
open class PKPaymentToken: NSObject {
    open var paymentData: Data { fatalError() }
    open var transactionIdentifier: String { fatalError() }
}

// Source: PassKit/PKPayment.h; developer.apple.com/documentation/passkit/pkpayment
@available(iOS 8.0, *)
open class PKPayment: NSObject {
    open var token: PKPaymentToken { fatalError() }
}

// All eight cases: an exhaustive `switch` here must be one in Xcode too.
// Source: PassKit/PKConstants.h; developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus
@available(iOS 8.0, *)
public enum PKPaymentAuthorizationStatus: Int, Sendable {
    case success, failure
    @available(
        iOS, introduced: 8.0, deprecated: 11.0, message: "Use PKPaymentAuthorizationStatusFailure and PKPaymentError"
    )
    case invalidBillingPostalAddress
    @available(
        iOS, introduced: 8.0, deprecated: 11.0, message: "Use PKPaymentAuthorizationStatusFailure and PKPaymentError"
    )
    case invalidShippingPostalAddress
    @available(
        iOS, introduced: 8.0, deprecated: 11.0, message: "Use PKPaymentAuthorizationStatusFailure and PKPaymentError"
    )
    case invalidShippingContact
    @available(iOS 9.2, *) case pinRequired
    @available(iOS 9.2, *) case pinIncorrect
    @available(iOS 9.2, *) case pinLockout
}

// Source: PassKit/PKPaymentAuthorizationResult.h; developer.apple.com/documentation/passkit/pkpaymentauthorizationresult
@available(iOS 11.0, *)
open class PKPaymentAuthorizationResult: NSObject {
    public init(status: PKPaymentAuthorizationStatus, errors: [any Error]?) { fatalError() }
}

// Main-actor isolated per method (not the protocol) since the iOS 18 SDK; the handler stays a plain
// escaping closure.
// Source: PassKit/PKPaymentAuthorizationController.h; developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate
@available(iOS 10.0, *)
public protocol PKPaymentAuthorizationControllerDelegate: NSObjectProtocol {
    @MainActor func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)
    @available(iOS 11.0, *)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)
}

// The Objective-C optional requirement, as a default (see WebKit.swift).
// Source: PassKit/PKPaymentAuthorizationController.h (the optional method, as a default)
extension PKPaymentAuthorizationControllerDelegate {
    @available(iOS 11.0, *)
    @MainActor public func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
    ) {}
}

// Source: PassKit/PKPaymentAuthorizationController.h; developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller
@available(iOS 10.0, *)
open class PKPaymentAuthorizationController: NSObject {
    public init(paymentRequest request: PKPaymentRequest) { fatalError() }
    open weak var delegate: (any PKPaymentAuthorizationControllerDelegate)?
    open func present(completion: (@Sendable (Bool) -> Void)? = nil) {}
    open func dismiss(completion: (@Sendable () -> Void)? = nil) {}
    open class func canMakePayments() -> Bool { false }
    open class func canMakePayments(usingNetworks supportedNetworks: [PKPaymentNetwork]) -> Bool { false }
    open class func canMakePayments(
        usingNetworks supportedNetworks: [PKPaymentNetwork], capabilities: PKMerchantCapability
    ) -> Bool { false }
}
