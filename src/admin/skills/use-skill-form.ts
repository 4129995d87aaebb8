import { useCallback, useState } from "react";
import { useT } from "../i18n/intl.ts";
import type { FieldErrors } from "../shell/form-errors.ts";
import { skillErrorText } from "./skill-errors.ts";

/**
 * The state both skill forms share, as the job form keeps it: the values, whether a submit was tried
 * (after that every rule shows as the admin types), and the API's refusals, each cleared as soon as
 * the admin changes the field it is about.
 */
export function useSkillForm<S>(initial: S | (() => S), validate: (state: S) => FieldErrors) {
  const tr = useT();
  const [state, setState] = useState<S>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validate(state) : {}) };

  /** The error of a field in the current language, or null. */
  const errorOf = (path: string, label: string): string | null => {
    const message = errors[path];
    return message ? skillErrorText(tr, message, label) : null;
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

  return { state, update, errors, errorOf, submitted, setSubmitted, setServerErrors, busy, setBusy };
}
