#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// `GET /sandbox/`: the page a developer opens first when a test payment goes wrong. It lists
/// payment orders, attempts, payment sessions, SDK events and requests, newest first, from the
/// control API's JSON, and refreshes every 2 seconds. A list the sandbox does not serve shows as
/// unavailable; a request's warnings (``RealServiceLeniency``) are highlighted, and a line says
/// whether the sandbox is strict. Data only ever reaches the page as text (`textContent`), never as markup.
///
/// It only reads (GET), so it needs nothing of ``ControlAccess`` but the control token when the
/// sandbox has one: open it as `/sandbox/#token=<control token>` — the fragment never leaves the
/// browser — and it sends `Authorization: Bearer <token>` with each read.
enum DashboardPage {
    static let html =
        SandboxPageStyle.head(title: "Payment Sandbox dashboard", css: css) + """
            <body>
            <main class="dashboard" aria-labelledby="dashboard-title">
            <p><span class="badge">Sandbox</span> <span class="muted" id="updated">Loading…</span></p>
            <h1 id="dashboard-title">Payment Sandbox</h1>
            <p class="muted">Orders, attempts, payment sessions, SDK events and requests, newest first. Refreshes every 2 seconds.</p>
            <p class="muted" id="mode"></p>
            <div id="sections"></div>
            </main>
            <script>
            \(script)
            </script>
            </body>
            </html>
            """

    private static let css = """
        main.dashboard { max-width: 1100px; }
        td { overflow-wrap: anywhere; }
        td.warning { background: #fff4d6; color: #6b4700; }
        @media (prefers-color-scheme: dark) { td.warning { background: #3b2f10; color: #f3d27a; } }
        th { overflow-wrap: normal; white-space: nowrap; }
        /* On a phone each row becomes a small card of "label: value" lines. */
        @media (max-width: 640px) {
          thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          table, tbody, tr, td { display: block; width: 100%; }
          tr { border-bottom: 2px solid var(--line); padding: 6px 0; }
          td { border: 0; padding: 2px 8px; display: flex; gap: 8px; }
          td::before { content: attr(data-label); flex: 0 0 6.5em; font-weight: 600; color: var(--muted); }
        }
        """

