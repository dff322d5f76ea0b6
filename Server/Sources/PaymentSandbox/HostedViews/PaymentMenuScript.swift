import Foundation

/// The behaviour of the payment menu page (``PaymentMenuPage``): client-side checks that mirror
/// the server's, the JSON calls that pay, the 3-D Secure and invoice pages in a frame inside the
/// menu, and the messages to the hosted view script in the merchant's page (only to the origin
/// the script announced; commands only from the parent window and that origin).
enum PaymentMenuScript {
    static let source = #"""
        (function () {
          "use strict";
          var boot = menuBoot;
          var parentWindow = window.parent !== window ? window.parent : null;
          var targetOrigin = boot.parentOrigin === "null" ? "*" : boot.parentOrigin;
          var main = document.querySelector("main");
          var lastHeight = -1;
          var pollTimer = null;
          function $(id) { return document.getElementById(id); }

          function post(type, payload) {
            if (!parentWindow || !boot.parentOrigin) { return; }
            parentWindow.postMessage({ channel: boot.channel, token: boot.token, type: type, payload: payload || {} }, targetOrigin);
          }
          function bodyHeight() { return Math.ceil(main.getBoundingClientRect().height); }
          function reportSize(type) {
            var height = bodyHeight();
            if (type === "resized" && height === lastHeight) { return; }
            lastHeight = height;
            post(type, { bodyHeight: height, source: "PaymentMenu" });
          }
          function messageId() { return "sandbox-" + Date.now().toString(16) + "-" + Math.floor(Math.random() * 1e9).toString(16); }

          function notice(kind, text) {
            var element = $("notice");
            element.className = "notice " + kind;
            element.textContent = text || "";
            element.hidden = !text;
          }
          function setBusy(busy) {
            var buttons = document.querySelectorAll("#instruments button, #payer button, #swish-pending button");
            for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = busy; }
            main.setAttribute("aria-busy", busy ? "true" : "false");
          }
          function showMenu(visible) {
            var payer = $("payer");
            $("instruments").hidden = !visible || (payer !== null && !payer.hidden);
            if (visible) { $("subview").hidden = true; $("swish-pending").hidden = true; }
          }
          function finish(text) {
            showMenu(false);
            $("subview").hidden = true;
            $("swish-pending").hidden = true;
            var cancel = $("cancel-payment");
            if (cancel) { cancel.hidden = true; }
            var done = $("done");
            done.textContent = text;
            done.hidden = false;
          }

          function request(method, path, body) {
            var options = { method: method, credentials: "same-origin", headers: { "Accept": "application/json" } };
            if (body !== undefined) {
              options.headers["Content-Type"] = "application/json";
              options.body = JSON.stringify(body);
            }
            return fetch(boot.api + path, options).then(function (response) {
              return response.json().then(function (json) { return { status: response.status, body: json }; },
                function () { return { status: response.status, body: {} }; });
            });
          }
          function networkFailed() {
            setBusy(false);
            notice("error", "The sandbox could not be reached. Try again.");
          }

          // MARK: outcomes

          function details(problem) {
            return "[" + problem.status + " " + problem.title + "] " + problem.detail;
          }
          function handle(outcome, opening) {
            setBusy(false);
            stopPolling();
            switch (outcome.outcome) {
            case "paid":
              notice("", "");
              finish("Payment completed. Thank you!");
              post("paid", { url: outcome.redirectUrl || boot.completeUrl });
              break;
            case "aborted":
              notice("", "");
              finish("The payment was cancelled.");
              post("aborted", { url: outcome.redirectUrl || boot.cancelUrl });
              break;
            case "closed":
              finish("This payment can no longer be paid.");
              post("error", { origin: boot.errorOrigin, messageId: messageId(), details: "The payment order is " + outcome.status + "." });
              break;
            case "failed":
              showMenu(true);
              notice("error", outcome.problem.title + ". " + outcome.problem.detail + " Try again or choose another method.");
              post("attemptFailed", { details: details(outcome.problem) });
              break;
            case "attemptAborted":
              showMenu(true);
              notice("info", "The payment was not completed. Choose a method to try again.");
              post("attemptAborted", { url: boot.cancelUrl });
              break;
            case "challenge":
              openChallenge(outcome.acsUrl, outcome.creq);
              break;
            case "invoice":
              openSubview(outcome.url, "Approve the invoice");
              break;
            case "swishPending":
              showMenu(false);
              $("swish-pending").hidden = false;
              startPolling();
              break;
            case "redirect":
              if (opening) {
                showMenu(true);
                notice("info", "A bank payment was started and not finished. Choose a method to try again.");
                break;
              }
              notice("info", "Continuing at your bank.");
              post("outOfViewRedirect", { url: outcome.redirectUrl });
              break;
            default:
              showMenu(true);
            }
          }
          function refreshState() {
            request("GET", "/state").then(function (reply) {
              if (reply.status === 200) { handle(reply.body); } else { problem(reply, null); }
            }, networkFailed);
          }
          function startPolling() {
            pollTimer = window.setTimeout(function () {
              request("GET", "/state").then(function (reply) {
                if (reply.status === 200 && reply.body.outcome === "swishPending") { startPolling(); }
                else if (reply.status === 200) { handle(reply.body); }
              }, function () { startPolling(); });
            }, 1000);
          }
          function stopPolling() {
            if (pollTimer !== null) { window.clearTimeout(pollTimer); pollTimer = null; }
          }

          // MARK: problems and checks

          var fieldIds = { "card.number": "card-number", "card.expiry": "card-expiry", "card.cvc": "card-cvc", "email": "payer-email" };
          function fieldError(id, text) {
            var input = $(id);
            if (!input) { return; }
            $(id + "-error").textContent = text || "";
            if (text) { input.setAttribute("aria-invalid", "true"); } else { input.removeAttribute("aria-invalid"); }
          }
          function clearErrors(ids) { for (var i = 0; i < ids.length; i++) { fieldError(ids[i], ""); } }
          function problem(reply, msisdnField) {
            setBusy(false);
            var body = reply.body || {};
            if (reply.status === 409) { refreshState(); return; }
            var problems = body.problems || [];
            var shown = false;
            for (var i = 0; i < problems.length; i++) {
              var id = problems[i].name === "msisdn" ? msisdnField : fieldIds[problems[i].name];
              if (id && $(id)) { fieldError(id, problems[i].description); shown = true; }
            }
            if (!shown) { notice("error", body.detail || body.title || "Something went wrong."); }
          }
          function luhn(digits) {
            var sum = 0;
            for (var i = 0; i < digits.length; i++) {
              var digit = Number(digits.charAt(digits.length - 1 - i));
              if (i % 2 === 1) { digit *= 2; if (digit > 9) { digit -= 9; } }
              sum += digit;
            }
            return sum % 10 === 0;
          }
          function expiryText(value) {
            var digits = value.replace(/\D/g, "");
            if (digits.length === 4) { return digits.slice(0, 2) + "/" + digits.slice(2); }
            if (digits.length === 6) { return digits.slice(0, 2) + "/" + digits.slice(2); }
            return value.replace(/\s/g, "");
          }
          function checkCard(number, expiry, cvc) {
            var errors = {};
            if (number === "") { errors["card-number"] = "Enter the card number."; }
            else if (!/^\d{12,19}$/.test(number)) { errors["card-number"] = "A card number has 12 to 19 digits."; }
            else if (!luhn(number)) { errors["card-number"] = "The card number is not valid; check the digits."; }
            var match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(expiry);
            var month = match ? Number(match[1]) : 0;
            if (!match || month < 1 || month > 12) { errors["card-expiry"] = "Enter the expiry date as MM/YY."; }
            else {
              var year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
              var now = new Date();
              if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) { errors["card-expiry"] = "The card has expired."; }
            }
            var length = /^3[47]/.test(number) ? 4 : 3;
            if (!new RegExp("^\\d{" + length + "}$").test(cvc)) { errors["card-cvc"] = "The security code has " + length + " digits."; }
            return errors;
          }
          function msisdnValue(id) { return $(id).value.replace(/[\s-]/g, ""); }
          function msisdnValid(value) { return /^\+[1-9]\d{7,14}$/.test(value); }
          function showErrors(errors, ids) {
            clearErrors(ids);
            var first = null;
            for (var i = 0; i < ids.length; i++) {
              if (errors[ids[i]]) { fieldError(ids[i], errors[ids[i]]); first = first || ids[i]; }
            }
            if (first) { $(first).focus(); }
            return first === null;
          }

