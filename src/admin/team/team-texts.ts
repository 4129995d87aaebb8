import { registerMessages } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import rowSelectCss from "../shell/form/row-select.css" with { type: "text" };
import teamCss from "./team.css" with { type: "text" };
import { teamMessagesDe, teamMessagesEnUS, teamServerErrorsDe } from "./team-messages.ts";

/**
 * Imported for its effect by the team screen and the invitation page: their texts, the German wording of
 * the server's refusals they may show (registered as messages named by the English text, which the
 * toasts' `translate` looks up first), and their styles, each once.
 */
const serverErrorsEnUS = Object.fromEntries(Object.keys(teamServerErrorsDe).map((text) => [text, text]));
registerMessages({ ...teamMessagesEnUS, ...serverErrorsEnUS }, { ...teamMessagesDe, ...teamServerErrorsDe });
adoptStyles(rowSelectCss);
adoptStyles(teamCss);
