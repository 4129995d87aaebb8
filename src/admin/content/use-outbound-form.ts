import { type FormEvent, useState } from "react";
import type { TranslationLanguage } from "../../shared/content-languages.ts";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import { firstLanguageWithError } from "../shell/form/translation-errors.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { useBuilderDraft } from "./builder-draft-bar.tsx";
import { contentApi } from "./content-api.ts";
import type { ContentKind } from "./content-kinds.ts";
import {
  type EditedOutboundType,
  emptyOutboundForm,
  type OutboundFormState,
  outboundFormFromRecord,
  outboundRequestFromForm,
  validateOutboundForm,
} from "./outbound-form-state.ts";
import { translationsRoot } from "./outbound-translations-section.tsx";
import { useSavedContent } from "./use-saved-content.ts";

/** A change of the outbound form; the server's refusals about `paths` are cleared with it. */
export type ChangeOutboundForm = (next: Partial<OutboundFormState>, paths: string[]) => void;

/**
 * The outbound editor's state: the record as the server last answered it (none until a new one is
 * created), the form, the language tab of its translations, the builder's draft of a tour, and the
 * save, which opens a new outbound's own address.
 */
export function useOutboundForm({
  projectId,
  kind,
  type,
  record,
}: {
  projectId: string;
  kind: ContentKind;
  type: EditedOutboundType;
  record: AdminOutbound | null;
}) {
  const { saved, setSaved, store } = useSavedContent(projectId, kind, record, (stored) => stored.id);
  const form = useFormState<OutboundFormState>(
    () => (record ? outboundFormFromRecord(type, record) : emptyOutboundForm(type)),
    validateOutboundForm,
  );
  const { state } = form;
  const [textsLanguage, setTextsLanguage] = useState<TranslationLanguage>("de");
  const builderDraft = useBuilderDraft(projectId, "tour", type === "tour" ? (saved?.id ?? null) : null);
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  /** A change clears the server's refusals about the fields it touches. */
  const change: ChangeOutboundForm = (next, paths) =>
    form.update((current) => ({ ...current, ...next }), paths);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A refused translation sits on its language's tab: show it before the field takes the focus.
    const refused = firstLanguageWithError(validateOutboundForm(state), translationsRoot);
    if (refused) setTextsLanguage(refused);
    if (!form.checkSubmit(event)) return;
    const body = outboundRequestFromForm(state);
    await form.save(() =>
      store((current) =>
        current
          ? contentApi.outbounds.update(projectId, current.id, body)
          : contentApi.outbounds.create(projectId, body),
      ),
    );
  };

  return { saved, setSaved, form, textsLanguage, setTextsLanguage, builderDraft, errorOf, change, submit };
}
