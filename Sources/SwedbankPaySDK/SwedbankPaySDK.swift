import Foundation

/// The namespace of the Swedbank Pay Mobile SDK.
///
/// Every data type of the SDK is nested here, as in the Swedbank Pay documentation:
/// `SwedbankPaySDK.PaymentOrder`, `SwedbankPaySDK.Consumer`, `SwedbankPaySDK.Problem`, and so on.
/// It has no instances.
public enum SwedbankPaySDK {}
