#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The sandbox's look, shared by the menu, the checkin view, the invoice, ACS-frame, bank and
/// dashboard pages: plain system fonts, one accent colour with enough contrast for text, large
/// touch targets, a layout that fits a 390 px wide phone, and light and dark colours that follow
/// the system (`prefers-color-scheme`), as the app around the web view does.
enum SandboxPageStyle {
    static let css = """
        :root { color-scheme: light dark; --accent: #1f6f76; --accent-light: #e3f1f2; --ink: #1d1d1b;
          --muted: #5c5c58; --line: #d7d2ca; --paper: #fdf6ee; --surface: #fff; --field-line: #8c877f;
          --error: #b00020; --error-bg: #fdecee; --error-line: #f2b8c0; --ok: #1b6b2f; --ok-bg: #e6f4ea;
          --ok-line: #b7dfc2; --info-line: #b9dadd; --on-accent: #fff; }
        @media (prefers-color-scheme: dark) {
          :root { --accent: #6cc3ca; --accent-light: #1e3b3d; --ink: #ecebe7; --muted: #b4b1aa;
            --line: #4a4741; --paper: #1b1a18; --surface: #262522; --field-line: #8f8a81;
            --error: #ff8f87; --error-bg: #3d1d1f; --error-line: #7a3a40; --ok: #85d498; --ok-bg: #1c3323;
            --ok-line: #37613f; --info-line: #2f5a5d; --on-accent: #10201f; }
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; padding: 0; }
        body { font: 16px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: var(--ink); background: var(--paper); }
        main { max-width: 560px; margin: 0 auto; padding: 16px; }
        h1 { font-size: 1.3em; margin: 0 0 4px; }
        h2 { font-size: 1.05em; margin: 0; }
        p { margin: 8px 0; }
        .badge { display: inline-block; font-size: 0.75em; font-weight: 600; letter-spacing: 0.05em;
          text-transform: uppercase; color: #fff; background: #8a4b08; border-radius: 4px; padding: 2px 6px; }
        .muted { color: var(--muted); font-size: 0.9em; }
        .card { background: var(--surface); border: 1px solid var(--line); border-radius: 10px; margin: 12px 0; }
        .card > .body { padding: 12px 16px 16px; }
        .choose { display: flex; width: 100%; align-items: center; justify-content: space-between; gap: 8px;
          min-height: 48px; padding: 12px 16px; border: 0; background: none; font: inherit; font-weight: 600;
          color: var(--ink); text-align: left; cursor: pointer; border-radius: 10px; }
        .choose[aria-expanded="true"] { background: var(--accent-light); border-radius: 10px 10px 0 0; }
        .choose:focus-visible, button:focus-visible, input:focus-visible, a:focus-visible {
          outline: 3px solid #f2a900; outline-offset: 2px; }
        label { display: block; font-weight: 600; margin: 12px 0 4px; }
        input[type=text], input[type=email], input[type=tel] { width: 100%; min-height: 44px; padding: 8px 10px;
          font: inherit; border: 1px solid var(--field-line); border-radius: 6px; background: var(--surface); color: var(--ink); }
        input[aria-invalid="true"] { border-color: var(--error); border-width: 2px; }
        .row { display: flex; gap: 12px; }
        .row > div { flex: 1; min-width: 0; }
        .check { display: flex; gap: 8px; align-items: flex-start; font-weight: normal; }
        .check input { width: 22px; height: 22px; margin: 2px 0 0; }
        .field-error { color: var(--error); font-size: 0.9em; margin: 4px 0 0; }
        .field-error:empty { display: none; }
        button.primary, button.secondary { display: block; width: 100%; min-height: 48px; margin-top: 16px;
          font: inherit; font-weight: 600; border-radius: 8px; cursor: pointer; }
        button.primary { color: var(--on-accent); background: var(--accent); border: 0; }
        button.secondary { color: var(--accent); background: var(--surface); border: 2px solid var(--accent); }
        button[disabled] { opacity: 0.6; cursor: progress; }
        button.link { background: none; border: 0; padding: 8px 0; font: inherit; color: var(--accent);
          text-decoration: underline; cursor: pointer; min-height: 44px; }
        a { color: var(--accent); }
        .notice { border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
        .notice.error { background: var(--error-bg); color: var(--error); border: 1px solid var(--error-line); }
        .notice.ok { background: var(--ok-bg); color: var(--ok); border: 1px solid var(--ok-line); }
        .notice.info { background: var(--accent-light); color: var(--ink); border: 1px solid var(--info-line); }
        .saved { display: flex; gap: 10px; align-items: center; font-weight: normal; margin: 8px 0; min-height: 44px; }
        .saved input { width: 22px; height: 22px; margin: 0; }
        fieldset { border: 0; padding: 0; margin: 0 0 8px; }
        legend { font-weight: 600; padding: 0; }
        footer { display: flex; justify-content: space-between; align-items: center; flex-wrap: wrap; gap: 8px;
          margin-top: 8px; }
        iframe.subview { width: 100%; height: 420px; border: 1px solid var(--line); border-radius: 8px; background: var(--surface); }
        table { width: 100%; border-collapse: collapse; font-size: 0.85em; background: var(--surface); }
        th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top;
          overflow-wrap: anywhere; }
        th { background: var(--accent-light); }
        [hidden] { display: none !important; }
        """

    /// The `<head>` of a sandbox page: charset, phone viewport, title, no favicon request, the
    /// shared style and the page's own `css`.
    static func head(title: String, language: String = "en", css pageCSS: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="\(HTMLText.escape(languageCode(language)))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" href="data:,">
        <title>\(HTMLText.escape(title))</title>
        <style>\(css)\(pageCSS)</style>
        </head>
        """
    }

    /// `sv` of `sv-SE`.
    static func languageCode(_ culture: String) -> String {
        String(culture.prefix { $0 != "-" }).lowercased()
    }
}
#endif
