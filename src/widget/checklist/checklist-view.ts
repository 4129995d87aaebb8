import { element } from "../common/element-builders.ts";
import type { ChecklistAttributes } from "./checklist-attributes.ts";
import { checkIcon, createRichText, reconcile, setText } from "./checklist-dom.ts";
import { createFloatingLauncher, type LauncherActions } from "./checklist-launcher-view.ts";
import { type Checklist, isComplete, progressOf } from "./checklist-model.ts";
import { createStepList, type StepActions } from "./checklist-steps-view.ts";
import { textOnColor } from "./checklist-styles.ts";
import type { ChecklistTexts } from "./checklist-texts.ts";

/**
 * What the checklist element draws (spec §2 "Checklist element"), in plain DOM: the info section,
 * progress labels and bar, the steps (one open at a time) and the success view; in floating mode a
 * launcher with the progress that opens the steps over the page. The element holds the state and
 * calls `render` with it after every change; a redraw patches the elements it already has.
 *
 * Plain DOM on purpose: a page with a checklist used to load the 55 KB brotli React DOM chunk for it.
 * Texts go in as text; only the admin's rich text is HTML, rebuilt from an allow-list (safe-html.ts).
 */

export interface ChecklistLook {
  attributes: ChecklistAttributes;
  checklist: Checklist;
  active: number;
  texts: ChecklistTexts;
  color: string;
  rtl: boolean;
  floatingOpen: boolean;
  /** The floating panel opens above the launcher (the launcher sits low in the window). */
  floatingUp: boolean;
}

export type ChecklistViewActions = StepActions & LauncherActions;

/** A web address or an inline picture (the demo's avatars): an image source never runs script. */
const avatarSource = /^(?:https?:\/\/|data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,])/i;

function createInfo() {
  const title = element("h3", "gc-title");
  const message = createRichText();
  const avatar = element("img", "");
  avatar.alt = "";
  const name = element("span", "");
  const sender = element("div", "gc-sender");
  const block = element("div", "gc-info");
  return {
    render(checklist: Checklist, texts: ChecklistTexts): HTMLElement {
      const { profileImageUrl, firstName } = checklist.sender;
      setText(title, checklist.subject || texts("checklistDefaultTitle"));
      const hasAvatar = avatarSource.test(profileImageUrl);
      if (hasAvatar && avatar.getAttribute("src") !== profileImageUrl) avatar.src = profileImageUrl;
      setText(name, firstName);
      reconcile(sender, hasAvatar ? [avatar, name] : [name]);
      const rich = message.show(checklist.message);
      reconcile(block, [title, ...(rich ? [rich] : []), ...(profileImageUrl || firstName ? [sender] : [])]);
      return block;
    },
  };
}

function createProgress() {
  const count = element("span", "");
  count.dataset.testid = "checklist-progress";
  const minutes = element("span", "");
  const labels = element("div", "gc-labels");
  const fill = element("div", "gc-bar-fill");
  const bar = element("div", "gc-bar", fill);
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", "100");
  const block = element("div", "gc-progress", labels, bar);
  return {
    /** The labels and bar, or null for a checklist without steps. */
    render(checklist: Checklist, texts: ChecklistTexts): HTMLElement | null {
      const { done, total, percent, minutesLeft } = progressOf(checklist);
      if (total === 0) return null;
      const label = texts("taskProgress", { a: done, b: total });
      setText(count, label);
      setText(minutes, texts("aboutMinutes", { a: minutesLeft }));
      reconcile(labels, minutesLeft > 0 ? [count, minutes] : [count]);
      bar.setAttribute("aria-valuenow", String(Math.round(percent)));
      bar.setAttribute("aria-valuetext", label);
      // The CSSOM, not a style attribute: a host's nonce-only style-src allows it.
      fill.style.width = `${percent}%`;
      return block;
    },
  };
}

function createSuccess() {
  const icon = element("span", "gc-success-icon", checkIcon(24));
  icon.setAttribute("aria-hidden", "true");
  const title = element("h3", "gc-title");
  const message = createRichText();
  const block = element("div", "gc-success");
  block.dataset.testid = "checklist-success";
  return {
    render(checklist: Checklist, texts: ChecklistTexts): HTMLElement {
      setText(title, checklist.successTitle || texts("successDefaultTitle"));
      const rich = message.show(checklist.successMessage || texts("successDefaultMessage"));
      reconcile(block, [icon, title, ...(rich ? [rich] : [])]);
      return block;
    },
  };
}

export function createChecklistView(id: string, actions: ChecklistViewActions) {
  const root = element("div", "gc");
  const card = element("div", "gc-card");
  const info = createInfo();
  const progress = createProgress();
  const success = createSuccess();
  const steps = createStepList(id, actions);
  const floating = createFloatingLauncher(id, actions);

  function render(look: ChecklistLook) {
    const { checklist, attributes, texts, color } = look;
    const done = isComplete(checklist);
    root.className = ["gc", attributes.dark ? "gc-dark" : "", attributes.floating ? "gc-floating" : ""]
      .filter(Boolean)
      .join(" ");
    root.style.setProperty("--gc-brand", color);
    root.style.setProperty("--gc-brand-soft", `color-mix(in srgb, ${color} 14%, transparent)`);
    root.style.setProperty("--gc-on-brand", textOnColor(color));
    if (look.rtl) root.dir = "rtl";
    else root.removeAttribute("dir");
    root.dataset.checklist = checklist.id;
    const drawSteps = () => steps.render(checklist, look.active, texts);
    if (attributes.floating) {
      const launcher = floating.render(
        {
          checklist,
          texts,
          done,
          progressbar: attributes.progressbar,
          open: look.floatingOpen,
          up: look.floatingUp,
        },
        drawSteps,
      );
      reconcile(root, [launcher]);
      return;
    }
    const parts: HTMLElement[] = [];
    if (done) parts.push(success.render(checklist, texts));
    else {
      if (attributes.info) parts.push(info.render(checklist, texts));
      const bar = attributes.progressbar ? progress.render(checklist, texts) : null;
      if (bar) parts.push(bar);
      parts.push(drawSteps());
    }
    reconcile(card, parts);
    reconcile(root, [card]);
  }

  return { element: root, render };
}
