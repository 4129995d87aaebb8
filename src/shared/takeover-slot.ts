/**
 * The one modal-like takeover on screen: a modal, a product tour or a survey. The widget host holds
 * the page's one slot (loader/widget-host.ts) and hands it to every chunk (`host.takeover`), so the
 * modal, the tours and the messenger see what the others hold however the build splits them (the
 * messenger's chunk is built alone). Whatever shows takes the slot; a server offer arriving while it
 * is held is left alone and not acknowledged, so the server offers it again once the holder ends (its
 * closed or completed acknowledgement) or on the next page view. What a host asks for itself (its own
 * `showModal`, `startProductTour`) still shows: the host decided.
 */
export interface TakeoverSlot {
  busy(): boolean;
  take(owner: object): void;
  /** Frees the slot if `owner` holds it. */
  release(owner: object): void;
}

export function createTakeoverSlot(): TakeoverSlot {
  let holder: object | null = null;
  return {
    busy: () => holder !== null,
    take(owner) {
      holder = owner;
    },
    release(owner) {
      if (holder === owner) holder = null;
    },
  };
}
