#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// The checkin (consumer identification) view inside its iframe (`/consumers/frame/<token>`): the
/// payer gives an e-mail address and a mobile number (the sandbox's test person is one click
/// away), the sandbox identifies the consumer session and the view reports the
/// `consumerProfileRef` and where the shipping and billing details are.
enum CheckinPage {
    /// `boot`: token, channel, parentOrigin, api, identified (the ref or null), testPerson,
    /// requireShippingAddress.
    static func render(boot: SwedbankPaySDK.JSONValue, language: PayerLanguage, identified: Bool) -> String {
        let words = language.words
        return SandboxPageStyle.head(title: "Checkin (sandbox)", language: language.code) + """
            <body>
            <main aria-labelledby="checkin-title">
            <p><span class="badge">Sandbox</span> <span class="muted">Swedbank Pay Checkin</span></p>
            <h1 id="checkin-title">\(HTMLText.escape(words.whoIsPaying))</h1>
            <div id="notice" class="notice error" role="alert" hidden></div>
            <form id="checkin-form" class="card" novalidate\(identified ? " hidden" : "")>
            <div class="body">
            \(PaymentMenuPage.field("checkin-email", label: words.email, type: "email", autocomplete: "email", value: nil))
            \(PaymentMenuPage.field("checkin-msisdn", label: words.mobile, type: "tel", autocomplete: "tel", value: nil))
            <button type="button" class="link" id="checkin-fill">\(HTMLText.escape(words.testPerson))</button>
            <button type="submit" class="primary" id="checkin-continue">\(HTMLText.escape(words.continueLabel))</button>
            </div>
            </form>
            <p id="identified" class="notice ok" role="status"\(identified ? "" : " hidden")>\
            \(identified ? HTMLText.escape(words.identified) : "")</p>
            </main>
            <script>
            var checkinBoot = \(HTMLText.scriptJSON(boot));
            var pageWords = \(HTMLText.scriptJSON(words.scriptJSON));
            \(PaymentMenuChecks.source)
            \(script)
            </script>
            </body>
            </html>
            """
    }

    private static let script = #"""
        (function () {
          "use strict";
          var boot = checkinBoot;
          var parentWindow = window.parent !== window ? window.parent : null;
          var targetOrigin = boot.parentOrigin === "null" ? "*" : boot.parentOrigin;
          var main = document.querySelector("main");
          var lastHeight = -1;
          function $(id) { return document.getElementById(id); }
          function post(type, payload) {
            if (!parentWindow || !boot.parentOrigin) { return; }
            parentWindow.postMessage({ channel: boot.channel, token: boot.token, type: type, payload: payload || {} }, targetOrigin);
          }
          function reportSize(type) {
            var height = Math.ceil(main.getBoundingClientRect().height);
            if (type === "resized" && height === lastHeight) { return; }
            lastHeight = height;
            post(type, { bodyHeight: height, source: "Consumer" });
          }
          function fieldError(id, text) {
            $(id + "-error").textContent = text || "";
            if (text) { $(id).setAttribute("aria-invalid", "true"); } else { $(id).removeAttribute("aria-invalid"); }
          }
          function identified(reply) {
            post("consumerIdentified", { consumerProfileRef: reply.consumerProfileRef });
            if (reply.shippingDetailsUrl) { post("shippingDetails", { url: reply.shippingDetailsUrl }); }
            if (reply.billingDetailsUrl) { post("billingDetails", { url: reply.billingDetailsUrl }); }
          }
          $("checkin-fill").addEventListener("click", function () {
            $("checkin-email").value = boot.testPerson.email;
            $("checkin-msisdn").value = boot.testPerson.msisdn;
          });
          $("checkin-form").addEventListener("submit", function (event) {
            event.preventDefault();
            var email = $("checkin-email").value.trim();
            var msisdn = $("checkin-msisdn").value.replace(/[\s-]/g, "");
            var emailOk = menuChecks.email(email);
            var msisdnOk = menuChecks.msisdn(msisdn);
            fieldError("checkin-email", emailOk ? "" : pageWords.emailError);
            fieldError("checkin-msisdn", msisdnOk ? "" : pageWords.msisdnError);
            if (!emailOk) { $("checkin-email").focus(); return; }
            if (!msisdnOk) { $("checkin-msisdn").focus(); return; }
            $("checkin-continue").disabled = true;
            fetch(boot.api + "/identify", {
              method: "POST", credentials: "same-origin",
              headers: { "Content-Type": "application/json", "Accept": "application/json" },
              body: JSON.stringify({ email: email, msisdn: msisdn })
            }).then(function (response) {
              return response.json().then(function (json) { return { status: response.status, body: json }; });
            }).then(function (reply) {
              $("checkin-continue").disabled = false;
              if (reply.status !== 200) {
                $("notice").textContent = reply.body.detail || pageWords.checkinFailed;
                $("notice").hidden = false;
                return;
              }
              $("checkin-form").hidden = true;
              $("identified").textContent = pageWords.identifiedAs.replace("{email}", email);
              $("identified").hidden = false;
              identified(reply.body);
            }, function () {
              $("checkin-continue").disabled = false;
              $("notice").textContent = pageWords.unreachable;
              $("notice").hidden = false;
            });
          });
          reportSize("loaded");
          if (boot.identified) { identified(boot.identified); }
          if (typeof ResizeObserver === "function") {
            new ResizeObserver(function () { reportSize("resized"); }).observe(main);
          }
        })();
        """#
}
#endif
