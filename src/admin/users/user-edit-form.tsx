import type { FormEvent } from "react";
import { useSnapshot } from "valtio";
import {
  type UpdateUserRequest,
  type UserDetail,
  type UserRole,
  userErrors,
  userRoles,
} from "../../shared/users-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { sessionState, updateSessionUser } from "../session/session-store.ts";
import { Button } from "../shell/button.tsx";
import { FormActions } from "../shell/form/form-actions.tsx";
import { serverFieldError } from "../shell/form/form-errors.ts";
import { InputField, SelectField } from "../shell/form/form-inputs.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import {
  type UserEditForm as UserEditFormState,
  userEditFormFrom,
  userMessage,
  userRefusalText,
  userUpdateFromForm,
  validateUserEdit,
} from "./user-edit-state.ts";
import { usersApi } from "./users-api.ts";
import "./user-form-styles.ts";

/** What a role change asks first: making an admin warns, taking the dashboard away is dangerous. */
function roleChangeQuestion({ t }: Translator, name: string, role: UserRole) {
  const admin = role === "ADMIN";
  return {
    type: admin ? "warning" : "danger",
    heading: t(admin ? "user.confirm.makeAdminTitle" : "user.confirm.makeUserTitle", { name }),
    body: t(admin ? "user.confirm.makeAdminBody" : "user.confirm.makeUserBody", { name }),
    confirmLabel: t("user.edit.save"),
  } as const;
}

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
  const form = useFormState<UserEditFormState>(
    () => userEditFormFrom(user),
    (state) => validateUserEdit(user, state),
    userMessage,
  );
  const { state } = form;
  const labels = { name: t("user.field.name"), email: t("user.field.email"), role: t("user.field.role") };

  const save = (body: UpdateUserRequest) =>
    form.save(
      async () => {
        const saved = await usersApi.update(user.id, body);
        updateSessionUser(saved);
        showToast({ type: "success", heading: "user.updated" });
        onSaved(saved);
      },
      (failure) => {
        const message = apiErrorMessage(failure);
        // Demoting the last admin names no field, but it is the role that cannot change.
        const fields =
          serverFieldError(failure) ??
          (body.role && message === userErrors.lastAdmin ? { role: message } : null);
        form.refuseWithReason(fields, userRefusalText(message));
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const body = userUpdateFromForm(user, state);
    if (Object.keys(body).length === 0) {
      showToast({ type: "info", heading: "user.edit.unchanged" });
      onCancel();
      return;
    }
    if (!body.role) {
      void save(body);
      return;
    }
    // The promise keeps the dialog busy until the save is done.
    confirmAction({ ...roleChangeQuestion(tr, user.name, body.role), onConfirm: () => save(body) });
  };

  return (
    <section className="detail-card detail-wide" aria-labelledby="user-edit-title">
      <h2 id="user-edit-title">{t("user.edit.title")}</h2>
      <form noValidate onSubmit={submit}>
        <div className="form-row user-form-row">
          <InputField {...form.field("user-name", "name", labels.name)} autoComplete="off" />
          <InputField {...form.field("user-email", "email", labels.email)} type="email" autoComplete="off" />
          <SelectField
            {...form.field("user-role", "role", labels.role)}
            disabled={ownAccount}
            options={userRoles.map((role) => ({ value: role, text: t(`role.${role}`) }))}
          />
        </div>
        <p className="subtle">{t("user.edit.emailHint")}</p>
        {ownAccount && <p className="subtle">{t("user.edit.ownRole")}</p>}
        <FormActions busy={form.busy} busyLabel={t("user.edit.saving")} submitLabel={t("user.edit.save")}>
          <Button variant="tertiary" onClick={onCancel}>
            {t("user.edit.cancel")}
          </Button>
        </FormActions>
      </form>
    </section>
  );
}
