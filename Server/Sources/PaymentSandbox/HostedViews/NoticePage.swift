#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// A page that only says something to the payer: a payment link that is unknown, expired or
/// already used, a bank page with nothing waiting. One heading, the text in an alert, and at
/// most one way on.
enum NoticePage {
    /// A link the page offers: where, and what it says.
    struct Link: Sendable, Equatable {
        var href: String
        var label: String
    }

    static func render(
        title: String, heading: String, text: String, link: Link? = nil, language: PayerLanguage = .english
    ) -> String {
        let way =
            link.map {
                "<p><a id=\"notice-link\" href=\"\(HTMLText.escape($0.href))\">\(HTMLText.escape($0.label))</a></p>"
            }
            ?? ""
        return SandboxPageStyle.head(title: title, language: language.code) + """
            <body>
            <main aria-labelledby="notice-title">
            <p><span class="badge">Sandbox</span></p>
            <h1 id="notice-title">\(HTMLText.escape(heading))</h1>
            <p role="alert" id="notice-text">\(HTMLText.escape(text))</p>
            \(way)
            </main>
            </body>
            </html>
            """
    }
}
#endif
