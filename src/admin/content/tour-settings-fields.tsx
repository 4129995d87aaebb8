import { tourTypes } from "../../shared/guide-authoring-api.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import type { TourConfigState } from "./tour-config.ts";

type TextKey =
  | "nextText"
  | "prevText"
  | "doneText"
  | "senderName"
  | "senderAvatar"
  | "kaiSlug"
  | "kaiAvatar"
  | `unmuteModal${string}`;

interface TourSettingsProps {
  config: TourConfigState;
  errorOf: (path: string, label: string) => string | null;
  set: (change: Partial<TourConfigState>) => void;
}

/** A setting's text box, bound to `config.{key}` and labelled `content.guide.{key}`. */
function SettingText({
  config,
  errorOf,
  set,
  name,
  hint,
  placeholder,
}: TourSettingsProps & {
  name: Extract<keyof TourConfigState, TextKey>;
  hint?: string;
  placeholder?: string;
}) {
  const { t } = useT();
  const label = t(`content.guide.${name}`);
  return (
    <TextField
      id={`tour-${name}`}
      label={label}
      value={config[name]}
      hint={hint}
      placeholder={placeholder}
      error={errorOf(`config.${name}`, label)}
      onChange={(value) => set({ [name]: value })}
    />
  );
}

/** The tour's type (popovers or the co-pilot) and its buttons' texts. */
export function TourTypeFields(props: TourSettingsProps) {
  const { config, set } = props;
  const { t } = useT();
  return (
    <div className="guide-fields">
      <SelectField
        id="tour-type"
        label={t("content.guide.tourType")}
        value={config.tourType}
        options={tourTypes.map((value) => ({ value, text: t(`content.guide.tourType.${value}`) }))}
        onChange={(tourType) => set({ tourType })}
      />
      {config.tourType === "standard" && (
        <fieldset className="guide-group">
          <legend>{t("content.guide.buttons")}</legend>
          <div className="form-row">
            <SettingText {...props} name="nextText" placeholder={t("content.guide.nextText")} />
            <SettingText {...props} name="prevText" placeholder={t("content.guide.prevText")} />
            <SettingText {...props} name="doneText" placeholder={t("content.guide.doneText")} />
          </div>
          <p className="field-hint subtle">{t("content.guide.buttonTextHint")}</p>
          <CheckboxField
            id="tour-back-button"
            label={t("content.guide.backButton")}
            checked={config.backButton}
            onChange={(backButton) => set({ backButton })}
          />
        </fieldset>
      )}
      {config.tourType === "standard" && (
        <div className="form-row">
          <SettingText {...props} name="senderName" />
          <SettingText {...props} name="senderAvatar" placeholder="https://" />
        </div>
      )}
    </div>
  );
}

/** The co-pilot's badge, voice, border and unmute modal (spec §2 "AI co-pilot tour"). */
export function CopilotFields(props: TourSettingsProps) {
  const { config, set } = props;
  const { t } = useT();
  if (config.tourType !== "cobrowse") return null;
  return (
    <section className="detail-card guide-fields" aria-labelledby="tour-copilot-title">
      <h2 id="tour-copilot-title">{t("content.guide.copilot")}</h2>
      <div className="form-row">
        <SettingText {...props} name="kaiSlug" placeholder="Acme co-pilot" />
        <SettingText {...props} name="kaiAvatar" placeholder="https://" />
      </div>
      <CheckboxField
        id="tour-play-voice"
        label={t("content.guide.playVoice")}
        checked={config.playVoice}
        onChange={(playVoice) => set({ playVoice })}
      />
      <CheckboxField
        id="tour-gradient"
        label={t("content.guide.gradient")}
        checked={config.gradient}
        onChange={(gradient) => set({ gradient })}
      />
      <CheckboxField
        id="tour-unmute-modal"
        label={t("content.guide.showUnmuteModal")}
        checked={config.showUnmuteModal}
        onChange={(showUnmuteModal) => set({ showUnmuteModal })}
      />
      {config.showUnmuteModal && (
        <div className="form-row">
          <SettingText {...props} name="unmuteModalTitle" />
          <SettingText {...props} name="unmuteModalButton" />
          <SettingText {...props} name="unmuteModalContinue" />
        </div>
      )}
    </section>
  );
}
