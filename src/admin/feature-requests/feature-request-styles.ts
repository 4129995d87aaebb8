import { adoptStyles } from "../shell/area-styles.ts";
import rowSelectCss from "../shell/form/row-select.css" with { type: "text" };
import featureRequestsCss from "./feature-requests.css" with { type: "text" };

// The board's styles as an adopted sheet when its first screen loads: a plain CSS import would be
// bundled into the entry's stylesheet, which the sign-in route downloads (area-styles.ts says why).
adoptStyles(rowSelectCss);
adoptStyles(featureRequestsCss);
