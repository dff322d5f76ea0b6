#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// The script at the `view-checkout`, `view-paymentorder` and `view-consumer-identification`
/// hrefs. It defines `payex.hostedView.checkout|paymentMenu|consumer(config)`, whose `open()`
/// puts the sandbox's view in an iframe and turns the iframe's messages into the documented
/// events, with the real service's defaults when a handler is missing (navigate the top window
/// to completeUrl / cancelUrl / the redirect URL, open terms of service in a new window).
///
/// Messages are only taken from the view's own iframe and origin; the iframe checks the page's
/// origin the same way. The script never throws: the SDK's v3 page treats any uncaught error as
/// a failed payment.
enum HostedViewClientScript {
    /// The boot values of one script: known or not, where the frame is, the sandbox's origin.
    struct Boot: Sendable {
        var kind: HostedViewKind
        var token: String
        /// The frame page without a query, or nil for an unknown token.
        var frameUrl: String?
        /// The sandbox origin as the browser spells it (`http://127.0.0.1:8081`).
        var origin: String
        var culture: String
        var paymentOrderId: String?
        /// Why the view cannot open (unknown or expired token).
        var error: String?
        /// The origins of the order's `hostUrls`: a page at any other origin gets `onError` and
        /// no frame. Empty (a consumer view, an unknown token) checks nothing.
        var hostOrigins: [String] = []

        var json: SwedbankPaySDK.JSONValue {
            .object([
                "kind": .string(kind.rawValue), "token": .string(token),
                "frameUrl": frameUrl.map { .string($0) } ?? .null, "origin": .string(origin),
                "culture": .string(culture), "paymentOrderId": paymentOrderId.map { .string($0) } ?? .null,
                "error": error.map { .string($0) } ?? .null, "errorOrigin": .string(kind.errorOrigin),
                "title": .string(kind.frameTitle),
                "cultures": .array(SwedbankPaySDK.Culture.allCases.map { .string($0.rawValue) }),
                "hostOrigins": .array(hostOrigins.map { .string($0) }),
            ])
        }
    }

    /// The message channel name shared with the frame pages.
    static let channel = "payex-sandbox-hostedview"

    static func render(_ boot: Boot) -> String {
        "/* Swedbank Pay sandbox hosted view (\(boot.kind.rawValue)). */\n(function () {\n\"use strict\";\nvar boot = "
            + HTMLText.scriptJSON(boot.json) + ";\nvar CHANNEL = " + HTMLText.scriptJSON(.string(channel)) + ";\n"
            + runtime + "\n})();\n"
    }

