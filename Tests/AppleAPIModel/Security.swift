// A declaration-only model of the Security API the SDK calls (see UIKit.swift in this directory).
// Core Foundation's types are modelled by the Foundation classes they bridge to toll-free.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

// Source: CoreFoundation/CFData.h (toll-free bridged to NSData); developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData
// Source: CoreFoundation/CFArray.h (toll-free bridged to NSArray); developer.apple.com/documentation/corefoundation/cfarray
public typealias CFArray = NSArray
// Source: CoreFoundation/CFBase.h; developer.apple.com/documentation/corefoundation/cfallocator
public final class CFAllocator {}
// Source: CoreFoundation/CFError.h; developer.apple.com/documentation/corefoundation/cferror
public final class CFError {}

// Source: Security/SecBase.h; developer.apple.com/documentation/security/seckey
public final class SecKey {}
// Source: Security/SecBase.h; developer.apple.com/documentation/security/seccertificate
public final class SecCertificate {}
// Source: Security/SecTrust.h; developer.apple.com/documentation/security/sectrust
public final class SecTrust {}

// Source: Security/SecKey.h
@available(iOS 10.0, *)
public func SecKeyCopyExternalRepresentation(
    _ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? { nil }
// Source: Security/SecCertificate.h
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? { nil }
// Source: Security/SecCertificate.h
@available(iOS 12.0, *)
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? { nil }
// Source: Security/SecTrust.h
@available(iOS 12.0, *)
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool { false }
// The newest API the SDK calls: it sets the iOS 15 minimum.
// Source: Security/SecTrust.h
@available(iOS 15.0, *)
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { nil }

// Foundation members that only Apple's Foundation has, because they carry Security's types.
// Source: Foundation/NSURLProtectionSpace.h; developer.apple.com/documentation/foundation/urlprotectionspace
extension URLProtectionSpace {
    public var serverTrust: SecTrust? { nil }
}

// Source: Foundation/NSURLCredential.h; developer.apple.com/documentation/foundation/urlcredential
extension URLCredential {
    public convenience init(trust: SecTrust) { fatalError() }
}
