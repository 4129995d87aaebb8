import { button, element } from "../common/element-builders.ts";
import { checkIcon, chevron, reconcile, setText, svg, svgChild } from "./checklist-dom.ts";
import { type Checklist, progressOf } from "./checklist-model.ts";
import type { ChecklistTexts } from "./checklist-texts.ts";

/**
 * Floating mode (spec §5 `floating="true"`): a launcher with the checklist's title and progress;
 * hovering or clicking it opens the steps over the page. Done, the launcher shows the success title
 * and is no longer a button (spec §4).
 */

export interface LauncherActions {
  /** The pointer entered (true) or left (false) the floating launcher and its steps. */
  onFloatingHover(inside: boolean): void;
  /** A click on the floating launcher (also the keyboard's way): opens or closes the steps. */
  onFloatingToggle(): void;
}

export interface LauncherLook {
  checklist: Checklist;
  texts: ChecklistTexts;
  done: boolean;
  /** The progress line under the title (the `progressbar` attribute). */
  progressbar: boolean;
  open: boolean;
  /** The steps open above the launcher (the launcher sits low in the window). */
  up: boolean;
}

/** A ring filling up with the progress, the launcher's badge. */
function createProgressRing() {
  const radius = 11;
  const length = 2 * Math.PI * radius;
  const ring = svg("gc-ring", 28, "0 0 28 28");
  const circle = { cx: "14", cy: "14", r: String(radius), fill: "none", "stroke-width": "3.5" };
  const track = svgChild("circle", { ...circle, stroke: "var(--gc-track)" });
  const fill = svgChild("circle", {
    ...circle,
    stroke: "var(--gc-brand)",
    "stroke-linecap": "round",
    transform: "rotate(-90 14 14)",
  });
  return {
    element: ring,
    render(percent: number) {
      // The same circle grows, so its stroke's transition plays.
      fill.setAttribute("stroke-dasharray", `${(percent / 100) * length} ${length}`);
      reconcile(ring, percent > 0 ? [track, fill] : [track]);
    },
  };
}

export function createFloatingLauncher(id: string, actions: LauncherActions) {
  const panelId = `${id}-panel`;

  const doneTitle = element("span", "gc-launcher-title");
  const doneBadge = element("span", "gc-badge", checkIcon());
  doneBadge.setAttribute("aria-hidden", "true");
  const doneLauncher = element("div", "gc-launcher gc-done", doneBadge);
  doneLauncher.append(element("span", "gc-launcher-text", doneTitle));
  doneLauncher.dataset.testid = "checklist-success";

  const ring = createProgressRing();
  const title = element("span", "gc-launcher-title");
  const count = element("span", "gc-launcher-count");
  const text = element("span", "gc-launcher-text");
  const launcher = button("gc-launcher", () => actions.onFloatingToggle());
  launcher.setAttribute("aria-controls", panelId);
  launcher.append(ring.element, text, chevron());
  const panel = element("div", "gc-panel gc-card");
  panel.id = panelId;
  // Hover opens the steps for the pointer; the launcher button is the keyboard's way in.
  const wrap = element("div", "gc-floating-wrap");
  wrap.addEventListener("mouseenter", () => actions.onFloatingHover(true));
  wrap.addEventListener("mouseleave", () => actions.onFloatingHover(false));

  return {
    /** The launcher as `look` says, with `steps` in its panel when open. */
    render(look: LauncherLook, steps: () => HTMLElement): HTMLElement {
      const { checklist, texts } = look;
      if (look.done) {
        setText(doneTitle, checklist.successTitle || texts("successDefaultTitle"));
        return doneLauncher;
      }
      const { done, total, percent, minutesLeft } = progressOf(checklist);
      const progress = texts("taskProgress", { a: done, b: total });
      ring.render(percent);
      setText(title, checklist.subject || texts("checklistDefaultTitle"));
      setText(
        count,
        minutesLeft > 0 ? `${progress} · ${texts("aboutMinutes", { a: minutesLeft })}` : progress,
      );
      reconcile(text, look.progressbar ? [title, count] : [title]);
      launcher.setAttribute("aria-expanded", String(look.open));
      panel.classList.toggle("gc-up", look.up);
      if (look.open) reconcile(panel, [steps()]);
      reconcile(wrap, look.open ? [launcher, panel] : [launcher]);
      return wrap;
    },
  };
}
