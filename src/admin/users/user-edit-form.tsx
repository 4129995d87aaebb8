import { type FormEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { type UpdateUserRequest, type UserDetail, userRoles } from "../../shared/users-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { sessionState } from "../session/session-store.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/confirm.ts";
import { type FieldErrors, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import {
  type UserEditForm as UserEditFormState,
  userEditFormFrom,
  userMessage,
  userRefusalText,
  userUpdateFromForm,
  validateUserEdit,
} from "./user-edit-state.ts";
import { usersApi } from "./users-api.ts";
import "./user-forms.css";

/**
 * Nickname, e-mail and role of a user (`PATCH /api/users/:id`). The shared rules show at their fields
 * after a first save; the server's refusals (a taken nickname or address) show at theirs. A role change
 * is confirmed first, since it grants or takes away this dashboard.
 */
export function UserEditForm({
  user,
  onSaved,
  onCancel,
}: {
  user: UserDetail;
  onSaved: (user: UserDetail) => void;
  onCancel: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const { user: me } = useSnapshot(sessionState);
  // The server refuses a change of one's own role; the form says so instead of offering it.
  const ownAccount = me?.id === user.id;
  const [form, setForm] = useState<UserEditFormState>(() => userEditFormFrom(user));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validateUserEdit(user, form) : {}) };
  const labels = { name: t("user.field.name"), email: t("user.field.email"), role: t("user.field.role") };
  const errorOf = (field: keyof UserEditFormState) => {
    const message = errors[field];
    return message ? userMessage(tr, message, labels[field]) : null;
  };

  const change = (next: Partial<UserEditFormState>) => {
    setForm((current) => ({ ...current, ...next }));
    if (Object.keys(next).some((field) => field in serverErrors)) setServerErrors({});
  };

  const save = async (body: UpdateUserRequest) => {
    setBusy(true);
    try {
      const saved = await usersApi.update(user.id, body);
      showToast({ type: "success", heading: "user.updated" });
      onSaved(saved);
    } catch (failure) {
      const fieldError = serverFieldError(failure);
      if (fieldError) setServerErrors(fieldError);
      showToast({ type: "error", heading: "toast.error", body: userRefusalText(apiErrorMessage(failure)) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateUserEdit(user, form)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    const body = userUpdateFromForm(user, form);
    if (Object.keys(body).length === 0) {
      showToast({ type: "info", heading: "user.edit.unchanged" });
      onCancel();
      return;
    }
    if (!body.role) {
      void save(body);
      return;
    }
    const name = user.name;
    confirmAction({
      type: body.role === "ADMIN" ? "warning" : "danger",
      heading: t(body.role === "ADMIN" ? "user.confirm.makeAdminTitle" : "user.confirm.makeUserTitle", {
        name,
      }),
      body: t(body.role === "ADMIN" ? "user.confirm.makeAdminBody" : "user.confirm.makeUserBody", { name }),
      confirmLabel: t("user.edit.save"),
      onConfirm: () => void save(body),
    });
  };

  return (
    <section className="detail-card detail-wide" aria-labelledby="user-edit-title">
      <h2 id="user-edit-title">{t("user.edit.title")}</h2>
      <form noValidate onSubmit={submit}>
        <div className="form-row user-form-row">
          <FormField id="user-name" label={labels.name} error={errorOf("name")}>
            {(props) => (
              <input
                {...props}
                name="name"
                autoComplete="off"
                maxLength={64}
                value={form.name}
                onChange={(event) => change({ name: event.target.value })}
              />
            )}
          </FormField>
          <FormField id="user-email" label={labels.email} error={errorOf("email")}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                autoComplete="off"
                value={form.email}
                onChange={(event) => change({ email: event.target.value })}
              />
            )}
          </FormField>
          <FormField id="user-role" label={labels.role} error={errorOf("role")}>
            {(props) => (
              <select
                {...props}
                name="role"
                disabled={ownAccount}
                value={form.role}
                onChange={(event) => change({ role: event.target.value as UserEditFormState["role"] })}
              >
                {userRoles.map((role) => (
                  <option key={role} value={role}>
                    {t(`role.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <p className="subtle">{t("user.edit.emailHint")}</p>
        {ownAccount && <p className="subtle">{t("user.edit.ownRole")}</p>}
        <div className="page-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t("user.edit.saving") : t("user.edit.save")}
          </Button>
          <Button variant="tertiary" onClick={onCancel}>
            {t("user.edit.cancel")}
          </Button>
        </div>
      </form>
    </section>
  );
}
