import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `GET /externalresourcehost/trampoline`: the page, its escaping, its languages and the targets
/// it refuses.
@Suite struct TrampolineTests {
    static let path = "/externalresourcehost/trampoline"
    static let target = "https%3A%2F%2Fexample.com%2Fpayment%2Fios%3Ffallback%3Dtrue"

    @Test func servesThePageWithEverythingEscaped() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .get, Self.path + "?target=\(Self.target)&language=en-US&app=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E",
                token: nil)
            #expect(reply.status == 200)
            #expect(reply.contentType == "text/html; charset=utf-8")
            #expect(reply.headers[.cacheControl] == "no-store")
            let page = reply.text
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"))
            #expect(page.contains("    <title>Swedbank Pay Redirect</title>\n"))
            #expect(page.contains(#"    <meta name="viewport" content="width=device-width, initial-scale=1.0" />"#))
            #expect(
                page.contains(
                    #"    <a class="trampoline-text" id="trampoline-link" href="https://example.com/payment/ios?fallback=true">Back to the app</a>"#
                ))
            #expect(page.contains(#"    var target = "https%3A%2F%2Fexample.com%2Fpayment%2Fios%3Ffallback%3Dtrue";"#))
            #expect(page.contains("window.location.href = decodeURIComponent(target);"))
            #expect(page.components(separatedBy: "<script>").count == 2)
            #expect(!page.contains("alert(\"x\")"))
        }
    }

    @Test func escapesQuotesAndAmpersandsInTheTarget() throws {
        let page = try TrampolineRoutes.page(
            query: "target=https%3A%2F%2Fexample.com%2Fp%3Fa%3D1%26b%3D'x'&language=sv-SE&app=Shop+%26+Co")
        #expect(page.target == "https://example.com/p?a=1&b='x'")
        #expect(
            page.html.contains(#"href="https://example.com/p?a=1&amp;b=&#39;x&#39;">Tillbaka till Shop &amp; Co</a>"#))
        #expect(page.html.contains(#"var target = "https%3A%2F%2Fexample.com%2Fp%3Fa%3D1%26b%3D\u0027x\u0027";"#))
    }

    /// The page is on the sandbox's own host (Swedbank Pay's, for the real one) and anyone can
    /// link to it: an `app` that is a sentence, markup or a page-long text is no app's name, and
    /// the page is then exactly the one without a name.
    @Test(arguments: [
        "Your%20Bank%20(verify%20account)", String(repeating: "A", count: 31), "Shop%0ACo", "%20Shop", "Shop%20%20Co",
        "Shop%E2%80%AECo", "a%E2%80%8D", "https%3A%2F%2Fevil.example", "Shop!",
        "e%CC%81%CC%81%CC%81%CC%81%CC%81%CC%81"
            + String(repeating: "e%CC%81%CC%81%CC%81%CC%81%CC%81%CC%81", count: 9),
    ])
    func anAppLabelThatIsNoAppsNameIsNotShown(app: String) throws {
        let query = "target=https%3A%2F%2Fevil.example%2F&language=sv-SE"
        let labelled = try TrampolineRoutes.page(query: query + "&app=" + app)
        #expect(labelled.html == (try TrampolineRoutes.page(query: query)).html)
        #expect(labelled.html.contains(">Tillbaka till appen</a>"))
    }

    @Test(arguments: [
        ("Exempel", "Exempel"), ("Shop+%26+Co", "Shop &amp; Co"), ("Caf%C3%A9%20Zo%C3%AB", "Café Zoë"),
        ("M%C3%BCller's%20App%202.0", "Müller&#39;s App 2.0"),
        (String(repeating: "A", count: 30), String(repeating: "A", count: 30)),
    ])
    func anAppsNameIsShown(app: String, shown: String) throws {
        let page = try TrampolineRoutes.page(query: "target=https%3A%2F%2Fexample.com&language=sv-SE&app=" + app)
        #expect(page.html.contains(">Tillbaka till \(shown)</a>"))
    }

    @Test func scriptStringsCannotCloseTheScript() {
        #expect(TrampolinePage.scriptString("</script><\"\\\u{2028}") == #""\u003c/script\u003e\u003c\"\\\u2028""#)
    }

    @Test(arguments: [
        ("sv-SE", "Tillbaka till Exempel"), ("nb-NO", "Tilbake til Exempel"), ("da-DK", "Tilbage til Exempel"),
        ("fi-FI", "Takaisin sovellukseen Exempel"), ("en-US", "Back to Exempel"), ("de-DE", "Zurück zu Exempel"),
        ("xx", "Back to Exempel"),
    ])
    func labelsTheButtonInTheLanguage(language: String, label: String) {
        #expect(TrampolinePage.label(language: language, app: "Exempel") == label)
    }

    @Test func labelsTheButtonWithoutAnAppName() throws {
        let page = try TrampolineRoutes.page(query: "target=https%3A%2F%2Fexample.com&language=da-DK")
        #expect(page.html.contains(">Tilbage til appen</a>"))
        #expect(page.html.contains("<html lang=\"da\">"))
    }

    @Test(arguments: [
        "javascript%3Aalert(1)", "JavaScript:alert(1)", "%2Fpayment%2Fios", "payment", "%2F%2Fexample.com%2Fx",
        "ftp%3A%2F%2Fexample.com%2Fx", "https%3A%2F%2F", "http%3Aexample.com", "https%3A%2F%2Fexample.com%2Fa%20b",
        "data%3Atext%2Fhtml%2C%3Cscript%3E",
    ])
    func refusesTargetsThatAreNotAbsoluteWebURLs(target: String) async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(.get, Self.path + "?target=\(target)&language=sv-SE&app=A", token: nil)
            #expect(reply.status == 400)
            #expect(reply.contentType == "application/problem+json")
            #expect(
                try reply.object["problems"]
                    == json(#"[{"name":"target","description":"The target must be an absolute http or https URL."}]"#))
        }
    }

    @Test func namesEachMissingParameter() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(.get, Self.path + "?app=A&target=", token: nil)
            #expect(reply.status == 400)
            #expect(
                try reply.json
                    == json(
                        #"""
                        {"type":"https://api.payex.com/psp/errordetail/inputerror","title":"Error in input data","status":400,
                         "detail":"The trampoline request is invalid.",
                         "problems":[
                           {"name":"target","description":"The target is required: the URL-encoded URL to go back to."},
                           {"name":"language","description":"The language is required, such as \"sv-SE\"."}]}
                        """#))
            let onlyLanguage = try await client.send(.get, Self.path + "?target=\(Self.target)", token: nil)
            #expect(try onlyLanguage.object["problems"]?.arrayValue?.count == 1)
        }
    }
}
