import { DraftLiveField } from "../content/draft-live-field.tsx";
import { useT } from "../i18n/intl.ts";
import { InputField } from "../shell/form/form-inputs.tsx";
import type { BotFormField, BotFormState } from "./bot-form-state.ts";

/** The fields a bot keeps beside its steps. */
type BotDetails = Pick<BotFormState, "name" | "status" | "avatarUrl">;

/** The bot's name, its status (draft or live) and the address of its avatar, with a hint for the avatar. */
export function BotDetailsFields({
  details,
  errors,
  onChange,
}: {
  details: BotDetails;
  errors: Partial<Record<BotFormField, "required" | "url">>;
  onChange(change: Partial<BotDetails>): void;
}) {
  const { t } = useT();
  return (
    <div className="card entity-form">
      <div className="bot-form-row">
        <InputField
          id="bot-name"
          label={t("bots.field.name")}
          value={details.name}
          maxLength={200}
          error={errors.name ? t(`bots.rule.${errors.name}`) : null}
          onChange={(name) => onChange({ name })}
        />
        <DraftLiveField
          id="bot-status"
          area="bots"
          value={details.status}
          onChange={(status) => onChange({ status })}
        />
      </div>
      <InputField
        id="bot-avatar"
        label={t("bots.field.avatar")}
        type="url"
        value={details.avatarUrl}
        error={errors.avatarUrl ? t(`bots.rule.${errors.avatarUrl}`) : null}
        describedBy="bot-avatar-hint"
        onChange={(avatarUrl) => onChange({ avatarUrl })}
      />
      <p className="subtle bot-hint" id="bot-avatar-hint">
        {t("bots.field.avatarHint")}
      </p>
    </div>
  );
}
