import { registerMessages } from "../i18n/intl.ts";
import { assignmentMessagesDe, assignmentMessagesEnUS } from "./assignment-messages.ts";

// Imported by every module that says these texts (the alerts in the layout, "Mine", the timelines),
// so they are there wherever one is rendered and never on the sign-in route.
registerMessages(assignmentMessagesEnUS, assignmentMessagesDe);
