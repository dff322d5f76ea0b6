import SwedbankPaySDK

/// What the merchant tells Swedbank Pay about itself on every payment order, beside its payee id:
/// `payeeInfo.payeeName` (the name the payer sees), `productCategory` (reporting) and `subsite`
/// (which steers split settlement). They are the merchant's, so they come from the backend's
/// configuration; an app's own `payeeName`, `productCategory`, `subsite` and `orderReference`
/// are dropped, never forwarded (an app user could otherwise name another shop to the payer or
/// move money between settlement subsites). `orderReference` is never sent: the merchant
/// reconciles by the payee reference the backend makes for each order and records.
public struct PayeeDetails: Sendable, Equatable {
    /// `payeeInfo.payeeName`; nil sends none (Swedbank Pay shows the merchant's registered name).
    public var payeeName: String?
    /// `payeeInfo.productCategory`; nil sends none.
    public var productCategory: String?
    /// `payeeInfo.subsite`; nil sends none.
    public var subsite: String?

    /// Lengths in characters: Swedbank Pay documents `productCategory` as string(50); the
    /// reference backend takes a `subsite` of at most 40; `payeeName` has no documented limit,
    /// and this backend takes 50.
    public static let payeeNameLength = 1...50
    public static let productCategoryLength = 1...50
    public static let subsiteLength = 1...40

    public init(payeeName: String? = nil, productCategory: String? = nil, subsite: String? = nil) {
        self.payeeName = payeeName
        self.productCategory = productCategory
        self.subsite = subsite
    }

    /// What is wrong with the configured values, each in words.
    func problems() -> [String] {
        let fields: [(String, String?, ClosedRange<Int>)] = [
            ("payee name", payeeName, Self.payeeNameLength),
            ("product category", productCategory, Self.productCategoryLength),
            ("subsite", subsite, Self.subsiteLength),
        ]
        return fields.compactMap { name, value, length in
            guard let value else { return nil }
            guard length.contains(value.count),
                !value.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true })
            else {
                return
                    "the \(name) must be \(length.lowerBound) to \(length.upperBound) characters without control characters"
            }
            return nil
        }
    }

    /// `payeeInfo` with the merchant's details in place of whatever the app sent.
    func apply(to payeeInfo: inout SwedbankPaySDK.PayeeInfo) {
        payeeInfo.payeeName = payeeName
        payeeInfo.productCategory = productCategory
        payeeInfo.subsite = subsite
        payeeInfo.orderReference = nil
    }
}
