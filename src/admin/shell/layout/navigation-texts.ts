import { registerMessages } from "../../i18n/intl.ts";
import { navigationMessagesDe, navigationMessagesEnUS } from "./navigation-messages.ts";

// Imported by every module that says these texts, so they are there wherever one is rendered (the
// layout, the drawer, the alerts, a test) and never on the sign-in route.
registerMessages(navigationMessagesEnUS, navigationMessagesDe);
