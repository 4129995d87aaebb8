import { type FormEvent, type InputHTMLAttributes, useEffect, useState } from "react";
import type { AdminProfile } from "../../shared/profile-api.ts";
import { AlertChoices } from "../alerts/alert-settings.tsx";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import { ResourceStates } from "../shell/detail/detail-status.tsx";
import { PageHeader } from "../shell/layout/page-header.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { useBusyAction } from "../shell/overlay/use-busy-action.ts";
import profileCss from "./profile.css" with { type: "text" };
import { profileApi } from "./profile-api.ts";
import { ProfileToggleCard } from "./profile-toggle-card.tsx";
import { availabilityToggle, unreadMailToggle } from "./profile-toggles.ts";
import "../shell/layout/navigation-texts.ts";

adoptStyles(profileCss);

/** An address the preview may show: what the server would take (an http(s) URL), else the initial. */
const showable = (url: string) => /^https?:\/\/\S+$/i.test(url.trim());

/**
 * `/dashboard/profile`: the admin's display name and picture, which
 * their replies carry in the messenger and its notifications, with a preview of a reply.
 */
export default function ProfilePage() {
  const { t } = useT();
  useDocumentTitle(t("profile.title"));
  const { resource, reload, replace } = useResource(profileApi.get, "profile");

  return (
    <section className="profile-page" aria-labelledby="profile-title">
      <PageHeader id="profile-title" title={t("profile.title")} subtitle={t("profile.subtitle")} />
      <ResourceStates resource={resource} loading="profile.loading" error="profile.error" onRetry={reload}>
        {(profile) => (
          <>
            <ProfileForm profile={profile} onSaved={replace} />
            <ProfileToggleCard toggle={availabilityToggle} profile={profile} onSaved={replace} />
            <ProfileToggleCard toggle={unreadMailToggle} profile={profile} onSaved={replace} />
          </>
        )}
      </ResourceStates>
      <section className="detail-card profile-form" aria-labelledby="profile-alerts-title">
        <h2 id="profile-alerts-title">{t("alerts.settings")}</h2>
        <p className="subtle">{t("profile.alertsHint")}</p>
        <AlertChoices />
      </section>
    </section>
  );
}

/** A text field with its hint below, which the input is described by. */
function HintedField({
  id,
  label,
  hint,
  onText,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  hint: string;
  onText: (text: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onText(event.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint subtle">
        {hint}
      </p>
    </div>
  );
}

/** A reply as visitors will see it: the picture (or the name's initial) beside the name and a bubble. */
function ReplyPreview({ name, avatarUrl }: { name: string; avatarUrl: string }) {
  const { t } = useT();
  return (
    <div className="profile-preview">
      <p className="field-label">{t("profile.preview")}</p>
      <div className="profile-preview-message">
        {showable(avatarUrl) ? (
          <img className="profile-avatar" src={avatarUrl.trim()} alt="" width={36} height={36} />
        ) : (
          <span className="profile-avatar profile-avatar-initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <p className="profile-preview-name" data-testid="profile-preview-name">
            {name}
          </p>
          <p className="profile-preview-bubble">{t("profile.previewText")}</p>
        </div>
      </div>
    </div>
  );
}

function ProfileForm({
  profile,
  onSaved,
}: {
  profile: AdminProfile;
  onSaved: (profile: AdminProfile) => void;
}) {
  const { t } = useT();
  const [displayName, setDisplayName] = useState(profile.displayName ?? "");
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl ?? "");
  const { busy, run } = useBusyAction();
  useEffect(() => {
    setDisplayName(profile.displayName ?? "");
    setAvatarUrl(profile.avatarUrl ?? "");
  }, [profile]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await run(
      () =>
        profileApi.save({
          displayName: displayName.trim() || null,
          avatarUrl: avatarUrl.trim() || null,
        }),
      "profile.saved",
    );
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <form className="detail-card profile-form" onSubmit={submit} aria-busy={busy}>
      <HintedField
        id="profile-display-name"
        label={t("profile.displayName")}
        hint={t("profile.displayNameHint", { name: profile.name })}
        name="displayName"
        value={displayName}
        maxLength={64}
        onText={setDisplayName}
      />
      <HintedField
        id="profile-avatar-url"
        label={t("profile.avatarUrl")}
        hint={t("profile.avatarUrlHint")}
        name="avatarUrl"
        type="url"
        inputMode="url"
        value={avatarUrl}
        maxLength={2048}
        placeholder="https://"
        onText={setAvatarUrl}
      />
      <ReplyPreview name={displayName.trim() || profile.name} avatarUrl={avatarUrl} />
      <div className="profile-actions">
        <Button type="submit" disabled={busy}>
          {t("profile.save")}
        </Button>
      </div>
    </form>
  );
}
