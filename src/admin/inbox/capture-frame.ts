import { useEffect, useState } from "react";

/**
 * The frames a report's captured page is shown in load the server's capture frame
 * (src/server/http/capture-frame.ts): an empty page of the admin's origin whose policy lets the page's
 * inline styles apply, loads pictures, media and fonts from our origins (and from anywhere once the
 * admin loaded the report's external content) and runs nothing. A `srcdoc` or `about:blank` frame
 * would inherit the admin's own policy instead, which refuses every inline style of the page with a
 * console error. Each frame is `sandbox="allow-same-origin"`: no script runs in it, and the admin may
 * write the page into it.
 */
export const captureFramePath = "/capture-frame";

export function captureFrameUrl(allowExternal: boolean): string {
  return allowExternal ? `${captureFramePath}?external=1` : captureFramePath;
}

let realm: Promise<Window> | null = null;

/**
 * A hidden capture frame whose window the snapshot is cleaned in (snapshot-document.ts): DOMPurify and
 * `DOMParser` parse the visitor's markup in that window, under its policy, so the page's inline styles
 * and `<base>` are no refusals in the console either. One for the whole app, made on first use. Should
 * it not load as ours (an error page), the admin's own window does the work, as it did before.
 */
export function captureRealm(): Promise<Window> {
  realm ??= new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.title = "";
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("sandbox", "allow-same-origin");
    frame.dataset.testid = "capture-realm";
    frame.addEventListener(
      "load",
      () => {
        let usable: Window | null = null;
        try {
          usable = frame.contentDocument?.body ? frame.contentWindow : null;
        } catch {
          usable = null;
        }
        resolve(usable ?? window);
      },
      { once: true },
    );
    frame.src = captureFramePath;
    document.body.append(frame);
  });
  return realm;
}

/** The window to clean snapshots in: null until the capture frame has loaded. */
export function useCaptureRealm(): Window | null {
  const [ready, setReady] = useState<Window | null>(null);
  useEffect(() => {
    let current = true;
    captureRealm().then((found) => current && setReady(() => found));
    return () => {
      current = false;
    };
  }, []);
  return ready;
}
