import { createRoot, type Root } from "react-dom/client";
import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { runStepAction } from "./checklist-actions.ts";
import { type ChecklistAttributes, readChecklistAttributes } from "./checklist-attributes.ts";
import { createFloatingSteps } from "./checklist-floating.ts";
import {
  type Checklist,
  type ChecklistState,
  firstOpenStep,
  markStepDone,
  mergeUpdate,
  toggleStep,
} from "./checklist-model.ts";
import type { ChecklistNetwork } from "./checklist-network.ts";
import { brandColor, checklistStyles } from "./checklist-styles.ts";
import { checklistTexts } from "./checklist-texts.ts";
import { ChecklistView } from "./checklist-view.tsx";

/**
 * One `<gleap-checklist>` of the page: its shadow root, its React root and its state. It loads its
 * checklist once connected (the chunk only runs with a ready session), follows live updates, and marks
 * steps done as spec §4 says. Failures show nothing (spec §8).
 */

/** Spec §4/§9: after a step is marked done, the element re-renders 300 ms later. */
export const rerenderDelayMs = 300;

export interface InstanceDeps {
  host: WidgetHost;
  network: ChecklistNetwork;
  nonce?: string;
  /** A step was marked done here: the other elements of the page show it at once. */
  onLocalChange(checklist: Checklist): void;
}

let nextId = 0;

export function createChecklistInstance(element: HTMLElement, deps: InstanceDeps) {
  const { host, network } = deps;
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  if (deps.nonce) style.nonce = deps.nonce;
  style.textContent = checklistStyles;
  const container = document.createElement("div");
  shadow.replaceChildren(style, container);
  const root: Root = createRoot(container);
  const id = `gleap-checklist-${nextId++}`;

  let attributes: ChecklistAttributes = readChecklistAttributes(element);
  let loadedFor = "";
  let state: ChecklistState | null = null;
  // What is drawn: the state, except for the 300 ms after a step was marked done.
  let shown: ChecklistState | null = null;
  const floating = createFloatingSteps(element, () => render());
  let token = 0;
  let rerenderTimer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;

  function render() {
    if (destroyed) return;
    if (!shown) {
      root.render(null);
      return;
    }
    const flowConfig = host.flowConfig();
    root.render(
      <ChecklistView
        id={id}
        attributes={attributes}
        checklist={shown.checklist}
        active={shown.active}
        texts={checklistTexts(host.language(), flowConfig)}
        color={brandColor(shown.checklist.color, flowConfig.color)}
        rtl={isRightToLeft(host.language(), flowConfig)}
        floatingOpen={floating.open}
        floatingUp={floating.up}
        onToggle={(index) => {
          if (!state) return;
          state = toggleStep(state, index);
          show();
        }}
        onMarkDone={markDone}
        onAction={(index) => {
          const step = state?.checklist.steps[index];
          if (step) runStepAction(step, host);
        }}
        onFloatingHover={floating.hover}
        onFloatingToggle={floating.toggle}
      />,
    );
  }

  function show() {
    clearTimeout(rerenderTimer);
    shown = state;
    render();
  }

  function set(next: ChecklistState | null) {
    state = next;
    show();
  }

  function load() {
    const run = ++token;
    const { checklistId, sharedKey } = attributes;
    loadedFor = `${checklistId}\n${sharedKey}`;
    floating.reset();
    set(null);
    if (!checklistId) return;
    network
      .validate(checklistId, sharedKey)
      .then((internalId) => network.fetch(internalId))
      .then((checklist) => {
        if (run !== token || destroyed) return;
        set({ checklist, active: firstOpenStep(checklist) });
      })
      .catch(() => {
        // Spec §8: a validation or fetch failure clears the checklist and shows nothing.
        if (run === token) set(null);
      });
  }

  function markDone(index: number) {
    if (!state) return;
    const marked = markStepDone(state, index);
    if (!marked) return;
    const before = shown;
    state = marked.state;
    // The open step moves on now; the step's done look (or the success view) follows 300 ms later.
    shown = before ? { ...before, active: marked.state.active } : marked.state;
    render();
    clearTimeout(rerenderTimer);
    rerenderTimer = setTimeout(show, rerenderDelayMs);
    network.remember(marked.state.checklist);
    deps.onLocalChange(marked.state.checklist);
    // Spec §8: errors of checklist actions are swallowed; the server's push corrects other tabs.
    network.update(marked.state.checklist.id, marked.update).catch(() => undefined);
  }

  return {
    element,
    /** Connected, or an attribute changed: a new checklist loads, anything else only redraws. */
    refresh() {
      attributes = readChecklistAttributes(element);
      if (`${attributes.checklistId}\n${attributes.sharedKey}` !== loadedFor) load();
      else render();
    },
    /** A reload from scratch (a new session). */
    reload: load,
    /** A live update (spec §4), or another element's change on this page. */
    applyUpdate(update: unknown) {
      if (!state) return;
      const merged = mergeUpdate(state, update);
      if (!merged.changed) return;
      set(merged.state);
      network.remember(merged.state.checklist);
    },
    render,
    destroy() {
      destroyed = true;
      token++;
      clearTimeout(rerenderTimer);
      floating.destroy();
      root.unmount();
      style.remove();
      container.remove();
    },
  };
}

export type ChecklistInstance = ReturnType<typeof createChecklistInstance>;
