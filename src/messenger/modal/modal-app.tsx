import { type CSSProperties, useCallback, useEffect, useId, useRef } from "react";
import { type HostToModalMessage, hostToModal } from "../../shared/frame-messages.ts";
import {
  type ActionMessage,
  applyFrameLanguage,
  frameTexts,
  safeColor,
  textOn,
} from "../banner/outbound-content.ts";
import {
  CloseButton,
  linkClickToHost,
  OutboundButtons,
  useOutboundData,
  useReportedHeight,
} from "../banner/outbound-frame-ui.tsx";
import { createParentChannel, type ParentChannel } from "../banner/parent-channel.ts";

type ModalData = HostToModalMessage["data"] & { language?: unknown; imageUrl?: unknown };

export const createModalChannel = () =>
  createParentChannel({ frameType: "MODAL", loadedName: "modal-loaded", schemas: hostToModal });

const webImage = (value: unknown) =>
  typeof value === "string" && /^https?:\/\//i.test(value) ? value : undefined;

/**
 * The modal frame at `/modal` of the messenger origin: a title, a sanitized body, an optional header
 * image and up to three buttons in the brand colour the host sends (`primaryColor`). The close button
 * and Escape close it unless `showCloseButton` is false; a button that asks the host for something
 * closes it too, since the visitor has answered. The host's iframe carries the dialog role; inside,
 * the content is labelled by its title.
 */
export function ModalApp({ channel }: { channel: ParentChannel<typeof hostToModal> }) {
  const { data, buttons, body } = useOutboundData<ModalData, typeof hostToModal>(channel);
  const rootRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const reportHeight = useCallback(
    (height: number) => channel.send({ name: "modal-height", data: { height } }),
    [channel],
  );
  useReportedHeight(rootRef, data !== null, reportHeight);

  const closable = data?.showCloseButton !== false;
  const close = useCallback(() => channel.send({ name: "modal-close" }), [channel]);

  useEffect(() => {
    if (!data) return;
    applyFrameLanguage(data.language);
    // Focus starts at the top of the content, so a screen reader reads the title first and Tab
    // reaches the buttons; the host moves focus into the frame once it is shown.
    const focusContent = () => {
      if (document.activeElement === document.body || document.activeElement === null) {
        rootRef.current?.focus({ preventScroll: true });
      }
    };
    focusContent();
    window.addEventListener("focus", focusContent);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && closable) close();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("focus", focusContent);
      window.removeEventListener("keydown", onKey);
    };
  }, [data, closable, close]);

  if (!data) return null;

  const texts = frameTexts(data.language);
  const brand = safeColor(data.primaryColor, "#485BFF");
  const style = { "--ob-brand": brand, "--ob-on-brand": textOn(brand), "--ob-focus": brand } as CSSProperties;
  const image = webImage(data.imageUrl);
  const send = (message: ActionMessage) => {
    channel.send(message);
    close();
  };

  return (
    <div
      ref={rootRef}
      className="modal"
      style={style}
      tabIndex={-1}
      role="document"
      aria-labelledby={data.title ? titleId : undefined}
      data-has-image={image ? "true" : "false"}
    >
      {image ? <img className="modal-image" src={image} alt="" /> : null}
      <div className="modal-content">
        {data.title ? (
          <h1 id={titleId} className="modal-title">
            {data.title}
          </h1>
        ) : null}
        {body ? (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which are keyboard reachable themselves
          <div
            className="modal-body ob-body"
            dir="auto"
            onClick={(event) => linkClickToHost(event, send)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (sanitize-html.ts)
            dangerouslySetInnerHTML={{ __html: body }}
          />
        ) : null}
        <OutboundButtons buttons={buttons} onAction={send} onClose={close} />
      </div>
      {closable ? <CloseButton className="modal-close" label={texts.close} onClick={close} /> : null}
    </div>
  );
}
