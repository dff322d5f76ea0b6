#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The checks the menu and checkin pages run before calling the sandbox, as `menuChecks`: the
/// same rules as ``CardEntry`` and ``PayerContact`` on the server (Luhn, 12–19 digits, MM/YY not
/// in the past, 3-digit CVC or 4 for American Express, `+` and 8–15 digits, an e-mail with `@`
/// and a dot), so the payer learns about a typo at once and the server's 400 stays the backstop.
/// The messages are the page's (``PayerWords``): the page defines `pageWords` before this.
enum PaymentMenuChecks {
    static let source = #"""
        var menuChecks = (function () {
          "use strict";
          function luhn(digits) {
            var sum = 0;
            for (var i = 0; i < digits.length; i++) {
              var digit = Number(digits.charAt(digits.length - 1 - i));
              if (i % 2 === 1) { digit *= 2; if (digit > 9) { digit -= 9; } }
              sum += digit;
            }
            return sum % 10 === 0;
          }
          // "1230", "12 / 30" and "122030" become "12/30" and "12/2030".
          function expiry(value) {
            var digits = value.replace(/\D/g, "");
            if (digits.length === 4 || digits.length === 6) { return digits.slice(0, 2) + "/" + digits.slice(2); }
            return value.replace(/\s/g, "");
          }
          // Errors by input id; none when the card may be sent.
          function card(number, expiryText, cvc, now) {
            var errors = {};
            if (number === "") { errors["card-number"] = pageWords.enterCardNumber; }
            else if (!/^\d{12,19}$/.test(number)) { errors["card-number"] = pageWords.cardDigits; }
            else if (!luhn(number)) { errors["card-number"] = pageWords.cardInvalid; }
            var match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(expiryText);
            var month = match ? Number(match[1]) : 0;
            if (!match || month < 1 || month > 12) { errors["card-expiry"] = pageWords.enterExpiry; }
            else {
              var year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
              if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) { errors["card-expiry"] = pageWords.expired; }
            }
            var length = /^3[47]/.test(number) ? 4 : 3;
            if (!new RegExp("^\\d{" + length + "}$").test(cvc)) { errors["card-cvc"] = pageWords.cvcDigits.replace("{n}", String(length)); }
            return errors;
          }
          function msisdn(value) { return /^\+[1-9]\d{7,14}$/.test(value); }
          // Swish also takes the Swedish forms (0739000001, 0046739000001); the server writes
          // them as +46739000001 (HostedViewPayment.swishNumber).
          function swishMsisdn(value) { return msisdn(value) || /^00[1-9]\d{7,14}$/.test(value) || /^0[1-9]\d{6,12}$/.test(value); }
          function email(value) { return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value); }
          return { luhn: luhn, expiry: expiry, card: card, msisdn: msisdn, swishMsisdn: swishMsisdn, email: email };
        })();
        """#
}
#endif
