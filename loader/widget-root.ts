/**
 * The one element the SDK adds to the host page. Everything visible renders inside its open shadow
 * root, so host styles cannot break the widget and the widget's styles cannot leak out.
 */
export function createWidgetRoot(document: Document): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement("div");
  host.id = "gleap-widget-root";
  // The host element itself must not be styled by the page into taking space or catching clicks.
  host.style.cssText =
    "all: initial; position: fixed; z-index: 2147483000; inset: auto; width: 0; height: 0;";
  const root = host.attachShadow({ mode: "open" });
  document.body.appendChild(host);
  return { host, root };
}
