import { type FormEvent, useState } from "react";
import type { ContentLanguage } from "../../shared/content-languages.ts";
import { apiErrorBody, apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { useEditorForm } from "../shell/form/use-editor-form.ts";
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
  const { state, setState, tried, busy, form, send } = useEditorForm(initial);
  const [language, setLanguage] = useState<ContentLanguage>("en");
  const [serverErrors, setServerErrors] = useState<HelpErrors<F, R>>({});
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
    const found = validate(state);
    const invalid = Object.keys(found).length > 0;
    const tab = invalid ? languageWithError(found) : null;
    if (tab) setLanguage(tab);
    const outcome = await send(
      event,
      invalid,
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
    if (outcome?.ok) onSaved(outcome.value);
  };

  return { state, update, language, setLanguage, shown, error, busy, form, submit };
}
