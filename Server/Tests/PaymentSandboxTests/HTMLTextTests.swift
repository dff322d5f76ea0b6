import Foundation
import ServerSupport
import Testing

@testable import PaymentSandbox

@Suite struct HTMLTextTests {
    @Test func aQuoteWithACombiningMarkIsStillEscaped() {
        // "\"\u{301}" is one Character that is not "\"", but the browser reads a quote: escaping
        // by Character would let an app name or description break out of an attribute.
        #expect(HTMLText.escape("a\"\u{301} onload=x") == "a&quot;\u{301} onload=x")
        #expect(HTMLText.escape("'\u{301}<\u{301}") == "&#39;\u{301}&lt;\u{301}")
        #expect(TrampolinePage.escapeHTML("Back \"\u{301}") == "Back &quot;\u{301}")
    }
}
