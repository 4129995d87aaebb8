// The demo host page's own behaviour: a cookie-consent banner, two buttons that call the host API,
// and links that change the address without a reload (as a single-page app does).
(function () {
  var consent = document.getElementById("consent");
  function consented() {
    return /(?:^|;\s*)agreedToCookiePolicy=true(?:;|$)/.test(document.cookie);
  }
  if (!consented()) consent.hidden = false;
  document.getElementById("consent-accept").addEventListener("click", function () {
    document.cookie = "agreedToCookiePolicy=true; Max-Age=31536000; Path=/; SameSite=Lax";
    consent.hidden = true;
    document.getElementById("widget-status").textContent = "Widget loading…";
  });
  document.getElementById("consent-decline").addEventListener("click", function () {
    document.cookie = "agreedToCookiePolicy=false; Max-Age=31536000; Path=/; SameSite=Lax";
    consent.hidden = true;
    document.getElementById("widget-status").textContent = "Widget off: no consent";
  });

  var result = document.getElementById("result");
  document.getElementById("identify").addEventListener("click", function () {
    Gleap.identify("ada-1", { name: "Ada Lovelace", email: "ada@example.com" }).then(function (session) {
      result.textContent = session ? "Signed in as " + session.name : "Sign-in was not sent";
    }, function (error) {
      // Refused (a project with identity verification on wants a user hash): the reason, as the console has it.
      result.textContent = "Sign-in refused: " + error.message;
    });
  });
  document.getElementById("crash").addEventListener("click", function () {
    console.error("Checkout failed: cart total is NaN");
    fetch("/healthz").then(function (response) { return response.json(); }).then(function () {
      return Gleap.sendSilentCrashReport("Checkout crashed", "HIGH");
    }).then(function (answer) {
      result.textContent = answer ? "Crash report " + answer.shortId + " sent" : "Crash report skipped";
      result.dataset.reportId = answer ? answer.id : "";
    });
  });

  // The quick-note form the demo tours walk through: a saved note joins the list under it.
  var notes = document.getElementById("notes");
  document.getElementById("quick-note").addEventListener("submit", function (event) {
    event.preventDefault();
    var field = document.getElementById("note-text");
    if (!field.value.trim()) return;
    var item = document.createElement("li");
    item.textContent = field.value.trim();
    notes.appendChild(item);
    field.value = "";
  });
  // The demo tours are live for addresses with ?tour=…, so the button puts that in the address first.
  document.querySelectorAll("[data-tour]").forEach(function (button) {
    button.addEventListener("click", function () {
      history.pushState({}, "", "/demo?tour=" + button.dataset.tourPage);
      if (typeof Gleap.startProductTour === "function") Gleap.startProductTour(button.dataset.tour);
    });
  });

  var titles = { home: "Notes that keep up with you", features: "Everything you need", pricing: "Simple pricing" };
  document.querySelectorAll("[data-route]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      history.pushState({}, "", link.getAttribute("href"));
      document.getElementById("page-title").textContent = titles[link.dataset.route];
    });
  });
})();
