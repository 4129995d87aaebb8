/**
 * Waiting for a better moment before loading what can wait (the host page's main thread
 * first). Each answers a cancel; a browser without the API runs the task at once (no worse than
 * before).
 */

/** Runs `task` when the main thread is idle, at the latest after `timeoutMs`. */
export function whenIdle(window: Window, task: () => void, timeoutMs = 2000): () => void {
  if (!window.requestIdleCallback) {
    task();
    return () => {};
  }
  const id = window.requestIdleCallback(task, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}

/**
 * Runs `task` once `element` comes within `margin` of the viewport (a checklist further down the page
 * loads when the visitor scrolls towards it), and then at idle time.
 */
export function whenNearViewport(
  window: Window & typeof globalThis,
  element: Element,
  task: () => void,
  margin = "400px",
): () => void {
  if (!window.IntersectionObserver) return whenIdle(window, task);
  let cancelIdle = () => {};
  const observer = new window.IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cancelIdle = whenIdle(window, task);
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancelIdle();
  };
}
