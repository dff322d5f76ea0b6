#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The second part of the payment menu page's function (after ``PaymentMenuScript``'s core, in
/// the same scope): the listeners of the instrument buttons, forms, Swish answers, cancel, terms
/// of service and payer step, the message listener, and the start-up (the hostUrls check, the
/// first `loaded` report and the view's initial outcome).
enum PaymentMenuControls {
    static let source = #"""
          var choosers = document.querySelectorAll("button.choose[data-instrument]");
          for (var c = 0; c < choosers.length; c++) {
            choosers[c].addEventListener("click", function (event) {
              var button = event.currentTarget;
              var opening = button.getAttribute("aria-expanded") !== "true";
              for (var k = 0; k < choosers.length; k++) {
                choosers[k].setAttribute("aria-expanded", "false");
                $(choosers[k].getAttribute("aria-controls")).hidden = true;
              }
              if (opening) {
                button.setAttribute("aria-expanded", "true");
                $(button.getAttribute("aria-controls")).hidden = false;
                post("instrumentSelected", { instrument: button.getAttribute("data-instrument") });
                selectInstrument(button.getAttribute("data-instrument"));
              }
            });
          }
          function on(id, type, action) { var element = $(id); if (element) { element.addEventListener(type, action); } }
          on("card-form", "submit", function (event) {
            event.preventDefault();
            var number = $("card-number").value.replace(/[\s-]/g, "");
            var expiry = menuChecks.expiry($("card-expiry").value);
            var cvc = $("card-cvc").value.trim();
            if (!showErrors(menuChecks.card(number, expiry, cvc, new Date()), ["card-number", "card-expiry", "card-cvc"])) { return; }
            var consent = $("consent") ? $("consent").checked : false;
            start({ instrument: boot.cardInstrument, card: { number: number, expiry: expiry, cvc: cvc }, consent: consent }, null);
          });
          on("saved-form", "submit", function (event) {
            event.preventDefault();
            var chosen = document.querySelector("input[name=saved-card]:checked");
            if (chosen) { start({ instrument: boot.cardInstrument, paymentToken: chosen.value }, null); }
          });
          on("swish-form", "submit", function (event) {
            event.preventDefault();
            var msisdn = msisdnValue("swish-msisdn");
            var errors = menuChecks.swishMsisdn(msisdn) ? {} : { "swish-msisdn": pageWords.msisdnError };
            if (showErrors(errors, ["swish-msisdn"])) { start({ instrument: boot.swishInstrument, msisdn: msisdn }, "swish-msisdn"); }
          });
          on("pay-invoice", "click", function (event) {
            start({ instrument: event.currentTarget.getAttribute("data-instrument") }, null);
          });
          on("wallet-form", "submit", function (event) {
            event.preventDefault();
            var msisdn = msisdnValue("wallet-msisdn");
            var errors = msisdnValid(msisdn) ? {} : { "wallet-msisdn": pageWords.msisdnError };
            if (showErrors(errors, ["wallet-msisdn"])) {
              start({ instrument: event.currentTarget.getAttribute("data-instrument"), msisdn: msisdn }, "wallet-msisdn");
            }
          });
          on("pay-bank", "click", function () { start({ instrument: boot.bankInstrument }, null); });
          on("swish-approve", "click", function () { answer("/swish/approve"); });
          on("swish-decline", "click", function () { answer("/swish/decline"); });
          on("cancel-payment", "click", function () { answer("/abort"); });
          on("terms", "click", function (event) {
            if (!parentWindow) { return; }
            event.preventDefault();
            post("termsOfService", { url: event.currentTarget.href, tosOrigin: "Merchant" });
          });
          on("payer-fill", "click", function () {
            $("payer-email").value = boot.testPerson.email;
            $("payer-msisdn").value = boot.testPerson.msisdn;
          });
          on("payer-form", "submit", function (event) {
            event.preventDefault();
            var email = $("payer-email").value.trim();
            var msisdn = msisdnValue("payer-msisdn");
            var errors = {};
            if (!menuChecks.email(email)) { errors["payer-email"] = pageWords.emailError; }
            if (msisdn !== "" && !msisdnValid(msisdn)) { errors["payer-msisdn"] = pageWords.msisdnError; }
            if (!showErrors(errors, ["payer-email", "payer-msisdn"])) { return; }
            setBusy(true);
            request("POST", "/payer", { email: email, msisdn: msisdn }).then(function (reply) {
              if (reply.status !== 200) { problem(reply, "payer-msisdn"); return; }
              setBusy(false);
              $("payer").hidden = true;
              $("payer-identified").hidden = false;
              showMenu(true);
              post("payerIdentified", { email: email });
              reportSize("resized");
            }, networkFailed);
          });

          on("payer-forget", "click", function () {
            setBusy(true);
            request("POST", "/payer/forget", {}).then(function (reply) {
              if (reply.status !== 200) { problem(reply, null); return; }
              setBusy(false);
              $("payer-identified").hidden = true;
              $("payer").hidden = false;
              showMenu(false);
              $("instruments").hidden = true;
              post("payerUnidentified", {});
              reportSize("resized");
            }, networkFailed);
          });
          on("stored-cards-info", "click", function (event) {
            if (!parentWindow) { return; }
            event.preventDefault();
            post("outOfViewOpen", { url: event.currentTarget.href });
          });

          window.addEventListener("message", function (event) {
            var data = event.data;
            if (!data || typeof data !== "object" || data.channel !== boot.channel || data.token !== boot.token) { return; }
            if (event.source === $("subview-frame").contentWindow && event.origin === window.location.origin) {
              if (data.type === "subviewFinished") { $("subview-frame").src = "about:blank"; refreshState(); }
            } else if (parentWindow && event.source === parentWindow && event.origin === boot.parentOrigin) {
              if (data.type === "cancel") { answer("/abort"); }
              if (data.type === "resume") { resumed(data.confirmation); }
            }
          });

          if (boot.parentOrigin && boot.hostOrigins.length > 0 && boot.hostOrigins.indexOf(boot.parentOrigin) < 0) {
            var warning = $("host-warning");
            warning.textContent = "This page (" + boot.parentOrigin + ") is not one of the payment order's hostUrls (" +
              boot.hostOrigins.join(", ") + "). The real Seamless View would refuse to open here.";
            warning.hidden = false;
          }
          reportSize("loaded");
          handle(boot.initial, true);
          if (typeof ResizeObserver === "function") {
            new ResizeObserver(function () { reportSize("resized"); }).observe(main);
          }
        """#
}
#endif
