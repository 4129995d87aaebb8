import { challengeMessagesDe, challengeMessagesEnUS } from "../src/admin/challenges/challenge-messages.ts";
import { registerMessages } from "../src/admin/i18n/intl.ts";
import { recordsMessagesDe, recordsMessagesEnUS } from "../src/admin/i18n/records-messages.ts";
import { reportMessagesDe, reportMessagesEnUS } from "../src/admin/reports/report-messages.ts";
import { skillMessagesDe, skillMessagesEnUS } from "../src/admin/skills/skill-messages.ts";

// In the app an area's texts are registered when its first screen loads (src/admin/admin-routes.tsx).
// Unit tests use an area's modules without going through the router, so they get every area's texts.
registerMessages(recordsMessagesEnUS, recordsMessagesDe);
registerMessages(challengeMessagesEnUS, challengeMessagesDe);
registerMessages(skillMessagesEnUS, skillMessagesDe);
registerMessages(reportMessagesEnUS, reportMessagesDe);