    /// The events of each kind: frame message type → handler, event name, payload key of the
    /// name, fields (payload name → frame field) and the default when no handler is given.
    private static let runtime = #"""
        var tables = {
          checkout: {
            loaded: { handler: "onCheckoutLoaded", event: "OnCheckoutLoaded", fields: { bodyHeight: "bodyHeight" } },
            resized: { handler: "onCheckoutResized", event: "OnCheckoutResized", fields: { bodyHeight: "bodyHeight" } },
            instrumentSelected: { handler: "onInstrumentSelected", event: "OnInstrumentSelected", fields: { instrument: "instrument" } },
            attemptStarted: { handler: "onPaymentAttemptStarted", event: "OnPaymentAttemptStarted", fields: { instrument: "instrument" } },
            attemptFailed: { handler: "onPaymentAttemptFailed", event: "OnPaymentAttemptFailed", fields: { details: "details" } },
            attemptAborted: { handler: "onPaymentAttemptAborted", event: "OnPaymentAttemptAborted", fields: { redirectUrl: "url" } },
            paid: { handler: "onPaid", event: "OnPaid", fields: { redirectUrl: "url" }, otherwise: "navigate" },
            aborted: { handler: "onAborted", event: "OnAborted", fields: { redirectUrl: "url" }, otherwise: "navigate" },
            outOfViewRedirect: { handler: "onOutOfViewRedirect", event: "OnOutOfViewRedirect", fields: { redirectUrl: "url" }, otherwise: "navigate" },
            termsOfService: { handler: "onTermsOfServiceRequested", event: "OnTermsOfServiceRequested", fields: { termsOfServiceUrl: "url" }, otherwise: "open" },
            outOfViewOpen: { handler: "onOutOfViewOpen", event: "OnOutOfViewOpen", fields: { openUrl: "url" }, otherwise: "open" },
            payerIdentified: { handler: "onPayerIdentified", event: "OnPayerIdentified", fields: { email: "email" } },
            payerUnidentified: { handler: "onPayerUnidentified", event: "OnPayerUnidentified", fields: {} },
            paymentButtonPressed: { handler: "onPaymentButtonPressed", event: "OnPaymentButtonPressed", fields: { instrument: "instrument" } },
            error: { handler: "onError", event: "OnError", fields: { origin: "origin", messageId: "messageId", details: "details" } }
          },
          paymentMenu: {
            loaded: { handler: "onApplicationConfigured", event: "OnApplicationConfigured", key: "actionType", fields: { bodyHeight: "bodyHeight", source: "source" } },
            resized: { handler: "onApplicationConfigured", event: "OnApplicationConfigured", key: "actionType", fields: { bodyHeight: "bodyHeight", source: "source" } },
            instrumentSelected: { handler: "onPaymentMenuInstrumentSelected", event: "OnPaymentMenuInstrumentSelected", key: "actionType", fields: { instrument: "instrument" } },
            attemptStarted: { handler: "onPaymentCreated", event: "OnPaymentCreated", key: "actionType", fields: { instrument: "instrument" } },
            attemptFailed: { handler: "onPaymentTransactionFailed", event: "OnPaymentTransactionFailed", key: "actionType", fields: { details: "details" } },
            attemptAborted: { handler: "onPaymentAborted", event: "OnPaymentAborted", key: "actionType", fields: { redirectUrl: "url" } },
            pending: { handler: "onPaymentPending", event: "OnPaymentPending", key: "actionType", fields: {} },
            paymentFailed: { handler: "onPaymentFailed", event: "OnPaymentFailed", key: "actionType", fields: { details: "details" } },
            outOfViewOpen: { handler: "onOutOfViewOpen", event: "OnOutOfViewOpen", key: "actionType", fields: { openUrl: "url" }, otherwise: "open" },
            paymentButtonPressed: { handler: "onPaymentButtonPressed", event: "OnPaymentButtonPressed", key: "actionType", fields: { instrument: "instrument" } },
            paid: { handler: "onPaymentCompleted", event: "OnPaymentCompleted", key: "actionType", fields: { redirectUrl: "url" }, otherwise: "navigate" },
            aborted: { handler: "onPaymentCanceled", event: "OnPaymentCanceled", key: "actionType", fields: { redirectUrl: "url" }, otherwise: "navigate" },
            outOfViewRedirect: { handler: "onExternalRedirect", event: "OnExternalRedirect", key: "actionType", fields: { redirectUrl: "url" }, otherwise: "navigate" },
            termsOfService: { handler: "onPaymentToS", event: "OnPaymentToS", key: "actionType", fields: { openUrl: "url", origin: "tosOrigin" }, otherwise: "open" },
            error: { handler: "onError", event: "OnError", key: "bodyType", fields: { origin: "origin", messageId: "messageId", details: "details" } }
          },
          consumer: {
            loaded: { handler: "onApplicationConfigured", event: "OnApplicationConfigured", key: "actionType", fields: { bodyHeight: "bodyHeight", source: "source" } },
            resized: { handler: "onApplicationConfigured", event: "OnApplicationConfigured", key: "actionType", fields: { bodyHeight: "bodyHeight", source: "source" } },
            consumerIdentified: { handler: "onConsumerIdentified", event: "OnConsumerIdentified", key: "actionType", fields: { consumerProfileRef: "consumerProfileRef" } },
            shippingDetails: { handler: "onShippingDetailsAvailable", event: "OnShippingDetailsAvailable", key: "actionType", fields: { url: "url" } },
            billingDetails: { handler: "onBillingDetailsAvailable", event: "OnBillingDetailsAvailable", key: "actionType", fields: { url: "url" } },
            error: { handler: "onError", event: "OnError", key: "bodyType", fields: { origin: "origin", messageId: "messageId", details: "details" } }
          }
        };
        var table = tables[boot.kind];

