import { type FormEvent, useRef, useState } from "react";
import type { ContentLanguage } from "../../shared/content-languages.ts";
import { apiErrorBody, apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { focusFirstInvalid } from "../shell/form/form-field.tsx";
import { useUnsavedChangesGuard } from "../shell/form/unsaved-changes-guard.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import type { ArticleRule } from "./article-form-state.ts";
import type { CollectionRule } from "./collection-form-state.ts";

/** A rule a help form's field can break; its words are `help.rule.{rule}`. */
type HelpRule = ArticleRule | CollectionRule;

type HelpErrors<F extends string, R extends HelpRule> = Partial<Record<F, R>>;

/**
 * What the article and collection forms keep alike: the values and the ones the server has (leaving
 * with anything else asks first), the language tab shown, the rules' errors (shown once a submit was
 * tried) and the server's refusal of one field (`refusable`, whose rule has the field's name), cleared
 * by the next change, and whether a save is on its way.
 */
export function useHelpForm<S, F extends string, R extends HelpRule>({
  initial,
  validate,
  languageWithError,
  refusable,
}: {
  initial: S;
  validate: (state: S) => HelpErrors<F, R>;
  languageWithError: (errors: HelpErrors<F, R>) => ContentLanguage | null;
  /** The field the server may refuse (a taken slug, a taken position). */
  refusable: F & R;
}) {
  const { t } = useT();
  const [state, setState] = useState(initial);
  // What the server has: leaving with anything else asks first.
  const [saved, setSaved] = useState(initial);
  useUnsavedChangesGuard(JSON.stringify(state) !== JSON.stringify(saved));
  const [language, setLanguage] = useState<ContentLanguage>("en");
  const [serverErrors, setServerErrors] = useState<HelpErrors<F, R>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const shown: HelpErrors<F, R> = tried ? { ...validate(state), ...serverErrors } : serverErrors;

  /** The words of a field's error, or null. */
  const error = (field: F) => {
    const rule = shown[field];
    return rule ? t(`help.rule.${rule}`) : null;
  };

  const update = (next: (current: S) => S) => {
    setState(next);
    setServerErrors({});
  };

  /**
   * Checks the rules (a version's missing title sits on its language's tab: it is shown before the
   * field takes the focus), then saves; `onSaved` follows a save that went through.
   */
  const submit = async <T>(event: FormEvent, save: (state: S) => Promise<T>, onSaved: (value: T) => void) => {
    event.preventDefault();
    setTried(true);
    const found = validate(state);
    if (Object.keys(found).length > 0) {
      const tab = languageWithError(found);
      if (tab) setLanguage(tab);
      requestAnimationFrame(() => form.current && focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    const outcome = await runAction(
      () => save(state),
      "help.saved",
      (failure) => {
        if (apiErrorBody(failure)?.field === refusable) {
          const refusal: HelpErrors<F, R> = {};
          refusal[refusable] = refusable;
          setServerErrors(refusal);
        }
        return { heading: "toast.error", body: apiErrorMessage(failure) };
      },
    );
    setBusy(false);
    if (!outcome.ok) return;
    setSaved(state);
    onSaved(outcome.value);
  };

  return { state, update, language, setLanguage, shown, error, busy, form, submit };
}
