import SwedbankPaySDK

/// The servers escape HTML exactly as the SDK does: one implementation, in the SDK.
public typealias HTMLText = SwedbankPaySDK.HTMLText