        function later(action) { window.setTimeout(action, 0); }
        function messageId() { return "sandbox-" + Date.now().toString(16) + "-" + Math.floor(Math.random() * 1e9).toString(16); }
        function pickCulture(culture) {
          if (culture === undefined || culture === null || culture === "") { return boot.culture; }
          return boot.cultures.indexOf(culture) >= 0 ? culture : "en-US";
        }
        function containerId(container) {
          if (typeof container === "string") { return container; }
          if (container && typeof container === "object") {
            return container.checkout || container.paymentMenu || container.checkin || container.consumer || null;
          }
          return null;
        }

        function View(config) {
          this.config = (config && typeof config === "object") ? config : {};
          this.culture = pickCulture(this.config.culture);
          this.iframe = null;
          this.listener = null;
          this.resumeTimer = null;
        }

        // The portal: "If you do not run the function with valid input before 2 minutes has
        // passed, resume will be called automatically with the confirmation value of false."
        var RESUME_TIMEOUT_MS = 120000;

        View.prototype.frameSrc = function () {
          var confirm = typeof this.config.onPaymentButtonPressed === "function" ? "&confirm=1" : "";
          return boot.frameUrl + "?culture=" + encodeURIComponent(this.culture) +
            "&origin=" + encodeURIComponent(window.location.origin) + "&kind=" + encodeURIComponent(boot.kind) + confirm;
        };

        View.prototype.open = function (container) {
          var self = this;
          if (this.iframe) { return this; }
          if (!boot.frameUrl) {
            later(function () { self.fail(boot.error); });
            return this;
          }
          // The portal: hostUrls are "the URLs valid for embedding" the view. It documents no
          // message for another page, so the view refuses to open there and says why in onError.
          var here = window.location.origin;
          if (boot.hostOrigins.length > 0 && boot.hostOrigins.indexOf(here) < 0) {
            later(function () {
              self.fail("This page (" + here + ") is not at one of the payment order's hostUrls (" +
                boot.hostOrigins.join(", ") + "), so the view does not open here.");
            });
            return this;
          }
          var id = typeof container === "string" ? container : containerId(this.config.container);
          var element = id ? document.getElementById(id) : null;
          if (!element) {
            later(function () { self.fail("The container element \"" + id + "\" is not in the page."); });
            return this;
          }
          var iframe = document.createElement("iframe");
          iframe.title = boot.title;
          iframe.setAttribute("allow", "payment");
          iframe.style.cssText = "display:block;width:100%;min-width:280px;border:0;height:480px;";
          this.listener = function (event) { self.receive(event); };
          window.addEventListener("message", this.listener);
          iframe.src = this.frameSrc();
          element.appendChild(iframe);
          this.iframe = iframe;
          return this;
        };

        View.prototype.refresh = function () {
          if (this.iframe) { this.iframe.src = this.frameSrc(); }
          return this;
        };

        View.prototype.update = function (options) {
          if (options && typeof options === "object") {
            if (options.culture !== undefined) { this.culture = pickCulture(options.culture); }
            if (options.style !== undefined) { this.config.style = options.style; }
          }
          return this.refresh();
        };

        View.prototype.close = function () {
          if (this.listener) { window.removeEventListener("message", this.listener); }
          if (this.iframe && this.iframe.parentNode) { this.iframe.parentNode.removeChild(this.iframe); }
          this.iframe = null;
          this.listener = null;
          return this;
        };

