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
import { type ChecklistLook, type ChecklistViewActions, createChecklistView } from "./checklist-view.ts";

/**
 * One `<gleap-checklist>` of the page: its shadow root, what it draws and its state. It loads its
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

/** The element's shadow root with the stylesheet, and the checklist's view drawn into it. */
function createSurface(element: HTMLElement, nonce: string | undefined, actions: ChecklistViewActions) {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  if (nonce) style.nonce = nonce;
  style.textContent = checklistStyles;
  const container = document.createElement("div");
  shadow.replaceChildren(style, container);
  const id = `gleap-checklist-${nextId++}`;
  // Made afresh for each checklist shown: nothing of one checklist's elements carries to the next.
  let view: ReturnType<typeof createChecklistView> | null = null;
  return {
    draw(look: ChecklistLook | null) {
      if (!look) {
        view = null;
        container.replaceChildren();
        return;
      }
      if (!view) {
        view = createChecklistView(id, actions);
        container.replaceChildren(view.element);
      }
      view.render(look);
    },
    remove() {
      view = null;
      style.remove();
      container.remove();
    },
  };
}

/**
 * What the element shows: the state, except for the 300 ms after a step was marked done, and the
 * floating panel's open state. `onMarked` hears of a step marked done here, to send it.
 */
function createDisplay(
  element: HTMLElement,
  deps: InstanceDeps,
  attributes: () => ChecklistAttributes,
  onMarked: (marked: NonNullable<ReturnType<typeof markStepDone>>) => void,
) {
  const { host } = deps;
  let state: ChecklistState | null = null;
  let shown: ChecklistState | null = null;
  let rerenderTimer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;
  const floating = createFloatingSteps(element, () => render());
  const surface = createSurface(element, deps.nonce, {
    onToggle(index) {
      if (!state) return;
      state = toggleStep(state, index);
      show();
    },
    onMarkDone(index) {
      const marked = state && markStepDone(state, index);
      if (!marked) return;
      const before = shown;
      state = marked.state;
      // The open step moves on now; the step's done look (or the success view) follows 300 ms later.
      shown = before ? { ...before, active: marked.state.active } : marked.state;
      render();
      clearTimeout(rerenderTimer);
      rerenderTimer = setTimeout(show, rerenderDelayMs);
      onMarked(marked);
    },
    onAction(index) {
      const step = state?.checklist.steps[index];
      if (step) runStepAction(step, host);
    },
    onFloatingHover: floating.hover,
    onFloatingToggle: floating.toggle,
  });

  function render() {
    if (destroyed) return;
    if (!shown) return surface.draw(null);
    const flowConfig = host.flowConfig();
    surface.draw({
      attributes: attributes(),
      checklist: shown.checklist,
      active: shown.active,
      texts: checklistTexts(host.language(), flowConfig),
      color: brandColor(shown.checklist.color, flowConfig.color),
      rtl: isRightToLeft(host.language(), flowConfig),
      floatingOpen: floating.open,
      floatingUp: floating.up,
    });
  }

  function show() {
    clearTimeout(rerenderTimer);
    shown = state;
    render();
  }

  return {
    state: () => state,
    set(next: ChecklistState | null) {
      state = next;
      show();
    },
    render,
    /** A new checklist: the floating panel starts closed. */
    resetFloating: floating.reset,
    destroy() {
      destroyed = true;
      clearTimeout(rerenderTimer);
      floating.destroy();
      surface.remove();
    },
  };
}

export function createChecklistInstance(element: HTMLElement, deps: InstanceDeps) {
  const { network } = deps;
  let attributes: ChecklistAttributes = readChecklistAttributes(element);
  let loadedFor = "";
  let token = 0;
  let destroyed = false;
  const display = createDisplay(
    element,
    deps,
    () => attributes,
    (marked) => {
      network.remember(marked.state.checklist);
      deps.onLocalChange(marked.state.checklist);
      // Spec §8: errors of checklist actions are swallowed; the server's push corrects other tabs.
      network.update(marked.state.checklist.id, marked.update).catch(() => undefined);
    },
  );

  function load() {
    const run = ++token;
    const { checklistId, sharedKey } = attributes;
    loadedFor = `${checklistId}\n${sharedKey}`;
    display.resetFloating();
    display.set(null);
    if (!checklistId) return;
    network
      .validate(checklistId, sharedKey)
      .then((internalId) => network.fetch(internalId))
      .then((checklist) => {
        if (run !== token || destroyed) return;
        display.set({ checklist, active: firstOpenStep(checklist) });
      })
      .catch(() => {
        // Spec §8: a validation or fetch failure clears the checklist and shows nothing.
        if (run === token) display.set(null);
      });
  }

  return {
    element,
    /** Connected, or an attribute changed: a new checklist loads, anything else only redraws. */
    refresh() {
      attributes = readChecklistAttributes(element);
      if (`${attributes.checklistId}\n${attributes.sharedKey}` !== loadedFor) load();
      else display.render();
    },
    /** A reload from scratch (a new session). */
    reload: load,
    /** A live update (spec §4), or another element's change on this page. */
    applyUpdate(update: unknown) {
      const state = display.state();
      if (!state) return;
      const merged = mergeUpdate(state, update);
      if (!merged.changed) return;
      display.set(merged.state);
      network.remember(merged.state.checklist);
    },
    render: display.render,
    destroy() {
      destroyed = true;
      token++;
      display.destroy();
    },
  };
}

export type ChecklistInstance = ReturnType<typeof createChecklistInstance>;
