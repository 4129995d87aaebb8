import { type FormEvent, useRef, useState } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import type { ActionFailure, ActionOutcome } from "../overlay/run-action.ts";
import { useBusyAction } from "../overlay/use-busy-action.ts";
import { focusFirstInvalid } from "./form-field.tsx";
import { useUnsavedChangesGuard } from "./unsaved-changes-guard.ts";

/**
 * An editor whose own rules are checked on submit and whose save says so in a toast (the help center's
 * and the bots' editors): the values and the ones the server has (leaving with anything else asks
 * first), whether a submit was tried, whether a save is on its way, and the form the first wrong field
 * is found in.
 */
export function useEditorForm<S>(initial: S) {
  const [state, setState] = useState(initial);
  // What the server has: leaving with anything else asks first.
  const [saved, setSaved] = useState(initial);
  useUnsavedChangesGuard(JSON.stringify(state) !== JSON.stringify(saved));
  const [tried, setTried] = useState(false);
  const { busy, run } = useBusyAction();
  const form = useRef<HTMLFormElement>(null);

  /**
   * Marks the submit tried. When `invalid`, the first wrong field takes the focus (once the render
   * marks it) and nothing is sent; else `save` runs with the form busy, `done` is the toast and
   * `failed` reads a refusal. What went through is the form's clean state.
   */
  const send = async <T>(
    event: FormEvent,
    invalid: boolean,
    save: () => Promise<T>,
    done: MessageId,
    failed?: (failure: unknown) => ActionFailure,
  ): Promise<ActionOutcome<T> | null> => {
    event.preventDefault();
    setTried(true);
    if (invalid) {
      requestAnimationFrame(() => form.current && focusFirstInvalid(form.current));
      return null;
    }
    const outcome = await run(save, done, failed);
    if (outcome.ok) setSaved(state);
    return outcome;
  };

  return { state, setState, tried, busy, form, send };
}
