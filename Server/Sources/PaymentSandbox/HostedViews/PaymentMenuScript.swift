#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The behaviour of the payment menu page (``PaymentMenuPage``): client-side checks that mirror
/// the server's, the JSON calls that pay, the 3-D Secure and invoice pages in a frame inside the
/// menu, and the messages to the hosted view script in the merchant's page (only to the origin
/// the script announced; commands only from the parent window and that origin) — or, as the
/// Redirect page, the navigations those messages would have caused.
enum PaymentMenuScript {
    static var source: String { core + PaymentMenuControls.source + "\n})();\n" }

    /// The first part of the page's function: state, messages to the parent, outcomes, checks,
    /// requests. ``PaymentMenuControls`` continues it.
    private static let core = #"""
        (function () {
          "use strict";
          var boot = menuBoot;
          var parentWindow = window.parent !== window ? window.parent : null;
          var targetOrigin = boot.parentOrigin === "null" ? "*" : boot.parentOrigin;
          var main = document.querySelector("main");
          var lastHeight = -1;
          var pollTimer = null;
          // Bumped when polling stops: a poll answer that arrives after another answer was handled
          // (the approve's own, on a slow machine) is dropped, so an attempt is told once.
          var pollGeneration = 0;
          function $(id) { return document.getElementById(id); }

          function post(type, payload) {
            if (boot.integration === "Redirect") { leave(type, payload || {}); return; }
            if (!parentWindow || !boot.parentOrigin) { return; }
            parentWindow.postMessage({ channel: boot.channel, token: boot.token, type: type, payload: payload || {} }, targetOrigin);
          }
          // The Redirect page is the top-level window: what the Seamless View's script does for
          // the merchant's page when the payment is paid, cancelled or leaves for the bank, it
          // does itself. Everything else stays on the page.
          function leave(type, payload) {
            if ((type === "paid" || type === "aborted" || type === "outOfViewRedirect") && payload.url) {
              window.location.assign(payload.url);
            }
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
          // The order offers no abort while the payer is in the Swish, Vipps or MobilePay app,
          // so Cancel is hidden then and offered again when the attempt ends.
          function offerCancel(offered) {
            var cancel = $("cancel-payment");
            if (cancel) { cancel.hidden = !offered; }
          }
          function showMenu(visible) {
            var payer = $("payer");
            $("instruments").hidden = !visible || (payer !== null && !payer.hidden);
            if (visible) { $("subview").hidden = true; $("swish-pending").hidden = true; offerCancel(true); }
          }
          // A paid payment ends in the green box ("ok"); a cancelled or closed one is told
          // plainly ("info"), never as a success.
          function finish(text, kind) {
            showMenu(false);
            $("subview").hidden = true;
            $("swish-pending").hidden = true;
            offerCancel(false);
            var done = $("done");
            done.className = "notice " + kind;
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
            notice("error", pageWords.unreachable);
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
              finish(pageWords.paidThanks, "ok");
              post("paid", { url: outcome.redirectUrl || boot.completeUrl });
              break;
            case "aborted":
              notice("", "");
              finish(pageWords.cancelled, "info");
              post("aborted", { url: outcome.redirectUrl || boot.cancelUrl });
              break;
            case "closed":
              finish(pageWords.closed, "info");
              // v2 tells a failed payment (no attempt can follow) as onPaymentFailed; the rest is an error.
              if (outcome.status === "Failed" && boot.kind === "paymentMenu") {
                post("paymentFailed", { details: "The payment order is Failed." });
              } else {
                post("error", { origin: boot.errorOrigin, messageId: messageId(), details: "The payment order is " + outcome.status + "." });
              }
              break;
            case "failed":
              showMenu(true);
              notice("error", outcome.problem.title + ". " + outcome.problem.detail + " " + pageWords.tryAgain);
              post("attemptFailed", { details: details(outcome.problem) });
              break;
            case "attemptAborted":
              showMenu(true);
              notice("info", pageWords.notCompleted);
              post("attemptAborted", { url: boot.cancelUrl });
              break;
            case "challenge":
              openChallenge(outcome.acsUrl, outcome.creq);
              break;
            case "invoice":
              openSubview(outcome.url, pageWords.invoice);
              break;
            case "walletApp":
              openSubview(outcome.url, pageWords.approveIn.replace("{name}", outcome.instrument));
              offerCancel(false);
              post("pending", {});
              break;
            case "swishPending":
              showMenu(false);
              $("swish-pending").hidden = false;
              offerCancel(false);
              post("pending", {});
              startPolling();
              break;
            case "redirect":
              if (opening) {
                showMenu(true);
                notice("info", pageWords.bankUnfinished);
                break;
              }
              notice("info", pageWords.atBank);
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
            var generation = pollGeneration;
            pollTimer = window.setTimeout(function () {
              request("GET", "/state").then(function (reply) {
                if (generation !== pollGeneration) { return; }
                if (reply.status === 200 && reply.body.outcome === "swishPending") { startPolling(); }
                else if (reply.status === 200) { handle(reply.body); }
              }, function () { if (generation === pollGeneration) { startPolling(); } });
            }, 1000);
          }
          function stopPolling() {
            pollGeneration += 1;
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
            if (!shown) { notice("error", body.detail || body.title || pageWords.somethingWrong); }
          }
          function msisdnValue(id) { return $(id).value.replace(/[\s-]/g, ""); }
          var msisdnValid = menuChecks.msisdn;
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

          // With onPaymentButtonPressed subscribed (confirmPayments), a Pay waits for the merchant's
          // resume({confirmation}): true starts the attempt, false (or the script's two-minute
          // timeout) leaves the menu as it was.
          var awaitingResume = null;
          function start(body, msisdnField) {
            if (boot.confirmPayments) {
              notice("info", "Waiting for the shop to confirm the payment.");
              setBusy(true);
              awaitingResume = { body: body, msisdnField: msisdnField };
              post("paymentButtonPressed", { instrument: body.instrument });
              return;
            }
            startAttempt(body, msisdnField);
          }
          function resumed(confirmation) {
            var waiting = awaitingResume;
            awaitingResume = null;
            if (!waiting) { return; }
            if (confirmation === true) { startAttempt(waiting.body, waiting.msisdnField); return; }
            setBusy(false);
            notice("info", "The shop did not confirm the payment. Nothing was paid.");
          }
          // The order's history notes each instrument the payer opens (PaymentInstrumentSelected);
          // an attempt is sent after the last such note, so the history keeps the payer's order.
          var selecting = Promise.resolve();
          function selectInstrument(instrument) {
            selecting = selecting.then(function () {
              return request("POST", "/instrument", { instrument: instrument });
            }).catch(function () {});
          }
          function startAttempt(body, msisdnField) {
            notice("", "");
            setBusy(true);
            selecting.then(function () { return request("POST", "/attempts", body); }).then(function (reply) {
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
            openSubview("about:blank", pageWords.confirmItIsYou);
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

        """#
}
#endif
