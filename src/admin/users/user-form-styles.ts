import { adoptStyles } from "../shell/area-styles.ts";
import userFormsCss from "./user-forms.css" with { type: "text" };

// The area's sheet, adopted when its first screen loads: a plain CSS import would be bundled into the
// entry's stylesheet, which the sign-in route downloads (area-styles.ts says why).
adoptStyles(userFormsCss);
