import type { FormEvent } from "react";
import { useLocation, useParams } from "wouter";
import { type AdminFeatureRequest, featureRequestStatuses } from "../../shared/feature-requests-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { CheckField } from "../shell/form/check-field.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { InputField, SelectField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import {
  type FeatureRequestForm,
  featureRequestFormFrom,
  featureRequestFormWrite,
  featureRequestLimits,
  validateFeatureRequestForm,
} from "./feature-request-form-state.ts";
import { featureRequestBoardPath } from "./feature-request-paths.ts";
import { featureRequestsApi } from "./feature-requests-api.ts";
import "./feature-request-styles.ts";
// The check box comes from the projects area, with its styles.
import "../projects/project-styles.ts";

/** The request's wording, the status visitors see and whether they see it at all. */
function FeatureRequestFormView({ projectId, request }: { projectId: string; request: AdminFeatureRequest }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const form = useFormState<FeatureRequestForm>(
    () => featureRequestFormFrom(request),
    validateFeatureRequestForm,
  );
  const { state } = form;
  const back = listHref(featureRequestBoardPath(projectId));
  const set = <K extends keyof FeatureRequestForm>(field: K, value: FeatureRequestForm[K]) =>
    form.update((current) => ({ ...current, [field]: value }), [field]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    await form.save(async () => {
      await featureRequestsApi.update(projectId, request.id, featureRequestFormWrite(state));
      showToast({ type: "success", heading: "featureRequestForm.saved" });
      navigate(back);
    });
  };

  const titleLabel = t("featureRequestForm.field.title");
  const descriptionLabel = t("featureRequestForm.field.description");
  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <InputField
          {...form.field("feature-request-title", "title", titleLabel)}
          maxLength={featureRequestLimits.title + 1}
        />
        <TextAreaField
          {...form.field("feature-request-description", "description", descriptionLabel)}
          rows={5}
        />
        <SelectField
          {...form.field("feature-request-status", "status", t("featureRequestForm.field.status"))}
          error={null}
          describedBy="feature-request-status-hint"
          options={featureRequestStatuses.map((status) => ({
            value: status,
            text: t(`featureRequests.status.${status}`),
          }))}
        />
        <p className="subtle check-hint status-hint" id="feature-request-status-hint">
          {t("featureRequestForm.field.statusHint")}
        </p>
        <CheckField
          id="feature-request-hidden"
          label={t("featureRequestForm.field.hidden")}
          hint={t("featureRequestForm.field.hiddenHint")}
          checked={state.hidden}
          onChange={(hidden) => set("hidden", hidden)}
        />
      </section>
      <FormActions
        busy={form.busy}
        busyLabel={t("featureRequestForm.saving")}
        submitLabel={t("featureRequestForm.save")}
      >
        <FormCancelLink href={back}>{t("confirm.cancel")}</FormCancelLink>
      </FormActions>
    </form>
  );
}

/** `/dashboard/feature-requests/{project}/{id}/edit`: one request of the board, loaded, then its form. */
export default function FeatureRequestEditPage() {
  const { t } = useT();
  const { projectId = "", id = "" } = useParams<{ projectId: string; id: string }>();
  const { resource, reload } = useResource(() => featureRequestsApi.get(projectId, id), `${projectId}/${id}`);
  useDocumentTitle(t("featureRequestForm.title"), resource.state === "ready" ? resource.data.title : null);
  const back = <BackLink href={listHref(featureRequestBoardPath(projectId))} />;
  if (resource.state !== "ready") {
    return (
      <DetailStatus
        resource={resource}
        back={back}
        onRetry={reload}
        texts={detailTexts("featureRequestForm")}
      />
    );
  }
  const request = resource.data;
  return (
    <FormPage
      titleId="feature-request-form-title"
      title={t("featureRequestForm.title")}
      subtitle={t("featureRequestForm.votes", { count: request.votes })}
      back={back}
    >
      <FeatureRequestFormView key={request.id} projectId={projectId} request={request} />
    </FormPage>
  );
}
