import type { BuilderItem } from "./builder-item.ts";
import { type BuilderTexts, fill } from "./builder-texts.ts";
import type { Builder } from "./use-builder.ts";

/** Save, in the bar and at the foot of the editor; off while a save is on its way. */
export function SaveButton({ t, builder }: { t: BuilderTexts; builder: Builder }) {
  return (
    <button
      type="button"
      className="gb-button gb-primary"
      disabled={builder.save.state === "saving"}
      onClick={builder.onSave}
    >
      {t.save}
    </button>
  );
}

const itemName = (item: BuilderItem | null) =>
  item?.kind === "tour" ? item.outbound.name : item?.kind === "tooltip" ? item.tooltip.name : "";

/** The bar over the page (navigate and picker modes): the item, the page, the status, the actions. */
export function BuilderBar(props: {
  t: BuilderTexts;
  builder: Builder;
  title: string;
  status: string;
  failed: boolean;
}) {
  const { t, builder, status } = props;
  const { item, mode, page, setMode } = builder;
  const stepCount = item?.kind === "tour" ? item.steps.length : null;
  return (
    <header className="gb-bar">
      <div className="gb-brand">
        <span className="gb-logo" aria-hidden="true" />
        <div className="gb-brand-text">
          <strong>{props.title}</strong>
          <span className="gb-name">{itemName(item)}</span>
        </div>
      </div>
      {mode === "picker" ? (
        <p className={builder.unnamed ? "gb-hint gb-status-error" : "gb-hint"} role="status">
          {builder.unnamed ? t.pickUnnamed : t.pickHint}
        </p>
      ) : (
        <p className="gb-page" title={page}>
          <span className="gb-label">{t.currentPage}</span> <span className="gb-url">{page}</span>
        </p>
      )}
      <p
        className={props.failed ? "gb-status gb-status-error" : "gb-status"}
        role="status"
        aria-live="polite"
      >
        {mode === "picker" ? "" : status}
      </p>
      <div className="gb-actions">
        {mode === "picker" ? (
          <button type="button" className="gb-button" onClick={() => setMode("navigate")}>
            {t.cancel}
          </button>
        ) : (
          item && (
            <>
              <button type="button" className="gb-button" onClick={() => setMode("editor")}>
                {stepCount === null
                  ? t.editSteps
                  : `${t.editSteps} · ${stepCount === 1 ? t.oneStep : fill(t.steps, { count: stepCount })}`}
              </button>
              <button type="button" className="gb-button" onClick={() => setMode("picker")}>
                {t.pickElement}
              </button>
              <SaveButton t={t} builder={builder} />
            </>
          )
        )}
      </div>
    </header>
  );
}
