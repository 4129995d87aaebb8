/**
 * The one element the SDK adds to the host page. Everything visible renders inside its open shadow
 * root, so host styles cannot break the widget and the widget's styles cannot leak out.
 */
export function createWidgetRoot(document: Document): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement("div");
  host.id = "gleap-widget-root";
  // The host element itself must not be styled by the page into taking space or catching clicks.
  // Important, because a page's `!important` rule (e.g. `div { transform: … !important }`) beats an
  // inline style otherwise, and a transform would become the fixed surfaces' reference box.
  host.style.cssText =
    "all: initial !important; position: fixed !important; z-index: 2147483000 !important; inset: auto !important; width: 0 !important; height: 0 !important; transform: none !important;";
  const root = host.attachShadow({ mode: "open" });
  document.body.appendChild(host);
  return { host, root };
}
