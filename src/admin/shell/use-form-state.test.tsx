import { afterEach, describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { localeState } from "../i18n/locale-store.ts";
import type { FieldErrors } from "./form-errors.ts";
import { hideToast, toastState } from "./toast-store.ts";
import { useFormState } from "./use-form-state.ts";

// React warns about updates outside `act` unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Values {
  name: string;
}

const validate = (values: Values): FieldErrors => (values.name ? {} : { name: "name is required" });

/** Renders the hook and hands out its latest answer. */
function renderForm() {
  let form: ReturnType<typeof useFormState<Values>> | undefined;
  function Probe() {
    form = useFormState<Values>({ name: "" }, validate);
    return null;
  }
  const root = createRoot(document.createElement("div"));
  act(() => root.render(<Probe />));
  return {
    get form() {
      if (!form) throw new Error("not rendered");
      return form;
    },
    unmount: () => act(() => root.unmount()),
  };
}

const before = localeState.locale;
afterEach(() => {
  localeState.locale = before;
  hideToast();
});

describe("useFormState", () => {
  test("rules show only after a first submit, which the toast explains", () => {
    localeState.locale = "en-US";
    const view = renderForm();
    expect(view.form.errorOf("name", "Name")).toBeNull();
    let sent = true;
    act(() => {
      sent = view.form.checkSubmit();
    });
    expect(sent).toBe(false);
    expect(toastState.heading).toBe("form.invalid");
    expect(view.form.errorOf("name", "Name")).toBe("Name is required");
    act(() => view.form.update((current) => ({ ...current, name: "Ada" }), ["name"]));
    expect(view.form.errorOf("name", "Name")).toBeNull();
    view.unmount();
  });

  test("a refusal about a field shows there until that field changes; the form is busy while saving", async () => {
    localeState.locale = "en-US";
    const view = renderForm();
    act(() => view.form.update(() => ({ name: "Ada" }), ["name"]));
    let release: () => void = () => {};
    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = view.form.save(
        () =>
          new Promise<void>((_, reject) => {
            release = () =>
              reject(Object.assign(new FetchError("refused"), { data: { error: "Taken", field: "name" } }));
          }),
      );
    });
    expect(view.form.busy).toBe(true);
    await act(async () => {
      release();
      await saving;
    });
    expect(view.form.busy).toBe(false);
    expect(toastState.heading).toBe("form.invalid");
    expect(view.form.errors).toEqual({ name: "Taken" });
    act(() => view.form.update(() => ({ name: "Grace" }), ["name"]));
    expect(view.form.errors).toEqual({});
    view.unmount();
  });
});
