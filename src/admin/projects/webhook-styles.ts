import { adoptStyles } from "../shell/area-styles.ts";
import cardHeadCss from "../shell/layout/card-head.css" with { type: "text" };
import gridStacksCss from "../shell/layout/grid-stacks.css" with { type: "text" };
import splitRowCss from "../shell/layout/split-row.css" with { type: "text" };
import chipRowCss from "../shell/list/chip-row.css" with { type: "text" };
import webhooksCss from "./webhooks.css" with { type: "text" };

// Adopted when the webhooks card first renders, like the area's own sheet (project-styles.ts).
adoptStyles(cardHeadCss);
adoptStyles(chipRowCss);
adoptStyles(gridStacksCss);
adoptStyles(splitRowCss);
adoptStyles(webhooksCss);
