import Foundation

@testable import MerchantBackend

/// The payment-URL helpers' query handling, whatever the query (as the router gives it: raw, no
/// `#`). The iOS universal-link helper redirects only to a configured app scheme — the scheme
/// before `://`, compared in any case — with the request's path and query on the public host, or
/// to the trampoline, whose target is this same URL with `fallback=true` and leads to that app
/// scheme in turn. The Android page's intent opens the app it names, a valid
/// package, with the query kept before the `#Intent` part, and no query adds markup to the page.
/// `URIComponent` reads back what it encodes. Input: the query.
///
/// Delimiters, prefixes and markup are compared as bytes: a `#`, `:`, `?` or `<` may share a
/// `Character` with a combining mark after it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHelperQuery(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let query = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard !query.utf8.contains(UInt8(ascii: "#")) else { return 0 }
    checkIOS(query)
    checkAndroid(query)
    let encoded = URIComponent.encode(query)
    precondition(
        URIComponent.value(of: "v", inQuery: "a=1&v=\(encoded)&v=2") == query, "\(query.debugDescription) lost")
    return 0
}

private let origin = "https://shop.example.com"
private let schemes = ["yourecomapp", "com.example.app", "com.swedbankpay.exampleapp"]
private let trampoline = URL(string: "https://ecom.stage.payex.com/externalresourcehost/trampoline")!
private let ios = IOSUniversalLinkRedirect(publicOrigin: origin, trampoline: trampoline, appSchemes: schemes)
private let iosPath = "/sdk-callback/ios-universal-link"

private func checkIOS(_ query: String) {
    let location: String
    do {
        location = try ios.location(path: iosPath, query: query)
    } catch .schemeNotAllowed(let scheme) {
        precondition(!schemes.contains(AppScheme.canonical(scheme)), "refused the configured scheme \(scheme)")
        return
    } catch {
        return
    }
    guard URIComponent.values(of: "fallback", inQuery: query).last == "true" else {
        // The trampoline leg: to the configured trampoline, whose button opens `target`.
        let prefix = trampoline.absoluteString + "?target="
        precondition(location.utf8.starts(with: prefix.utf8), "\(query.debugDescription) redirected to \(location)")
        let parameters = String(location.dropFirst(trampoline.absoluteString.count + 1))
        let target = URIComponent.value(of: "target", inQuery: parameters)
        let own = origin + iosPath + "?"
        precondition(target == own + query + "&fallback=true", "the trampoline's target is \(target ?? "none")")
        precondition(
            URIComponent.value(of: "language", inQuery: parameters)
                == URIComponent.value(of: "language", inQuery: query), "the language changed")
        // The payer taps the button: the same helper, now with `fallback=true` at the end.
        let next = try? ios.location(
            path: iosPath, query: String(decoding: target!.utf8.dropFirst(own.utf8.count), as: UTF8.self))
        checkAppRedirect(next, query: own + query + "&fallback=true")
        return
    }
    checkAppRedirect(location, query: query)
}

/// `location` opens a configured app with the request's path and query on the public host.
private func checkAppRedirect(_ location: String?, query: String) {
    guard let location, let colon = location.utf8.firstIndex(of: UInt8(ascii: ":")) else {
        fatalError("no app redirect for \(query.debugDescription): \(location ?? "refused")")
    }
    let scheme = String(decoding: location.utf8[..<colon], as: UTF8.self)
    precondition(
        AppScheme.isSchemeSyntax(scheme) && schemes.contains(AppScheme.canonical(scheme)),
        "\(query.debugDescription) redirected to \(location.debugDescription), not to an app scheme")
    precondition(
        location.utf8[colon...].starts(with: ("://shop.example.com" + iosPath + "?").utf8),
        "redirected to another host: \(location)")
}

private let android = AndroidIntentPage(scheme: "https", authority: "shop.example.com")
private let androidPath = "/sdk-callback/android-intent"
private let plainPage = try! android.html(path: androidPath, query: "package=com.example.app")

private func checkAndroid(_ query: String) {
    let intent: String
    do {
        intent = try android.intentURL(path: androidPath, query: query)
    } catch .invalidPackage(let package) {
        precondition(!AndroidIntentPage.isPackageName(package), "refused the package \(package)")
        return
    } catch {
        precondition(URIComponent.value(of: "package", inQuery: query)?.isEmpty ?? true, "refused a package")
        return
    }
    let package = URIComponent.value(of: "package", inQuery: query) ?? ""
    precondition(AndroidIntentPage.isPackageName(package), "opens \(package.debugDescription)")
    let parts = intent.utf8.split(separator: UInt8(ascii: "#"), maxSplits: 1, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    precondition(parts.count == 2 && parts[0] == "intent://shop.example.com" + androidPath + "?" + query, intent)
    precondition(
        parts[1] == "Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=\(package);end;",
        "the intent is \(parts[1])")
    guard let page = try? android.html(path: androidPath, query: query) else { fatalError("no page for \(intent)") }
    for markup in "<>\"'".utf8 {
        precondition(
            page.utf8.count(where: { $0 == markup }) == plainPage.utf8.count(where: { $0 == markup }),
            "\(query.debugDescription) adds \(UnicodeScalar(markup)) to the page")
    }
}
