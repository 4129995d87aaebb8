import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";

/**
 * A form rendered into happy-dom for a hook's test: the element it sits in, a submit as the browser
 * sends one (the form's cancelable submit event, inside `act` so the save's updates land), and
 * unmounting, which takes the element away too.
 */
export function mountedForm(view: ReactNode): {
  container: HTMLElement;
  submit: () => Promise<void>;
  unmount: () => void;
} {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(view));
  return {
    container,
    submit: () =>
      act(async () => {
        container
          .querySelector("form")
          ?.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      }),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
