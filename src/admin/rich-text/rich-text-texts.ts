import richTextBodyCss from "../../shared/rich-text-body.css" with { type: "text" };
import { registerMessages } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import richTextCss from "./rich-text.css" with { type: "text" };
import { richTextMessagesDe, richTextMessagesEnUS } from "./rich-text-messages.ts";

/**
 * Imported for its effect by the editor: every area with a rich text (outbound content, help center,
 * bots) brings the editor's texts and styles along, registered once.
 */
registerMessages(richTextMessagesEnUS, richTextMessagesDe);
adoptStyles(richTextBodyCss + richTextCss);
