import { adoptStyles } from "../shell/area-styles.ts";
import formWithPreviewCss from "../shell/layout/form-with-preview.css" with { type: "text" };
import gridStacksCss from "../shell/layout/grid-stacks.css" with { type: "text" };
import splitRowCss from "../shell/layout/split-row.css" with { type: "text" };
import helpCss from "./help.css" with { type: "text" };

// The area's styles as an adopted sheet when its first screen loads: a plain CSS import would be bundled
// into the entry's stylesheet, which the sign-in route downloads (area-styles.ts says why).
adoptStyles(formWithPreviewCss);
adoptStyles(gridStacksCss);
adoptStyles(splitRowCss);
adoptStyles(helpCss);
