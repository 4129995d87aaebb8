import { afterEach, describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { act, type FormEvent } from "react";
import { messages } from "../../../shared/form-rule-messages.ts";
import { localeState } from "../../i18n/locale-store.ts";
import { mountedForm } from "../../test-support/mounted-form.ts";
import { hideToast, toastState } from "../overlay/toast-store.ts";
import type { FieldErrors } from "./form-errors.ts";
import { FormField } from "./form-field.tsx";
import { hasUnsavedChanges } from "./unsaved-changes-guard.ts";
import { sameValues, useFormState } from "./use-form-state.ts";

// React warns about updates outside `act` unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Values {
  name: string;
  email: string;
}

const validate = (values: Values): FieldErrors => {
  const errors: FieldErrors = {};
  if (!values.name) errors.name = messages.required("name");
  else if (values.name.length > 10) errors.name = messages.tooLong(11);
  if (!values.email) errors.email = messages.required("email");
  return errors;
};

const refusal = (body: Record<string, unknown>) => Object.assign(new FetchError("refused"), { data: body });

/**
 * Renders the hook inside a real form (two fields, in the order name, email) and hands out its latest
 * answer; `call` is what a submit saves.
 */
function renderForm(start: Values = { name: "", email: "" }, call: () => Promise<void> = async () => {}) {
  let form: ReturnType<typeof useFormState<Values>> | undefined;
  function Probe() {
    form = useFormState<Values>(start, validate);
    const current = form;
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (!current.checkSubmit(event)) return;
      await current.save(call);
    };
    return (
      <form noValidate onSubmit={submit}>
        {(["name", "email"] as const).map((field) => (
          <FormField key={field} id={`probe-${field}`} label={field} error={current.errorOf(field, field)}>
            {(props) => (
              <input
                {...props}
                value={current.state[field]}
                onChange={(event) =>
                  current.update((values) => ({ ...values, [field]: event.target.value }), [field])
                }
              />
            )}
          </FormField>
        ))}
        <button type="submit">Save</button>
      </form>
    );
  }
  const { container, submit, unmount } = mountedForm(<Probe />);
  return {
    get form() {
      if (!form) throw new Error("not rendered");
      return form;
    },
    input: (field: keyof Values) => container.querySelector<HTMLInputElement>(`#probe-${field}`),
    submit,
    unmount,
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

  test("a text over its limit is said at once, uncut, and blocks the submit", async () => {
    localeState.locale = "en-US";
    let calls = 0;
    const view = renderForm({ name: "", email: "ada@example.com" }, async () => {
      calls++;
    });
    const pasted = "x".repeat(15);
    act(() => view.form.update((current) => ({ ...current, name: pasted }), ["name"]));
    expect(view.form.state.name).toBe(pasted);
    expect(view.form.errorOf("name", "Name")).toBe("Must be less than 11 characters");
    expect(view.input("name")?.getAttribute("aria-invalid")).toBe("true");
    expect(view.input("name")?.getAttribute("aria-describedby")).toBe("probe-name-error");
    expect(document.getElementById("probe-name-error")?.textContent).toBe("Must be less than 11 characters");
    // Other rules still wait for the submit.
    act(() => view.form.update((current) => ({ ...current, email: "" }), ["email"]));
    expect(view.form.errorOf("email", "E-mail")).toBeNull();
    await view.submit();
    expect(calls).toBe(0);
    expect(view.form.errorOf("email", "E-mail")).toBe("E-mail is required");
    view.unmount();
  });

  test("a refused submit focuses the first wrong field in the order of the form", async () => {
    localeState.locale = "en-US";
    const view = renderForm({ name: "", email: "" });
    await view.submit();
    expect(document.activeElement).toBe(view.input("name"));
    act(() => view.form.update((current) => ({ ...current, name: "Ada" }), ["name"]));
    await view.submit();
    expect(document.activeElement).toBe(view.input("email"));
    expect(view.input("name")?.getAttribute("aria-invalid")).toBe("false");
    view.unmount();
  });

  test("a refusal about a field shows there until that field changes; the form is busy while saving", async () => {
    localeState.locale = "en-US";
    const view = renderForm();
    act(() => view.form.update(() => ({ name: "Ada", email: "ada@example.com" }), ["name"]));
    let release: () => void = () => {};
    let saving: Promise<boolean> = Promise.resolve(true);
    act(() => {
      saving = view.form.save(
        () =>
          new Promise<void>((_, reject) => {
            release = () => reject(refusal({ error: "Taken", field: "email" }));
          }),
      );
    });
    expect(view.form.busy).toBe(true);
    await act(async () => {
      release();
      expect(await saving).toBe(false);
    });
    expect(view.form.busy).toBe(false);
    expect(toastState.heading).toBe("form.invalid");
    expect(view.form.errors).toEqual({ email: "Taken" });
    // The field the server named takes the focus.
    expect(document.activeElement).toBe(view.input("email"));
    expect(view.input("email")?.getAttribute("aria-invalid")).toBe("true");
    act(() => view.form.update((current) => ({ ...current, email: "grace@example.com" }), ["email"]));
    expect(view.form.errors).toEqual({});
    view.unmount();
  });

  test("the form is dirty while its values differ from the loaded ones; a save or a reset makes it clean", async () => {
    const loaded = { name: "Ada", email: "ada@example.com" };
    const view = renderForm(loaded);
    expect(view.form.dirty).toBe(false);
    expect(hasUnsavedChanges()).toBe(false);
    act(() => view.form.update((current) => ({ ...current, name: "Grace" }), ["name"]));
    expect(view.form.dirty).toBe(true);
    expect(hasUnsavedChanges()).toBe(true);
    // Typing it back is no change.
    act(() => view.form.update((current) => ({ ...current, name: "Ada" }), ["name"]));
    expect(view.form.dirty).toBe(false);
    expect(hasUnsavedChanges()).toBe(false);

    act(() => view.form.update((current) => ({ ...current, name: "Grace" }), ["name"]));
    await view.submit();
    expect(view.form.dirty).toBe(false);
    expect(hasUnsavedChanges()).toBe(false);

    act(() => view.form.update((current) => ({ ...current, email: "" }), ["email"]));
    expect(hasUnsavedChanges()).toBe(true);
    act(() => view.form.reset(loaded));
    expect(view.form.dirty).toBe(false);
    expect(view.form.state).toEqual(loaded);
    expect(hasUnsavedChanges()).toBe(false);

    // A form that leaves the screen takes its changes with it.
    act(() => view.form.update((current) => ({ ...current, name: "Linus" }), ["name"]));
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  test("a failed save leaves the form dirty", async () => {
    const view = renderForm({ name: "Ada", email: "ada@example.com" }, async () => {
      throw refusal({ error: "Server down" });
    });
    act(() => view.form.update((current) => ({ ...current, name: "Grace" }), ["name"]));
    await view.submit();
    expect(view.form.dirty).toBe(true);
    expect(toastState.body).toBe("Server down");
    view.unmount();
  });

  test("sameValues compares plain form values", () => {
    expect(sameValues({ a: "1", list: ["x"] }, { a: "1", list: ["x"] })).toBe(true);
    expect(sameValues({ a: "1", list: ["x"] }, { a: "1", list: ["x", ""] })).toBe(false);
  });
});