    private static let script = #"""
        (function () {
          "use strict";
          var sections = [
            { id: "orders", title: "Payment orders", url: "/sandbox/paymentorders", list: "paymentOrders",
              columns: [["Order", "id"], ["Status", "status"], ["Amount", "amount"], ["Currency", "currency"],
                        ["Version", "version"], ["Reference", "payeeReference"], ["Created", "created"]],
              action: { label: "Resend callback",
                        path: function (row) { return "/sandbox/paymentorders/" + row.id.split("/").pop() + "/callback"; } } },
            { id: "attempts", title: "Payment attempts", url: "/sandbox/attempts", list: "attempts",
              columns: [["Order", "paymentOrder"], ["Number", "number"], ["Instrument", "instrument"],
                        ["Result", "result"], ["Problem", "problem.title"], ["Started", "started"]] },
            { id: "sessions", title: "Payment sessions", url: "/sandbox/sessions", list: "paymentSessions",
              columns: [["Order", "paymentOrder"], ["Phase", "phase"], ["Problem", "problem.type"], ["Token", "token"]] },
            { id: "events", title: "SDK events", url: "/sandbox/events", list: "events",
              columns: [["Received", "received"], ["Session", "paymentSession"], ["Event", "event"]] },
            { id: "requests", title: "Requests", url: "/sandbox/requests", list: "requests",
              columns: [["Started", "startedAt"], ["Method", "method"], ["Path", "path"], ["Status", "status"],
                        ["ms", "durationMs"], ["Fault", "fault.kind"], ["Warnings", "warnings"]] }
          ];
          var limit = 50;
          var token = (/(?:^#|&)token=([^&]*)/.exec(window.location.hash) || [])[1];
          var headers = { "Accept": "application/json" };
          if (token) { headers.Authorization = "Bearer " + decodeURIComponent(token); }
          var container = document.getElementById("sections");

          function value(row, path) {
            var parts = path.split(".");
            var current = row;
            for (var i = 0; i < parts.length; i++) {
              if (current === null || current === undefined) { return ""; }
              current = current[parts[i]];
            }
            if (current === null || current === undefined) { return ""; }
            if (Array.isArray(current) && current.every(function (item) { return typeof item === "string"; })) {
              return current.join(" · ");
            }
            return typeof current === "object" ? JSON.stringify(current) : String(current);
          }
          function element(name, text) {
            var node = document.createElement(name);
            if (text !== undefined) { node.textContent = text; }
            return node;
          }

          sections.forEach(function (section) {
            var wrapper = element("section");
            wrapper.className = "card";
            wrapper.setAttribute("aria-labelledby", section.id + "-title");
            var body = element("div");
            body.className = "body";
            var heading = element("h2", section.title);
            heading.id = section.id + "-title";
            var status = element("p", "");
            status.className = "muted";
            status.id = section.id + "-status";
            var scroller = element("div");
            scroller.style.overflowX = "auto";
            var table = element("table");
            table.id = section.id + "-table";
            var head = element("thead");
            var headRow = element("tr");
            section.columns.forEach(function (column) {
              var cell = element("th", column[0]);
              cell.scope = "col";
              headRow.appendChild(cell);
            });
            if (section.action) {
              var actionHead = element("th", "Action");
              actionHead.scope = "col";
              headRow.appendChild(actionHead);
            }
            head.appendChild(headRow);
            table.appendChild(head);
            table.appendChild(element("tbody"));
            scroller.appendChild(table);
            body.appendChild(heading);
            body.appendChild(status);
            if (section.action) {
              section.notice = element("p", "");
              section.notice.id = section.id + "-notice";
              section.notice.setAttribute("role", "status");
              body.appendChild(section.notice);
            }
            body.appendChild(scroller);
            wrapper.appendChild(body);
            container.appendChild(wrapper);
            section.status = status;
            section.body = table.tBodies[0];
          });

          function render(section, rows) {
            var newest = rows.slice(-limit).reverse();
            var tbody = element("tbody");
            newest.forEach(function (row) {
              var tr = element("tr");
              section.columns.forEach(function (column) {
                var text = value(row, column[1]);
                var cell = element("td", text);
                cell.setAttribute("data-label", column[0]);
                if (column[1] === "warnings" && text !== "") { cell.className = "warning"; }
                tr.appendChild(cell);
              });
              if (section.action) {
                var actionCell = element("td");
                actionCell.setAttribute("data-label", "Action");
                var button = element("button", section.action.label);
                button.type = "button";
                button.className = "action";
                button.addEventListener("click", function () { act(section, section.action.path(row)); });
                actionCell.appendChild(button);
                tr.appendChild(actionCell);
              }
              tbody.appendChild(tr);
            });
            section.body.parentNode.replaceChild(tbody, section.body);
            section.body = tbody;
            section.status.textContent = rows.length === 0 ? "None yet." :
              (rows.length > limit ? "The newest " + limit + " of " + rows.length + "." : rows.length + " in all.");
          }
          // A control call (POST, with the header every control program sends); says how it went.
          function act(section, path) {
            var callHeaders = { "X-Sandbox-Control": "1" };
            if (headers.Authorization) { callHeaders.Authorization = headers.Authorization; }
            fetch(path, { method: "POST", headers: callHeaders, cache: "no-store" })
              .then(function (response) {
                return response.json().then(function (json) {
                  section.notice.textContent = response.ok ?
                    "Callback sent again to " + json.callbackUrl + "." :
                    "Not sent: " + (json.detail || ("HTTP " + response.status));
                });
              }, function (error) { section.notice.textContent = "Not sent: " + error.message; });
          }
          function load(section) {
            return fetch(section.url, { headers: headers, cache: "no-store" })
              .then(function (response) {
                if (!response.ok) { throw new Error("HTTP " + response.status); }
                return response.json();
              })
              .then(function (json) {
                var rows = json && Array.isArray(json[section.list]) ? json[section.list] : [];
                render(section, rows);
              }, function (error) {
                section.status.textContent = "Not available (" + error.message + ").";
              });
          }
          function loadSettings() {
            return fetch("/sandbox/settings", { headers: headers, cache: "no-store" })
              .then(function (response) { return response.ok ? response.json() : null; })
              .then(function (json) {
                var mode = document.getElementById("mode");
                if (!json || typeof json.strict !== "boolean") { mode.textContent = ""; return; }
                mode.textContent = json.strict ?
                  "Strict: shapes the real service takes beyond its documentation are refused." :
                  "Lenient: shapes the real service takes beyond its documentation are taken, with a warning on the request.";
              }, function () {});
          }
          function refresh() {
            Promise.all(sections.map(load).concat([loadSettings()])).then(function () {
              document.getElementById("updated").textContent = "Updated " + new Date().toLocaleTimeString();
              window.setTimeout(refresh, 2000);
            });
          }
          refresh();
        })();
        """#
}
#endif