          // MARK: paying

          function start(body, msisdnField) {
            notice("", "");
            setBusy(true);
            request("POST", "/attempts", body).then(function (reply) {
              if (reply.status !== 200) { problem(reply, msisdnField); return; }
              post("attemptStarted", { instrument: body.instrument });
              handle(reply.body);
            }, networkFailed);
          }
          function answer(path) {
            setBusy(true);
            request("POST", path, {}).then(function (reply) {
              if (reply.status === 200) { handle(reply.body); } else { problem(reply, null); }
            }, networkFailed);
          }
          function openSubview(url, title) {
            showMenu(false);
            $("subview-title").textContent = title;
            $("subview-frame").title = title;
            $("subview").hidden = false;
            $("subview-frame").src = url;
          }
          function openChallenge(acsUrl, creq) {
            openSubview("about:blank", "3-D Secure: confirm it is you");
            var form = document.createElement("form");
            form.method = "post";
            form.action = acsUrl;
            form.target = "subview";
            var input = document.createElement("input");
            input.type = "hidden";
            input.name = "creq";
            input.value = creq;
            form.appendChild(input);
            document.body.appendChild(form);
            form.submit();
            document.body.removeChild(form);
          }

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
              }
            });
          }
          function on(id, type, action) { var element = $(id); if (element) { element.addEventListener(type, action); } }
          on("card-form", "submit", function (event) {
            event.preventDefault();
            var number = $("card-number").value.replace(/[\s-]/g, "");
            var expiry = expiryText($("card-expiry").value);
            var cvc = $("card-cvc").value.trim();
            if (!showErrors(checkCard(number, expiry, cvc), ["card-number", "card-expiry", "card-cvc"])) { return; }
            var consent = $("consent") ? $("consent").checked : false;
            start({ instrument: "CreditCard", card: { number: number, expiry: expiry, cvc: cvc }, consent: consent }, null);
          });
          on("saved-form", "submit", function (event) {
            event.preventDefault();
            var chosen = document.querySelector("input[name=saved-card]:checked");
            if (chosen) { start({ instrument: "CreditCard", paymentToken: chosen.value }, null); }
          });
          on("swish-form", "submit", function (event) {
            event.preventDefault();
            var msisdn = msisdnValue("swish-msisdn");
            var errors = msisdnValid(msisdn) ? {} : { "swish-msisdn": "Enter the number with the country code, such as +46739000001." };
            if (showErrors(errors, ["swish-msisdn"])) { start({ instrument: "Swish", msisdn: msisdn }, "swish-msisdn"); }
          });
          on("pay-invoice", "click", function () { start({ instrument: boot.invoiceInstrument }, null); });
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
            if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) { errors["payer-email"] = "Enter an e-mail address such as name@example.com."; }
            if (msisdn !== "" && !msisdnValid(msisdn)) { errors["payer-msisdn"] = "Enter the number with the country code, such as +46739000001."; }
            if (!showErrors(errors, ["payer-email", "payer-msisdn"])) { return; }
            setBusy(true);
            request("POST", "/payer", { email: email, msisdn: msisdn }).then(function (reply) {
              if (reply.status !== 200) { problem(reply, "payer-msisdn"); return; }
              setBusy(false);
              $("payer").hidden = true;
              showMenu(true);
              post("payerIdentified", { email: email });
              reportSize("resized");
            }, networkFailed);
          });

          window.addEventListener("message", function (event) {
            var data = event.data;
            if (!data || typeof data !== "object" || data.channel !== boot.channel || data.token !== boot.token) { return; }
            if (event.source === $("subview-frame").contentWindow && event.origin === window.location.origin) {
              if (data.type === "subviewFinished") { $("subview-frame").src = "about:blank"; refreshState(); }
            } else if (parentWindow && event.source === parentWindow && event.origin === boot.parentOrigin) {
              if (data.type === "cancel") { answer("/abort"); }
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
        })();
        """#
}
