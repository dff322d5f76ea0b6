// A declaration-only model of the Security API the SDK calls (see UIKit.swift in this directory).
// Core Foundation's types are modelled by the Foundation classes they bridge to toll-free.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

public typealias CFData = NSData
public typealias CFArray = NSArray
public final class CFAllocator {}
public final class CFError {}

public final class SecKey {}
public final class SecCertificate {}
public final class SecTrust {}

@available(iOS 10.0, *)
public func SecKeyCopyExternalRepresentation(
    _ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? { nil }
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? { nil }
@available(iOS 12.0, *)
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? { nil }
@available(iOS 12.0, *)
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool { false }
// The newest API the SDK calls: it sets the iOS 15 minimum.
@available(iOS 15.0, *)
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { nil }

// Foundation members that only Apple's Foundation has, because they carry Security's types.
extension URLProtectionSpace {
    public var serverTrust: SecTrust? { nil }
}

extension URLCredential {
    public convenience init(trust: SecTrust) { fatalError() }
}
