import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { act, type FormEvent } from "react";
import { registerMessages } from "../i18n/intl.ts";
import { localeState, setLocale } from "../i18n/locale-store.ts";
import { InputField } from "../shell/form/form-inputs.tsx";
import { hasUnsavedChanges } from "../shell/form/unsaved-changes-guard.ts";
import { clickDialogButton, closeDialog, dialogState } from "../shell/overlay/dialog-store.ts";
import { hideToast, toastState } from "../shell/overlay/toast-store.ts";
import { mountedForm } from "../test-support/mounted-form.ts";
import {
  type CollectionFormState,
  collectionErrors,
  collectionForm,
  collectionLanguageWithError,
} from "./collection-form-state.ts";
import { confirmHelpDelete } from "./help-form-actions.tsx";
import { helpMessagesDe, helpMessagesEnUS } from "./help-messages.ts";
import { useHelpForm } from "./use-help-form.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
registerMessages(helpMessagesEnUS, helpMessagesDe);
const localeBefore = localeState.locale;
setLocale("en-US");
afterAll(() => setLocale(localeBefore));
afterEach(() => {
  hideToast();
  closeDialog();
  document.body.replaceChildren();
});

const refusal = (body: Record<string, unknown>) => Object.assign(new FetchError("refused"), { data: body });

/** The next frame, after the one a refused submit focuses its field in. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * A collection form on the hook (the English and German titles, the position); `save` is what a
 * submit sends, `saved` collects what `onSaved` was given.
 */
function renderForm(save: (state: CollectionFormState) => Promise<string>) {
  const saved: string[] = [];
  let change: ((next: (values: CollectionFormState) => CollectionFormState) => void) | undefined;
  function Probe() {
    const current = useHelpForm({
      initial: collectionForm(null, 3),
      validate: collectionErrors,
      languageWithError: collectionLanguageWithError,
      refusable: "position",
    });
    change = current.update;
    const { state, error, update } = current;
    return (
      <form
        ref={current.form}
        noValidate
        onSubmit={(event: FormEvent) => current.submit(event, save, (value) => saved.push(value))}
      >
        <p data-testid="language">{current.language}</p>
        {(["en", "de"] as const).map((code) => (
          <InputField
            key={code}
            id={`probe-${code}-title`}
            label={code}
            value={state.versions[code].title}
            error={error(`${code}.title`)}
            onChange={(title) =>
              update((values) => ({
                ...values,
                versions: { ...values.versions, [code]: { ...values.versions[code], title } },
              }))
            }
          />
        ))}
        <InputField
          id="probe-position"
          label="position"
          value={state.position}
          error={error("position")}
          onChange={(position) => update((values) => ({ ...values, position }))}
        />
        <button type="submit">Save</button>
      </form>
    );
  }
  const { container, submit, unmount } = mountedForm(<Probe />);
  const input = (id: string) => container.querySelector<HTMLInputElement>(`#probe-${id}`);
  return {
    saved,
    input,
    language: () => container.querySelector("[data-testid=language]")?.textContent,
    errorOf: (id: string) => container.querySelector(`#probe-${id}-error`)?.textContent ?? null,
    change: (next: (values: CollectionFormState) => CollectionFormState) => act(() => change?.(next)),
    submit,
    unmount,
  };
}

const withTitles =
  (en: string, de: string, deDescription = "") =>
  (values: CollectionFormState) => ({
    ...values,
    versions: {
      ...values.versions,
      en: { ...values.versions.en, title: en },
      de: { title: de, description: deDescription },
    },
  });

describe("useHelpForm", () => {
  test("rules wait for a submit; a wrong version's tab is shown and its field focused, nothing sent", async () => {
    let sent = 0;
    const view = renderForm(async () => {
      sent++;
      return "saved";
    });
    view.change(withTitles("Shipping", "", "Nur eine Beschreibung"));
    expect(view.errorOf("de-title")).toBeNull();
    await view.submit();
    await nextFrame();
    expect(sent).toBe(0);
    expect(view.language()).toBe("de");
    expect(view.errorOf("de-title")).toBe(helpMessagesEnUS["help.rule.versionTitle"]);
    expect(document.activeElement).toBe(view.input("de-title"));
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
  });

  test("the server's refusal of the refusable field shows at it until the next change", async () => {
    const view = renderForm(async () => {
      throw refusal({ error: "Position taken", field: "position" });
    });
    view.change(withTitles("Shipping", ""));
    await view.submit();
    expect(view.errorOf("position")).toBe(helpMessagesEnUS["help.rule.position"]);
    expect(toastState.type).toBe("error");
    expect(toastState.body).toBe("Position taken");
    expect(view.saved).toEqual([]);
    view.change((values) => ({ ...values, position: "4" }));
    expect(view.errorOf("position")).toBeNull();
    view.unmount();
  });

  test("a refusal about another field only says why; a save that goes through leaves the form clean", async () => {
    let refuse = true;
    const view = renderForm(async (state) => {
      if (refuse) throw refusal({ error: "Title taken", field: "title" });
      return state.versions.en.title;
    });
    view.change(withTitles("Shipping", ""));
    await view.submit();
    expect(view.errorOf("position")).toBeNull();
    expect(toastState.body).toBe("Title taken");
    expect(hasUnsavedChanges()).toBe(true);
    refuse = false;
    await view.submit();
    expect(view.saved).toEqual(["Shipping"]);
    expect(toastState.heading).toBe("help.saved");
    expect(hasUnsavedChanges()).toBe(false);
    view.unmount();
  });
});

describe("confirmHelpDelete", () => {
  test("asks in a danger dialog; deletes on confirm and goes on only when the delete went through", async () => {
    const deleted: string[] = [];
    const ask = (remove: () => Promise<unknown>) =>
      confirmHelpDelete({
        heading: "Delete Shipping?",
        body: "help.confirm.deleteArticleBody",
        remove,
        onDeleted: () => deleted.push("gone"),
      });
    ask(async () => {});
    expect(dialogState.show).toBe(true);
    expect(dialogState.type).toBe("danger");
    expect(dialogState.heading).toBe("Delete Shipping?");
    expect(dialogState.primaryBtn?.label).toBe("help.delete");
    await clickDialogButton("primary");
    expect(deleted).toEqual(["gone"]);
    expect(toastState.heading).toBe("help.deleted");

    ask(async () => {
      throw refusal({ error: "Still in use" });
    });
    await clickDialogButton("primary");
    expect(deleted).toEqual(["gone"]);
    expect(toastState.body).toBe("Still in use");
  });
});
