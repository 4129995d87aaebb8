import type { FormEvent } from "react";
import { useLocation } from "wouter";
import { messages } from "../../shared/form-rule-messages.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import type { FieldErrors } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { projectHref, projectListHref } from "./project-paths.ts";
import { settingsLimits } from "./project-settings-form.ts";
import { projectsApi } from "./projects-api.ts";
import "./project-styles.ts";

function validateName({ name }: { name: string }): FieldErrors {
  const text = name.trim();
  if (!text) return { name: messages.required("name") };
  return text.length > settingsLimits.name ? { name: messages.tooLong(settingsLimits.name + 1) } : {};
}

/**
 * `/dashboard/projects/create`: a project needs only its name; the server makes its SDK key and
 * identity secret (verification on), and the settings screen opens with the snippet to install.
 */
export default function ProjectCreatePage() {
  const { t } = useT();
  const [, navigate] = useLocation();
  useDocumentTitle(t("projectCreate.title"));
  const form = useFormState({ name: "" }, validateName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    await form.save(async () => {
      const created = await projectsApi.create(form.state.name.trim());
      showToast({ type: "success", heading: "projectCreate.created" });
      navigate(projectHref(created.id));
    });
  };

  const label = t("projectSettings.field.name");
  return (
    <FormPage
      titleId="project-create-title"
      title={t("projectCreate.title")}
      subtitle={null}
      back={<BackLink href={projectListHref()} />}
    >
      <form className="entity-form project-create-form" noValidate onSubmit={submit}>
        <section className="detail-card">
          <FormField id="project-name" label={label} error={form.errorOf("name", label)}>
            {(props) => (
              <input
                {...props}
                name="name"
                autoComplete="off"
                value={form.state.name}
                onChange={(event) => form.update(() => ({ name: event.target.value }), ["name"])}
              />
            )}
          </FormField>
          <p className="subtle project-hint">{t("projectCreate.hint")}</p>
        </section>
        <FormActions
          busy={form.busy}
          busyLabel={t("projectCreate.creating")}
          submitLabel={t("projectCreate.submit")}
        >
          <FormCancelLink href={projectListHref()}>{t("form.cancel")}</FormCancelLink>
        </FormActions>
      </form>
    </FormPage>
  );
}
