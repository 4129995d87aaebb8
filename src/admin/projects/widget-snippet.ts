/**
 * The documented one-line async snippet (the Gleap snippet, as `public/demo/index.html` uses it): a stub
 * that queues calls in `window.GleapActions`, then inserts the SDK. The loader derives the widget API
 * (`…/api/widget`) and its chunks from its own address, so the script's URL is the only address a host
 * needs. `widget-snippet.test.ts` checks the demo page carries this same text.
 */
import {
  type HostMethodName,
  loaderMethodNames,
  type RoutedMethodName,
  surfaceCommands,
} from "../../shared/widget-chunk-contract.ts";

/**
 * The methods the one-line snippet's stub defines before the loader arrives: every host API method, so
 * no call a host makes before the loader's file arrives can throw, and `setOfflineMode`, which the
 * reference's snippet lists too (this SDK has no offline mode, so a queued call of it is reported and
 * dropped). Routed methods are read from `surfaceCommands` like the loader reads them.
 */
export const snippetStubMethods: readonly (HostMethodName | "setOfflineMode")[] = [
  ...loaderMethodNames,
  ...Object.values(surfaceCommands).flatMap((entries) =>
    entries
      .split(" ")
      .filter((entry) => entry.includes("+"))
      .map((entry) => entry.replace(/\W/g, "") as RoutedMethodName),
  ),
  "setOfflineMode",
];

/** A JavaScript string literal of `value` that cannot end the surrounding `<script>` element. */
function scriptString(value: string): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The script's one line: the stub, then `Gleap.load()` and `Gleap.initialize(sdkKey)`. */
export function snippetLine(loaderUrl: string, sdkKey: string): string {
  const methods = JSON.stringify(snippetStubMethods);
  return (
    `!function(Gleap,t,i){if(!(Gleap=window.Gleap=window.Gleap||[]).invoked){for(window.GleapActions=[],Gleap.invoked=!0,Gleap.methods=${methods},` +
    `Gleap.f=function(e){return function(){var t=Array.prototype.slice.call(arguments);window.GleapActions.push({e:e,a:t})}},t=0;t<Gleap.methods.length;t++)Gleap[i=Gleap.methods[t]]=Gleap.f(i);` +
    `Gleap.load=function(){var t=document.getElementsByTagName("head")[0],i=document.createElement("script");i.type="text/javascript",i.async=!0,i.src=${scriptString(loaderUrl)},t.appendChild(i)},` +
    `Gleap.load(),Gleap.initialize(${scriptString(sdkKey)})}}();`
  );
}

/** The loader's address on this server: `{origin}/sdk/loader.js`. */
export function loaderUrl(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/sdk/loader.js`;
}

/**
 * What a site in consent mode runs when the visitor accepts cookies (spec §5): the SDK reads this
 * cookie and starts at once, without a reload. A year, the whole site, sent on same-site requests.
 */
export const consentLine =
  'document.cookie = "agreedToCookiePolicy=true; Max-Age=31536000; Path=/; SameSite=Lax";';

/** What a site owner pastes into every page's `<head>`. */
export function widgetSnippet(origin: string, sdkKey: string): string {
  return `<script>\n${snippetLine(loaderUrl(origin), sdkKey)}\n</script>`;
}

/**
 * With identity verification on, `identify` needs the user id's HMAC-SHA256 (hex) under the project's
 * secret (the secret's text is the key), computed on the host's server: the secret never reaches a
 * browser. The server checks it the same way (`verifyUserHash` in src/server/domain/sessions/user-hash.ts), and the SDK
 * sends the id as text, so the examples sign `String(user.id)`. Node.js and Python, then the page's call.
 */
export function identifyExample(): { node: string; python: string; page: string } {
  return {
    node: [
      'import { createHmac } from "node:crypto";',
      "",
      "// On your server, never in the browser:",
      'const userHash = createHmac("sha256", process.env.GLEAP_IDENTITY_SECRET)',
      "  .update(String(user.id))",
      '  .digest("hex");',
    ].join("\n"),
    python: [
      "import hashlib, hmac, os",
      "",
      "# On your server, never in the browser:",
      "user_hash = hmac.new(",
      '    os.environ["GLEAP_IDENTITY_SECRET"].encode(),',
      "    str(user.id).encode(),",
      "    hashlib.sha256,",
      ").hexdigest()",
    ].join("\n"),
    page: [
      "// userHash: what your server computed for this user, written into the page",
      "Gleap.identify(user.id, { name: user.name, email: user.email }, userHash);",
    ].join("\n"),
  };
}
