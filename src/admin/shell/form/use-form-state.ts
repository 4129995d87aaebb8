import { useCallback, useEffect, useRef, useState } from "react";
import { subscribe } from "valtio";
import { apiErrorMessage } from "../../api/api-error.ts";
import { type Translator, useT } from "../../i18n/intl.ts";
import { dialogState } from "../overlay/dialog-store.ts";
import { showToast } from "../overlay/toast-store.ts";
import { errorsBeforeSubmit, type FieldErrors, ruleMessage, serverFieldError } from "./form-errors.ts";
import { focusFirstInvalid } from "./form-field.tsx";
import { useUnsavedChangesGuard } from "./unsaved-changes-guard.ts";

/** A field's error message (the shared rule's English words or the server's) in the admin's language. */
export type ErrorText = (tr: Translator, message: string, fieldLabel: string) => string;

/** Whether two form states hold the same values (form states are plain data: texts, flags, lists). */
export function sameValues(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The form a submit event came from; without one, the form of the focused control (the submit button). */
function submittedForm(event?: { currentTarget: EventTarget | null }): HTMLFormElement | null {
  const target = event?.currentTarget;
  if (target instanceof HTMLFormElement) return target;
  const active = document.activeElement;
  return active && "form" in active && active.form instanceof HTMLFormElement ? active.form : null;
}

/**
 * Focuses the first wrong field of `form` (or of the page), once what the dialog layer shows is gone: a
 * refusal that arrives while a dialog is open (a role change is confirmed first) would otherwise have
 * its focus taken back by the closing dialog. Answers how to call it off.
 */
function focusFirstInvalidSoon(form: HTMLFormElement | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const focus = () => {
    const root: ParentNode = form?.isConnected ? form : document;
    if (!focusFirstInvalid(root)) console.warn("A refused form shows no field as invalid", form);
  };
  if (!dialogState.show) {
    focus();
    return () => {};
  }
  const stop = subscribe(dialogState, () => {
    if (dialogState.show) return;
    stop();
    // After the dialog's own clean-up, which gives the focus back to where it was opened from.
    timer = setTimeout(focus, 0);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}

/**
 * The first wrong field's focus after a refusal: `focusFirstError` asks for it, and it comes after the
 * render that shows the errors (their fields are marked by then), in `formRef`'s form when there is one.
 */
function useFocusOnRefusal() {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    return focusFirstInvalidSoon(formRef.current);
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((count) => count + 1);
  return { formRef, focusFirstError };
}

/** The refusals without the ones about `paths` (the same object when there was none). */
function withoutPaths(refusals: FieldErrors, paths: readonly string[]): FieldErrors {
  if (!paths.some((path) => path in refusals)) return refusals;
  const next = { ...refusals };
  for (const path of paths) delete next[path];
  return next;
}

/** How a form shows a refused save, given where the refusals go and how the first field takes the focus. */
function refusals(setServerErrors: (fields: FieldErrors) => void, focusFirstError: () => void) {
  return {
    /**
     * A refused save as most forms show it: a refusal about a field shows at that field under "check
     * the form", and the field takes the focus; any other is an error toast with `reason`.
     */
    refuse: (fields: FieldErrors | null, reason: string) => {
      if (fields) {
        setServerErrors(fields);
        showToast({ type: "error", heading: "form.invalid" });
        focusFirstError();
      } else {
        showToast({ type: "error", heading: "toast.error", body: reason });
      }
    },
    /**
     * A refused save where the server's reason is the toast whatever it is about (a taken nickname says
     * so); a refusal about a field also shows at that field, which takes the focus.
     */
    refuseWithReason: (fields: FieldErrors | null, reason: string) => {
      if (fields) {
        setServerErrors(fields);
        focusFirstError();
      }
      showToast({ type: "error", heading: "toast.error", body: reason });
    },
  };
}

/**
 * The props that tie one of the shared controls (form-inputs.tsx) to the value `name`: the control's
 * `id`, its `label`, its error, name and value, and the change (clearing the refusals about it).
 */
function fieldBinder<S>(
  state: S,
  errorOf: (path: string, label: string) => string | null,
  update: (change: (current: S) => S, paths: readonly string[]) => void,
) {
  return <K extends keyof S & string>(id: string, name: K, label: string) => ({
    id,
    label,
    error: errorOf(name, label),
    name,
    value: state[name],
    onChange: (value: S[K]) => update((current) => ({ ...current, [name]: value }), [name]),
  });
}

/**
 * A form's save and whether it is on its way (the submit button disabled meanwhile). `save` runs `call`;
 * a failure goes to `refused` (by default `refuse` with the field the API names and the server's
 * reason). Once saved, the values sent (`state`) go to `onSaved`, the form's clean state: leaving asks
 * nothing (unless the admin typed on meanwhile). Answers whether the save went through.
 */
function useSave<S>(
  state: S,
  onSaved: (sent: S) => void,
  refuse: (fields: FieldErrors | null, reason: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const save = async (
    call: () => Promise<void>,
    refused: (failure: unknown) => void = (failure) =>
      refuse(serverFieldError(failure), apiErrorMessage(failure)),
  ): Promise<boolean> => {
    const sent = state;
    setBusy(true);
    try {
      await call();
      onSaved(sent);
      return true;
    } catch (failure) {
      refused(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}

/**
 * The state every entity form keeps: the values, whether a submit was tried (after that every rule
 * shows as the admin types; before it only a text over its limit does), the API's refusals, each
 * cleared as soon as the admin changes the field it is about, and whether a save is on its way.
 * `errorText` reads an area's own messages (the skills catalogue, the users' refusals); the shared
 * rules' texts otherwise.
 *
 * After a refused submit (a rule, or the API naming a field) the first wrong field takes the focus.
 * While the values differ from the ones loaded or last saved, leaving the screen asks first
 * (`useUnsavedChangesGuard`).
 */
export function useFormState<S>(
  initial: S | (() => S),
  validate: (state: S) => FieldErrors,
  errorText: ErrorText = ruleMessage,
) {
  const tr = useT();
  const [state, setState] = useState<S>(initial);
  // The values as loaded or last saved: the form is dirty while `state` differs from them.
  const [saved, setSaved] = useState<S>(state);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { formRef, focusFirstError } = useFocusOnRefusal();

  const ruleErrors = validate(state);
  const errors: FieldErrors = {
    ...serverErrors,
    ...(submitted ? ruleErrors : errorsBeforeSubmit(ruleErrors)),
  };
  const dirty = !sameValues(state, saved);
  useUnsavedChangesGuard(dirty);

  /** The error of a field in the current language, or null. */
  const errorOf = (path: string, label: string): string | null => {
    const message = errors[path];
    return message ? errorText(tr, message, label) : null;
  };

  /** Changes values; the refusals about `paths` are cleared, they no longer describe the form. */
  const update = useCallback((change: (current: S) => S, paths: readonly string[]) => {
    setState(change);
    setServerErrors((current) => withoutPaths(current, paths));
  }, []);

  /**
   * Marks a submit and answers whether the form may be sent: when a rule fails, the fields show why,
   * the toast says so, the first wrong field takes the focus, and nothing is sent. Give it the submit
   * event, so the focus stays in this form when the screen has several.
   */
  const checkSubmit = (event?: { currentTarget: EventTarget | null }): boolean => {
    formRef.current = submittedForm(event) ?? formRef.current;
    setSubmitted(true);
    if (Object.keys(ruleErrors).length === 0) return true;
    showToast({ type: "error", heading: "form.invalid" });
    focusFirstError();
    return false;
  };

  const { refuse, refuseWithReason } = refusals(setServerErrors, focusFirstError);

  const { busy, save } = useSave(state, setSaved, refuse);

  /** Starts over from `next` as the clean state: no errors, no submit tried (a form that stays open). */
  const reset = (next: S) => {
    setState(next);
    setSaved(next);
    setSubmitted(false);
    setServerErrors({});
  };

  const field = fieldBinder(state, errorOf, update);

  return {
    state,
    setState,
    update,
    field,
    errors,
    serverErrors,
    errorOf,
    setSubmitted,
    busy,
    dirty,
    checkSubmit,
    save,
    reset,
    refuse,
    refuseWithReason,
  };
}
