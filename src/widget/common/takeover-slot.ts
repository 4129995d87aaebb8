/**
 * The one modal-like takeover on screen: a modal, a product tour or a survey. The modal,
 * tours and messenger chunks share this module (the build's splitting loads it once for all of them),
 * so each sees what the others hold. Whatever shows takes the slot; a server offer arriving while it
 * is held is left alone and not acknowledged, so the server offers it again once the holder ends (its
 * closed or completed acknowledgement) or on the next page view. What a host asks for itself (its own
 * `showModal`, `startProductTour`) still shows: the host decided.
 */
let holder: object | null = null;

export const takeoverSlot = {
  busy: (): boolean => holder !== null,
  take(owner: object): void {
    holder = owner;
  },
  release(owner: object): void {
    if (holder === owner) holder = null;
  },
};
