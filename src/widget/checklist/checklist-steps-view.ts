import type { ChecklistStep } from "../../shared/checklist-progress.ts";
import { button, element } from "../common/element-builders.ts";
import { checkIcon, chevron, createRichText, reconcile, setText } from "./checklist-dom.ts";
import { type Checklist, isStepDone } from "./checklist-model.ts";
import type { ChecklistTexts } from "./checklist-texts.ts";

/**
 * The checklist's steps (spec §2 "Checklist element"): one list item each, with a header button that
 * opens its body (one open at a time; the element holds which) and, in the body, the step's text, its
 * action and "Mark as done". A step's elements stay from one redraw to the next, so the header keeps
 * the focus a click or a key gave it and the body's opening transition plays.
 */

export interface StepActions {
  onToggle(index: number): void;
  onMarkDone(index: number): void;
  onAction(index: number): void;
}

interface StepLook {
  step: ChecklistStep;
  index: number;
  done: boolean;
  open: boolean;
  texts: ChecklistTexts;
  /** The element's id, the prefix of each step body's id. */
  id: string;
}

function createStep(actions: StepActions) {
  // The step's place in the list as last drawn: what the buttons report.
  let index = 0;
  const badge = element("span", "gc-badge");
  badge.setAttribute("aria-hidden", "true");
  const badgeCheck = checkIcon();
  const badgeNumber = document.createTextNode("");
  const titleText = document.createTextNode("");
  const doneLabel = element("span", "gc-visually-hidden");
  const title = element("span", "gc-task-title");
  const header = button("gc-task-header", () => actions.onToggle(index));
  header.append(badge, title, chevron());
  const description = createRichText();
  const actionButton = button("gc-button", () => actions.onAction(index));
  const markLabel = document.createTextNode("");
  const markButton = button("gc-mark", () => actions.onMarkDone(index));
  markButton.append(checkIcon(), markLabel);
  const actionRow = element("div", "gc-actions");
  const content = element("div", "gc-task-content");
  const body = element("div", "gc-task-body", element("div", "gc-task-inner", content));
  const item = element("li", "gc-task", header, body);

  function render({ step, index: at, done, open, texts, id }: StepLook) {
    index = at;
    const bodyId = `${id}-step-${at}`;
    item.className = ["gc-task", done ? "gc-done" : "", open ? "gc-open" : ""].filter(Boolean).join(" ");
    item.dataset.step = step.id;
    item.dataset.done = done ? "true" : "false";
    header.setAttribute("aria-expanded", String(open));
    header.setAttribute("aria-controls", bodyId);
    setText(badgeNumber, String(at + 1));
    reconcile(badge, [done ? badgeCheck : badgeNumber]);
    setText(titleText, step.title || texts("stepDefaultTitle", { index: at + 1 }));
    setText(doneLabel, ` (${texts("stepDone")})`);
    reconcile(title, done ? [titleText, doneLabel] : [titleText]);
    body.id = bodyId;
    // A closed body is out of the tab order and the accessibility tree while it animates shut.
    body.toggleAttribute("inert", !open);
    setText(actionButton, step.actionTitle || texts("actionDefaultTitle"));
    setText(markLabel, texts("markAsDone"));
    const canMark = step.allowMarkDone && !done;
    reconcile(actionRow, [...(step.action ? [actionButton] : []), ...(canMark ? [markButton] : [])]);
    const rich = description.show(step.description);
    reconcile(content, [...(rich ? [rich] : []), ...(actionRow.firstChild ? [actionRow] : [])]);
  }

  return { item, render };
}

/** The steps of the checklist as a list, or the "no steps" line when it has none. */
export function createStepList(id: string, actions: StepActions) {
  const list = element("ol", "gc-tasks");
  const empty = element("p", "gc-empty");
  const steps = new Map<string, ReturnType<typeof createStep>>();

  return {
    render(checklist: Checklist, active: number, texts: ChecklistTexts): HTMLElement {
      if (checklist.steps.length === 0) {
        setText(empty, texts("noStepsDefined"));
        return empty;
      }
      const used = new Set<string>();
      const items = checklist.steps.map((step, index) => {
        // Keyed by the step's id (a repeated id gets its own item all the same).
        let key = step.id;
        while (used.has(key)) key += "\n";
        used.add(key);
        let part = steps.get(key);
        if (!part) {
          part = createStep(actions);
          steps.set(key, part);
        }
        part.render({ step, index, done: isStepDone(checklist, step), open: active === index, texts, id });
        return part.item;
      });
      for (const key of [...steps.keys()]) if (!used.has(key)) steps.delete(key);
      reconcile(list, items);
      return list;
    },
  };
}
