import { testAgainstRichTextAllowList } from "../../shared/rich-text-sanitizer-tests.ts";
import { sanitizePreview } from "./sanitize-preview.ts";

// The preview must show what the banner and modal frames show: the same list, through DOMPurify too.
testAgainstRichTextAllowList(sanitizePreview);
