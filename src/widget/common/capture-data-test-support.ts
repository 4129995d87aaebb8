import type { ScreenshotData } from "./capture-data.ts";

/** A captured page's screenshot as the tests of the report hand it around (small, with its picture). */
export const sampleScreenshotData: ScreenshotData & { image: string } = {
  html: "<!DOCTYPE html><html><body>page</body></html>",
  baseUrl: "https://shop.example",
  width: 1280,
  height: 800,
  isMobile: false,
  x: 0,
  y: 240,
  image: "data:image/jpeg;base64,AAAA",
};
