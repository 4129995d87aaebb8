// The plans page's own behaviour: the same cookie-consent banner as the home page.
(function () {
  var consent = document.getElementById("consent");
  var status = document.getElementById("widget-status");
  if (!/(?:^|;\s*)agreedToCookiePolicy=(?:true|false)(?:;|$)/.test(document.cookie)) consent.hidden = false;
  function answer(value, text) {
    document.cookie = "agreedToCookiePolicy=" + value + "; Max-Age=31536000; Path=/; SameSite=Lax";
    consent.hidden = true;
    status.textContent = text;
  }
  document.getElementById("consent-accept").addEventListener("click", function () {
    answer("true", "Widget loading…");
  });
  document.getElementById("consent-decline").addEventListener("click", function () {
    answer("false", "Widget off: no consent");
  });
})();
