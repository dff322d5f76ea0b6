import Foundation
import Testing

@testable import SwedbankPaySDK

/// Where the SDK's own launcher opens a URL on UIKit (the UIKit shell reads the facts and carries
/// the route out): every row of the decision.
@Suite struct SystemLaunchRouteTests {
    typealias Route = SwedbankPaySDK.SystemLaunchRoute
    static let app = URL(fileURLWithPath: "/private/var/containers/Bundle/Application/X/Shop.app")
    static let appExtension = URL(
        fileURLWithPath: "/private/var/containers/Bundle/Application/X/Shop.app/PlugIns/Pay.appex")

    @Test func theFirstForegroundActiveSceneOpensEvenAfterAnInactiveOne() {
        #expect(
            Route.decide(bundleURL: Self.app, scenes: { [.background, .foregroundInactive, .foregroundActive] })
                == .scene(2))
        #expect(Route.decide(bundleURL: Self.app, scenes: { [.foregroundActive, .foregroundActive] }) == .scene(0))
    }

    @Test func aForegroundInactiveSceneOpensWhenNoneIsActive() {
        // A system alert or the app switcher over the app leaves its scene inactive, not gone.
        #expect(Route.decide(bundleURL: Self.app, scenes: { [.unattached, .foregroundInactive] }) == .scene(1))
    }

    @Test func nothingOpensWithoutAForegroundScene() {
        #expect(Route.decide(bundleURL: Self.app, scenes: { [] }) == .noForegroundScene)
        #expect(Route.decide(bundleURL: Self.app, scenes: { [.background, .unattached] }) == .noForegroundScene)
    }

    @Test func anAppExtensionIsDecidedBeforeTheScenesAreRead() {
        // The shell's scene reader reaches `UIApplication`; an extension must never call it.
        var reads = 0
        let route = Route.decide(bundleURL: Self.appExtension) {
            reads += 1
            return [.foregroundActive]
        }
        #expect(route == .appExtension)
        #expect(reads == 0)
        _ = Route.decide(bundleURL: Self.app) {
            reads += 1
            return []
        }
        #expect(reads == 1)
    }

    @Test func anAppExtensionOpensNothingWhateverItsScenes() {
        #expect(Route.decide(bundleURL: Self.appExtension, scenes: { [.foregroundActive] }) == .appExtension)
        let trailingSlash = URL(fileURLWithPath: "/Shop.app/PlugIns/Pay.APPEX/", isDirectory: true)
        #expect(Route.decide(bundleURL: trailingSlash, scenes: { [] }) == .appExtension)
    }
}