        View.prototype.cancel = function () {
          if (this.iframe && this.iframe.contentWindow) {
            this.iframe.contentWindow.postMessage({ channel: CHANNEL, token: boot.token, type: "cancel" }, boot.origin);
          }
          return this;
        };

        // Answers a Pay the menu holds for onPaymentButtonPressed: {paymentOrderId, confirmation}.
        // A paymentOrderId of another order is ignored.
        View.prototype.resume = function (options) {
          var input = (options && typeof options === "object") ? options : {};
          var id = input.paymentOrderId;
          if (id !== undefined && id !== null && boot.paymentOrderId && String(id).slice(-boot.paymentOrderId.length) !== boot.paymentOrderId) {
            return this;
          }
          if (this.resumeTimer !== null) { window.clearTimeout(this.resumeTimer); this.resumeTimer = null; }
          if (this.iframe && this.iframe.contentWindow) {
            this.iframe.contentWindow.postMessage(
              { channel: CHANNEL, token: boot.token, type: "resume", confirmation: input.confirmation === true }, boot.origin);
          }
          return this;
        };

        View.prototype.fail = function (details) {
          this.dispatch("error", { origin: boot.errorOrigin, messageId: messageId(), details: details });
        };

        View.prototype.receive = function (event) {
          if (!this.iframe || event.source !== this.iframe.contentWindow || event.origin !== boot.origin) { return; }
          var message = event.data;
          if (!message || typeof message !== "object" || message.channel !== CHANNEL || message.token !== boot.token) { return; }
          this.dispatch(String(message.type), (message.payload && typeof message.payload === "object") ? message.payload : {});
        };

        View.prototype.payload = function (spec, data) {
          var payload = {};
          payload[spec.key || "event"] = spec.event;
          if (boot.paymentOrderId) {
            if (boot.kind === "checkout") { payload.paymentOrder = { id: boot.paymentOrderId }; }
            else { payload.id = boot.paymentOrderId; payload.paymentOrderId = boot.paymentOrderId; }
          }
          for (var name in spec.fields) {
            if (Object.prototype.hasOwnProperty.call(spec.fields, name) && data[spec.fields[name]] !== undefined) {
              payload[name] = data[spec.fields[name]];
            }
          }
          return payload;
        };

        View.prototype.dispatch = function (type, data) {
          if (!Object.prototype.hasOwnProperty.call(table, type)) { return; }
          var spec = table[type];
          if ((type === "loaded" || type === "resized") && this.iframe && typeof data.bodyHeight === "number") {
            this.iframe.style.height = Math.max(120, Math.ceil(data.bodyHeight)) + "px";
          }
          var payload = this.payload(spec, data);
          if (type === "paymentButtonPressed") {
            var self = this;
            if (this.resumeTimer !== null) { window.clearTimeout(this.resumeTimer); }
            this.resumeTimer = window.setTimeout(function () {
              self.resumeTimer = null;
              self.resume({ confirmation: false });
            }, RESUME_TIMEOUT_MS);
          }
          var handler = this.config[spec.handler];
          if (typeof handler === "function") {
            handler.call(this.config, payload);
            return;
          }
          if (typeof this.config.onEventNotification === "function") {
            var notification = { sourceEvent: spec.event };
            for (var key in payload) {
              if (Object.prototype.hasOwnProperty.call(payload, key)) { notification[key] = payload[key]; }
            }
            this.config.onEventNotification.call(this.config, notification);
          }
          if (typeof data.url !== "string" || data.url === "") { return; }
          if (spec.otherwise === "navigate") {
            window.top.location.href = data.url;
          } else if (spec.otherwise === "open") {
            window.open(data.url, "_blank", "noopener");
          }
        };

        var payex = window.payex = window.payex || {};
        var hostedView = payex.hostedView = payex.hostedView || {};
        hostedView[boot.kind] = function (config) { return new View(config); };
        """#
}
#endif
