import { registerMessages } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import composerPopupCss from "../shell/form/composer-popup.css" with { type: "text" };
import gridStacksCss from "../shell/layout/grid-stacks.css" with { type: "text" };
import chipRowCss from "../shell/list/chip-row.css" with { type: "text" };
import savedRepliesCss from "./saved-replies.css" with { type: "text" };
import { savedReplyMessagesDe, savedReplyMessagesEnUS } from "./saved-reply-messages.ts";

/**
 * Imported for its effect by the reply boxes (conversations, a report) and the project settings'
 * card: each area's chunk brings the saved replies' texts and styles with it, registered once.
 */
registerMessages(savedReplyMessagesEnUS, savedReplyMessagesDe);
adoptStyles(composerPopupCss);
adoptStyles(chipRowCss);
adoptStyles(gridStacksCss);
adoptStyles(savedRepliesCss);
