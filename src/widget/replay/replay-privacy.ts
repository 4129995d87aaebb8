import { blockClass, hidesText, isPrivateField } from "../../shared/privacy/private-elements.ts";
import type { ReplayOptions } from "./replay-options.ts";

/**
 * rrweb's masking, made to follow the rule every capture path shares (private-elements.ts). rrweb on its
 * own masks less: `maskTextClass` masks text only (a `gl-mask` input's value and every keystroke were
 * recorded), `ignoreClass` only drops input events (the full snapshot still held the value), and marks
 * count on the element alone, not on a form around it, a shadow host or a frame's `<iframe>`.
 *
 * - Every field's value passes through `maskInputFn` (`maskInputOptions` names every input, text area
 *   and select), which masks it when the rule says the field is private. That covers the full snapshot,
 *   each input event, values set by script (rrweb hooks the `value` setters) and `value` attributes.
 * - Every text node passes through `maskTextFn` (`maskTextSelector: "*"` makes rrweb ask for each one),
 *   which masks it when the rule says its element hides text: `gl-mask` around it, or what was typed in
 *   a private editable region or text area.
 * - `gl-block` stays blocked even when a host names another `blockClass`.
 *
 * A host's own wishes (`setReplayOptions`: `maskAllInputs`, `maskInputOptions`, `maskInputFn`,
 * `maskTextClass`, `maskTextSelector`, `maskTextFn`) still mask what they name; they cannot unmask
 * what the rule masks.
 */

type MaskFunction = (text: string, element: HTMLElement | null) => string;

const stars = (text: string) => "*".repeat(text.length);
const textStars = (text: string) => text.replace(/\S/g, "*");

/** Every field, by tag: rrweb then asks `maskInputFn` about each value. */
export const everyField = { input: true, textarea: true, select: true } as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const fieldType = (element: Element) => (element.getAttribute("type") ?? "").toLowerCase();

/** Whether the host's `maskAllInputs` / `maskInputOptions` (rrweb's meaning) name this field. */
function hostMasksField(custom: ReplayOptions, element: Element): boolean {
  if (custom.maskAllInputs === true) return true;
  const options = custom.maskInputOptions;
  if (!isObject(options)) return false;
  return options[element.tagName.toLowerCase()] === true || options[fieldType(element)] === true;
}

/** Whether the host's `maskTextClass` / `maskTextSelector` (rrweb's meaning) cover this element. */
function hostMasksText(custom: ReplayOptions, element: Element): boolean {
  const { maskTextClass, maskTextSelector } = custom;
  try {
    if (
      typeof maskTextClass === "string" &&
      maskTextClass &&
      element.closest(`.${CSS.escape(maskTextClass)}`)
    )
      return true;
    if (maskTextClass instanceof RegExp) {
      for (let at: Element | null = element; at; at = at.parentElement)
        if (Array.from(at.classList).some((name) => maskTextClass.test(name))) return true;
    }
    if (typeof maskTextSelector === "string" && maskTextSelector && element.closest(maskTextSelector))
      return true;
  } catch {
    // A selector the browser refuses masks nothing, as in rrweb.
  }
  return false;
}

const hostFunction = (value: unknown) => (typeof value === "function" ? (value as MaskFunction) : null);

/** The options that carry the rule; merged over the defaults and the host's options, so they win. */
export function privacyOptions(custom: ReplayOptions): ReplayOptions {
  const hostInputFn = hostFunction(custom.maskInputFn);
  const hostTextFn = hostFunction(custom.maskTextFn);
  const maskInputFn: MaskFunction = (text, element) => {
    // rrweb always names the element; without one there is nothing to decide by.
    if (!element || isPrivateField(element)) return stars(text);
    if (!hostMasksField(custom, element)) return text;
    return hostInputFn ? hostInputFn(text, element) : stars(text);
  };
  const maskTextFn: MaskFunction = (text, element) => {
    if (!element) return text;
    if (hidesText(element)) return textStars(text);
    if (!hostMasksText(custom, element)) return text;
    return hostTextFn ? hostTextFn(text, element) : textStars(text);
  };
  return {
    maskAllInputs: false,
    maskInputOptions: { ...everyField },
    maskInputFn,
    maskTextSelector: "*",
    maskTextFn,
  };
}

/** Block selectors: ours (the widget's root, `gl-block`), then the host's. */
export function blockSelectorWith(own: string, custom: ReplayOptions): string {
  const hostSelector = typeof custom.blockSelector === "string" ? custom.blockSelector.trim() : "";
  return [own, `.${blockClass}`, hostSelector].filter(Boolean).join(", ");
}
