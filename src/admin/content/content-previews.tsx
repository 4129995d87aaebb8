import { type CSSProperties, type ReactNode, useMemo } from "react";
import { useT } from "../i18n/intl.ts";
import type { BannerConfigState } from "./banner-config.ts";
import type { ChecklistConfigState } from "./checklist-config.ts";
import type { ModalConfigState } from "./modal-config.ts";
import type { NotificationConfigState } from "./notification-config.ts";
import type { ButtonState } from "./outbound-buttons.ts";
import { type RichBody, richBodyHtml, richBodyIsEmpty } from "./rich-body.ts";
import { sanitizePreview } from "./sanitize-preview.ts";
import type { SurveyQuestionState } from "./survey-form-state.ts";
import type { TourConfigState } from "./tour-config.ts";

// Live previews beside the editors: the content drawn the way the widget draws it, from the form's
// values as they are typed. HTML goes through the frames' allow-list first (sanitize-preview.ts).

/** The preview card: a heading, and a mock page the content sits on. */
export function PreviewPanel({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <aside className="detail-card content-preview" aria-labelledby="content-preview-title">
      <h2 id="content-preview-title">{t("content.section.preview")}</h2>
      <p className="subtle">{t("content.preview.sanitized")}</p>
      <div className="preview-page" data-testid="content-preview">
        {children}
      </div>
    </aside>
  );
}

