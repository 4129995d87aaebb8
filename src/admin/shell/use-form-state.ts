import { useCallback, useState } from "react";
import { apiErrorMessage } from "../api/api-error.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { type FieldErrors, ruleMessage, serverFieldError } from "./form-errors.ts";
import { showToast } from "./toast-store.ts";

/** A field's error message (the shared rule's English words or the server's) in the admin's language. */
export type ErrorText = (tr: Translator, message: string, fieldLabel: string) => string;

/**
 * The state every entity form keeps: the values, whether a submit was tried (after that every rule
 * shows as the admin types), the API's refusals, each cleared as soon as the admin changes the field it
 * is about, and whether a save is on its way. `errorText` reads an area's own messages (the skills
 * catalogue, the users' refusals); the shared rules' texts otherwise.
 */
export function useFormState<S>(
  initial: S | (() => S),
  validate: (state: S) => FieldErrors,
  errorText: ErrorText = ruleMessage,
) {
  const tr = useT();
  const [state, setState] = useState<S>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validate(state) : {}) };

  /** The error of a field in the current language, or null. */
  const errorOf = (path: string, label: string): string | null => {
    const message = errors[path];
    return message ? errorText(tr, message, label) : null;
  };

  /** Changes values; the refusals about `paths` are cleared, they no longer describe the form. */
  const update = useCallback((change: (current: S) => S, paths: readonly string[]) => {
    setState(change);
    setServerErrors((current) => {
      if (!paths.some((path) => path in current)) return current;
      const next = { ...current };
      for (const path of paths) delete next[path];
      return next;
    });
  }, []);

  /**
   * Marks a submit and answers whether the form may be sent: when a rule fails, the fields show why and
   * the toast says so, and nothing is sent.
   */
  const checkSubmit = (): boolean => {
    setSubmitted(true);
    if (Object.keys(validate(state)).length === 0) return true;
    showToast({ type: "error", heading: "form.invalid" });
    return false;
  };

  /**
   * A refused save as most forms show it: a refusal about a field shows at that field under "check the
   * form"; any other is an error toast with `reason`.
   */
  const refuse = (fields: FieldErrors | null, reason: string) => {
    if (fields) {
      setServerErrors(fields);
      showToast({ type: "error", heading: "form.invalid" });
    } else {
      showToast({ type: "error", heading: "toast.error", body: reason });
    }
  };

  /**
   * A refused save where the server's reason is the toast whatever it is about (a taken nickname says
   * so); a refusal about a field also shows at that field.
   */
  const refuseWithReason = (fields: FieldErrors | null, reason: string) => {
    if (fields) setServerErrors(fields);
    showToast({ type: "error", heading: "toast.error", body: reason });
  };

  /**
   * Runs a save with the form busy (its submit button disabled). A failure goes to `refused`; by default
   * the field the API names shows its refusal, else the server's reason is the toast.
   */
  const save = async (
    call: () => Promise<void>,
    refused: (failure: unknown) => void = (failure) =>
      refuse(serverFieldError(failure), apiErrorMessage(failure)),
  ): Promise<void> => {
    setBusy(true);
    try {
      await call();
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  };

  return {
    state,
    setState,
    update,
    errors,
    serverErrors,
    errorOf,
    setSubmitted,
    busy,
    checkSubmit,
    save,
    refuse,
    refuseWithReason,
  };
}
