/**
 * The co-pilot tour's timing and placement maths (spec §4 "Co-pilot tour", §9 "Co-pilot"). Pure
 * numbers, so they are tested without a page or a clock.
 */

export const copilotTiming = {
  /** Before the first step, the page settles and the visitor sees the co-pilot arrive. */
  startDelayMs: 1500,
  /** After the unmute modal's either button, before the first step. */
  afterModalMs: 1000,
  /** After a step's voice ends, before the step acts. */
  afterVoiceMs: 1000,
  /** Spec §9: reading speed when a step has no voice. */
  wordsPerSecond: 3.6,
  readingExtraMs: 1000,
  /** Spec §9: an auto-typed INPUT step types this fast, then waits before going on. */
  typingMsPerCharacter: 100,
  afterTypingMs: 1200,
  /** A required element missing this long ends the tour as not completed. */
  selectorTimeoutMs: 5000,
  selectorPollMs: 100,
  /** After the last step, before the tour completes. */
  completeDelayMs: 500,
  /** Spec §9: scroll handling. */
  scrollDebounceMs: 150,
  scrollRetries: 20,
  scrollRetryMs: 100,
  /** Spec §9: the info bubble's width, and the ripple and fade-out lengths. */
  bubbleWidthCap: 350,
  rippleMs: 800,
  fadeOutMs: 800,
} as const;

/** The words of a text: runs of anything but white space. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** Spec §4: a step without a voice stays up for about words / 3.6 + 1 seconds. */
export function readingTimeMs(text: string): number {
  return Math.round((wordCount(text) / copilotTiming.wordsPerSecond) * 1000 + copilotTiming.readingExtraMs);
}

/** When each character of an auto-typed value goes in, from the start of typing (100 ms apart). */
export function typingDelaysMs(value: string): number[] {
  return Array.from(value, (_, index) => (index + 1) * copilotTiming.typingMsPerCharacter);
}

/** From the start of typing until the step goes on: every character, then 1.2 s. */
export function autoTypeStepMs(value: string): number {
  return Array.from(value).length * copilotTiming.typingMsPerCharacter + copilotTiming.afterTypingMs;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PointerPlacement {
  x: number;
  y: number;
  /** The bubble opens to the left of the pointer, since it would not fit to its right. */
  flipped: boolean;
  /** The bubble's width: 350 at most, and never wider than the viewport less 40 px. */
  bubbleWidth: number;
}

/**
 * Where the pointer goes for an element: its centre, 10 px lower so the arrow's tip sits on it. The
 * bubble opens to the right unless that would come closer than 20 px to the viewport's right edge.
 * Without an element, the middle of the viewport.
 */
export function pointerPlacement(
  target: Box | null,
  viewport: { width: number; height: number },
): PointerPlacement {
  const bubbleWidth = Math.max(0, Math.min(copilotTiming.bubbleWidthCap, viewport.width - 40));
  if (!target) return { x: viewport.width / 2, y: viewport.height / 2, flipped: false, bubbleWidth };
  const x = target.left + target.width / 2;
  const y = target.top + target.height / 2 + 10;
  return { x, y, flipped: x + bubbleWidth > viewport.width - 20, bubbleWidth };
}

/** True when the whole box is inside the viewport (the scroll has brought the element in). */
export function isFullyVisible(box: Box, viewport: { width: number; height: number }): boolean {
  return (
    box.top >= 0 &&
    box.left >= 0 &&
    box.top + box.height <= viewport.height &&
    box.left + box.width <= viewport.width
  );
}
