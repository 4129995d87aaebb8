/**
 * A plain host page with the snippet's stub for the demo project; `window.gleapReady` turns true once
 * the SDK is initialized.
 */
export function snippetHostPage(heading: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host</title><script>
  window.Gleap = window.Gleap || []; window.GleapActions = [];
  ["initialize", "on"].forEach(function (m) {
    window.Gleap[m] = function () { window.GleapActions.push({ e: m, a: [].slice.call(arguments) }); };
  });
  window.Gleap.invoked = true;
  Gleap.on("initialized", function () { window.gleapReady = true; });
  Gleap.initialize("demo");
  var s = document.createElement("script"); s.async = true; s.src = "/sdk/loader.js";
  document.head.appendChild(s);
</script></head><body><h1>${heading}</h1></body></html>`;
}
