/**
 * What the outbox notice shows, as a function of what happened (no DOM, no clock of its own):
 *
 * - `sent` for {@link sentNoticeMs} after a report the visitor knew to be waiting arrived, whether
 *   the messenger is open or not (it may still say the report waits);
 * - else `waiting` while reports the visitor sent wait for the network, unless the messenger is open:
 *   its own thank-you says so there;
 * - nothing once the visitor closed it, until the next change worth telling (an arrival, or one more
 *   report waiting).
 */
export const sentNoticeMs = 8_000;

export interface NoticeState {
  waiting: number;
  /** Until when the "sent" notice shows (a time of the injected clock), or null. */
  sentUntil: number | null;
  messengerOpen: boolean;
  dismissed: boolean;
}

export type NoticeKind = "waiting" | "sent" | null;

export const quietNotice: NoticeState = {
  waiting: 0,
  sentUntil: null,
  messengerOpen: false,
  dismissed: false,
};

export function noticeShown(state: NoticeState, now: number): NoticeKind {
  if (state.dismissed) return null;
  if (state.sentUntil !== null && now < state.sentUntil) return "sent";
  return state.waiting > 0 && !state.messengerOpen ? "waiting" : null;
}

/** The outbox's news: how many wait now, and whether one that waited has arrived. */
export function outboxChanged(
  state: NoticeState,
  { waiting, delivered }: { waiting: number; delivered: boolean },
  now: number,
): NoticeState {
  return {
    ...state,
    waiting,
    sentUntil: delivered ? now + sentNoticeMs : state.sentUntil,
    dismissed: delivered || waiting > state.waiting ? false : state.dismissed,
  };
}