/** Sanitized HTML; links do nothing in a preview (the admin would leave the form). */
export function PreviewHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizePreview(html), [html]);
  if (!clean) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by the frames' allow-list just above.
  return <div className={`preview-html ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

function PreviewButtons({ buttons, color }: { buttons: readonly ButtonState[]; color?: string }) {
  const shown = buttons.filter((button) => button.text.trim()).slice(0, 3);
  if (shown.length === 0) return null;
  return (
    <div className="preview-buttons">
      {shown.map((button, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; the order is what they are.
          key={index}
          className={`preview-button preview-button-${button.style}`}
          style={color ? ({ "--preview-brand": color } as CSSProperties) : undefined}
        >
          {button.text}
        </span>
      ))}
    </div>
  );
}

const brand = (color: string) => (/^#[0-9a-f]{6}$/i.test(color.trim()) ? color.trim() : undefined);

function Empty() {
  const { t } = useT();
  return <p className="subtle preview-empty">{t("content.preview.empty")}</p>;
}

export function BannerPreview({ config }: { config: BannerConfigState }) {
  const { t } = useT();
  const color = brand(config.color);
  return (
    <PreviewPanel>
      {config.title.trim() || !richBodyIsEmpty(config.body) ? (
        <div
          className={`preview-banner preview-banner-${config.format}`}
          style={color ? ({ "--preview-brand": color } as CSSProperties) : undefined}
        >
          <div className="preview-banner-text">
            {config.title.trim() && <strong>{config.title}</strong>}
            <PreviewHtml html={richBodyHtml(config.body)} />
          </div>
          <PreviewButtons buttons={config.buttons} color={color} />
          {config.showCloseButton && (
            <span className="preview-close" role="img" aria-label={t("content.preview.close")}>
              ×
            </span>
          )}
        </div>
      ) : (
        <Empty />
      )}
      <div className="preview-site" aria-hidden="true" />
    </PreviewPanel>
  );
}

export function ModalPreview({ config }: { config: ModalConfigState }) {
  const { t } = useT();
  const image = /^https?:\/\/\S+$/i.test(config.imageUrl.trim()) ? config.imageUrl.trim() : "";
  return (
    <PreviewPanel>
      <div className="preview-backdrop">
        {config.title.trim() || !richBodyIsEmpty(config.body) ? (
          <div className="preview-modal">
            {config.showCloseButton && (
              <span className="preview-close" role="img" aria-label={t("content.preview.close")}>
                ×
              </span>
            )}
            {image && <img src={image} alt="" className="preview-image" />}
            {config.title.trim() && <h3>{config.title}</h3>}
            <PreviewHtml html={richBodyHtml(config.body)} />
            <PreviewButtons buttons={config.buttons} />
          </div>
        ) : (
          // On the modal's card, not on the backdrop, where the muted text would be 2:1.
          <div className="preview-modal">
            <Empty />
          </div>
        )}
      </div>
    </PreviewPanel>
  );
}

export function NotificationPreview({ config }: { config: NotificationConfigState }) {
  const { t } = useT();
  const sender = config.senderName.trim();
  return (
    <PreviewPanel>
      <div className="preview-corner">
        {!richBodyIsEmpty(config.text) ? (
          <div className="preview-notification">
            <span className="user-avatar preview-avatar" aria-hidden="true">
              {(sender || "?").slice(0, 1).toUpperCase()}
            </span>
            <div>
              <strong>{sender || t("content.preview.anonymous")}</strong>
              {/* The server fills in the name after rendering, escaped; "Maya" needs no escaping. */}
              <PreviewHtml html={richBodyHtml(config.text).replaceAll("{{name}}", "Maya")} />
            </div>
          </div>
        ) : (
          <Empty />
        )}
        <span className="preview-launcher" aria-hidden="true" />
      </div>
    </PreviewPanel>
  );
}

export function NewsPreview({
  title,
  preview,
  body,
  cover,
}: {
  title: string;
  preview: string;
  body: RichBody;
  cover: string;
}) {
  const image = /^(https?:\/\/|data:image\/)\S+$/i.test(cover.trim()) ? cover.trim() : "";
  return (
    <PreviewPanel>
      <article className="preview-news">
        {image && <img src={image} alt="" className="preview-image" />}
        {title.trim() ? <h3>{title}</h3> : <Empty />}
        {preview.trim() && <p className="subtle">{preview}</p>}
        <PreviewHtml html={richBodyHtml(body)} className="article-body" />
      </article>
    </PreviewPanel>
  );
}

export function ChecklistPreview({ config }: { config: ChecklistConfigState }) {
  return (
    <PreviewPanel>
      <div className="preview-messenger">
        {config.subject.trim() ? <h3>{config.subject}</h3> : <Empty />}
        {config.message.trim() && <p className="subtle">{config.message}</p>}
        <ol className="preview-steps">
          {config.steps.map((step) => (
            <li key={step.id}>
              <strong>{step.title || "…"}</strong>
              {!richBodyIsEmpty(step.description) && (
                <PreviewHtml html={richBodyHtml(step.description)} className="subtle" />
              )}
              {step.action !== "none" && (
                <span className="preview-button preview-button-primary">{step.actionTitle || "…"}</span>
              )}
            </li>
          ))}
        </ol>
      </div>
    </PreviewPanel>
  );
}

export function TourPreview({ config }: { config: TourConfigState }) {
  const { t } = useT();
  const first = config.steps[0];
  return (
    <PreviewPanel>
      {first ? (
        <div className="preview-tour">
          <code className="preview-target">{first.selector || "…"}</code>
          <div className="preview-bubble">
            {first.title.trim() && <strong>{first.title}</strong>}
            <PreviewHtml html={richBodyHtml(first.message)} />
            <div className="preview-bubble-foot">
              <span className="subtle">
                {t("content.preview.stepOf", { n: 1, total: config.steps.length })}
              </span>
              <span className="preview-button preview-button-primary">
                {t(config.steps.length > 1 ? "content.preview.next" : "content.preview.done")}
              </span>
            </div>
          </div>
        </div>
      ) : (
        <Empty />
      )}
    </PreviewPanel>
  );
}

export function TooltipPreview({
  html,
  mode,
  posX,
  color,
}: {
  html: string;
  mode: string;
  posX: string;
  color: string;
}) {
  const tint = brand(color);
  return (
    <PreviewPanel>
      <div
        className={`preview-tooltip preview-tooltip-${posX}`}
        style={tint ? ({ "--preview-brand": tint } as CSSProperties) : undefined}
      >
        <span className="preview-element" aria-hidden="true" />
        {mode === "hotspot" && <span className="preview-hotspot" aria-hidden="true" />}
        <div className="preview-bubble">{html.trim() ? <PreviewHtml html={html} /> : <Empty />}</div>
      </div>
    </PreviewPanel>
  );
}

export function SurveyPreview({
  title,
  question,
}: {
  title: string;
  question: SurveyQuestionState | undefined;
}) {
  return (
    <PreviewPanel>
      <div className="preview-corner">
        <div className="preview-survey">
          {title.trim() && <span className="subtle preview-eyebrow">{title}</span>}
          {question?.title.trim() ? <h3>{question.title}</h3> : <Empty />}
          {question?.type === "nps" && (
            <div className="preview-scale">
              {[...Array(11).keys()].map((score) => (
                <span key={score}>{score}</span>
              ))}
            </div>
          )}
          {question?.type === "rating" && <div className="preview-stars">{"★".repeat(question.scale)}</div>}
          {(question?.type === "single" || question?.type === "multiple") && (
            <ul className="preview-choices">
              {question.options
                .split("\n")
                .filter((line) => line.trim())
                .map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the choices in order.
                  <li key={index}>{line}</li>
                ))}
            </ul>
          )}
          {question?.type === "text" && <div className="preview-textarea" />}
        </div>
      </div>
    </PreviewPanel>
  );
}
