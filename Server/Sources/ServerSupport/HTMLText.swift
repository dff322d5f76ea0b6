#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import SwedbankPaySDK

/// The servers escape HTML exactly as the SDK does: one implementation, in the SDK.
public typealias HTMLText = SwedbankPaySDK.HTMLText
#endif
