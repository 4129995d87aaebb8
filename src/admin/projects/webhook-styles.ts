import { adoptStyles } from "../shell/area-styles.ts";
import webhooksCss from "./webhooks.css" with { type: "text" };

// Adopted when the webhooks card first renders, like the area's own sheet (project-styles.ts).
adoptStyles(webhooksCss);
