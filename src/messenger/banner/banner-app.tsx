import { type CSSProperties, useCallback, useEffect, useRef } from "react";
import { type HostToBannerMessage, hostToBanner } from "../../shared/frame-messages.ts";
import { type ActionMessage, applyFrameLanguage, frameTexts, safeColor, textOn } from "./outbound-content.ts";
import {
  CloseButton,
  linkClickToHost,
  OutboundButtons,
  useOutboundData,
  useReportedHeight,
} from "./outbound-frame-ui.tsx";
import { createParentChannel, type ParentChannel } from "./parent-channel.ts";

type BannerData = HostToBannerMessage["data"] & {
  primaryColor?: unknown;
  language?: unknown;
  showCloseButton?: unknown;
};

export const createBannerChannel = () =>
  createParentChannel({ frameType: "BANNER", loadedName: "banner-loaded", schemas: hostToBanner });

/**
 * The banner frame at `/banner` of the messenger origin: a bar in the brand colour with a title, a
 * short text, up to three buttons and a close control. It waits for the host's `banner-data`, says
 * `banner-data-set` once it shows it, and reports its height as it changes.
 */
export function BannerApp({ channel }: { channel: ParentChannel<typeof hostToBanner> }) {
  const { data, buttons, body } = useOutboundData<BannerData, typeof hostToBanner>(channel);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!data) return;
    applyFrameLanguage(data.language);
    channel.send({ name: "banner-data-set" });
  }, [channel, data]);
  const reportHeight = useCallback(
    (height: number) => channel.send({ name: "banner-height", data: { height } }),
    [channel],
  );
  useReportedHeight(rootRef, data !== null, reportHeight);

  if (!data) return null;

  const texts = frameTexts(data.language);
  const brand = safeColor(data.color, safeColor(data.primaryColor, "#485BFF"));
  const onBrand = textOn(brand);
  const style = {
    "--ob-brand": brand,
    "--ob-on-brand": onBrand,
    "--ob-focus": onBrand,
  } as CSSProperties;
  const send = (message: ActionMessage) => channel.send(message);
  const close = () => channel.send({ name: "banner-close" });
  const closable = data.showCloseButton !== false;

  return (
    <div
      ref={rootRef}
      className="banner"
      data-format={data.format === "floating" ? "floating" : "normal"}
      data-closable={closable}
      style={style}
    >
      <div className="banner-content">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which are keyboard reachable themselves */}
        <div className="banner-text" onClick={(event) => linkClickToHost(event, send)}>
          {/* The text takes the direction of its own words (English on a right-to-left page keeps its
              period at its end); the bar around it keeps the page's. */}
          <bdi>
            {data.title ? <strong className="banner-title">{data.title}</strong> : null}
            {body ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (sanitize-html.ts)
              <span className="banner-body ob-body" dangerouslySetInnerHTML={{ __html: body }} />
            ) : null}
          </bdi>
        </div>
        <OutboundButtons buttons={buttons} onAction={send} onClose={close} />
      </div>
      {closable ? <CloseButton className="banner-close" label={texts.close} onClick={close} /> : null}
    </div>
  );
}
