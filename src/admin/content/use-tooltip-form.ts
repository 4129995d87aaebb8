import type { FormEvent } from "react";
import type { AdminTooltip, TooltipWrite } from "../../shared/inbox-api.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { useBuilderDraft } from "./builder-draft-bar.tsx";
import { contentApi } from "./content-api.ts";
import {
  emptyTooltipForm,
  type TooltipFormState,
  tooltipFormFromRecord,
  tooltipRequestFromForm,
  validateTooltipForm,
} from "./tooltip-form-state.ts";
import { useSavedContent } from "./use-saved-content.ts";

/**
 * The tooltip editor's state: the record as the server last answered it (none until a new one is
 * created), the form, the builder's draft of the tooltip, and the save, which opens a new tooltip's
 * own address.
 */
export function useTooltipForm(projectId: string, record: AdminTooltip | null) {
  const { saved, setSaved, store } = useSavedContent(projectId, "tooltips", record, (stored) => stored.id);
  const form = useFormState<TooltipFormState>(
    () => (record ? tooltipFormFromRecord(record) : emptyTooltipForm),
    validateTooltipForm,
  );
  const { state } = form;
  const builderDraft = useBuilderDraft(projectId, "tooltip", saved?.id ?? null);
  const set = (change: Partial<TooltipFormState>) =>
    form.update((current) => ({ ...current, ...change }), Object.keys(change));
  const errorOf = (path: string, label: string) => form.errorOf(path, label);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    // The shared schema has just accepted the body.
    const body = tooltipRequestFromForm(state) as TooltipWrite;
    await form.save(() =>
      store((current) =>
        current
          ? contentApi.tooltips.update(projectId, current.id, body)
          : contentApi.tooltips.create(projectId, body),
      ),
    );
  };

  return { saved, setSaved, form, builderDraft, set, errorOf, submit };
}
