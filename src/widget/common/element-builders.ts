/** Plain-DOM builders for the surfaces that draw without React (the checklist, the notification stack). */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

export function button(className: string, onClick: () => void): HTMLButtonElement {
  const node = element("button", className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}
