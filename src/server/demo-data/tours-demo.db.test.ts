import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { outboundConfigError, type ProductTourValidation } from "../../shared/outbound-api.ts";
import { readTourData } from "../../widget/common/tour-data.ts";
import { call, demoProjectId, startSession } from "../test-support/outbound-test-support.ts";
import { withTestServer } from "../test-support/test-server-for-one-test.ts";
import {
  demoCopilotTourConfig,
  demoCopilotTourId,
  demoTourConfig,
  demoTourId,
  seedTourDemoData,
} from "./tours-demo.ts";

const demoPage = await Bun.file(join(import.meta.dir, "../../../public/demo/index.html")).text();

describe("the demo tours", () => {
  test("are valid tour configs the widget reads as a product tour and a co-pilot tour", () => {
    expect(outboundConfigError("tour", demoTourConfig)).toBeUndefined();
    expect(outboundConfigError("tour", demoCopilotTourConfig)).toBeUndefined();
    const tour = readTourData(demoTourConfig);
    expect(tour?.tourType).toBe("standard");
    expect(tour?.steps.map((step) => step.mode)).toEqual(["DEFAULT", "INPUT", "CLICK"]);
    const copilot = readTourData(demoCopilotTourConfig);
    expect(copilot?.tourType).toBe("cobrowse");
    expect(copilot?.steps.some((step) => step.mode === "INPUT" && step.inputType === "auto")).toBe(true);
  });

  test("point at elements the demo page has, and its buttons start them", () => {
    const selectors = [...demoTourConfig.steps, ...demoCopilotTourConfig.steps].map((step) => step.selector);
    for (const selector of selectors) {
      const name = /data-gleap-tour="([^"]+)"/.exec(selector)?.[1];
      expect(demoPage).toContain(`data-gleap-tour="${name}"`);
    }
    expect(demoPage).toContain(`data-tour="${demoTourId}"`);
    expect(demoPage).toContain(`data-tour="${demoCopilotTourId}"`);
  });

  test("are live for addresses with their ?tour= only: validation through the widget API", async () => {
    await withTestServer({}, {}, async (server) => {
      await seedTourDemoData(server.db.sql, await demoProjectId(server.db.sql));
      const session = await startSession(server.mainUrl);
      const validate = async (outboundId: string, currentUrl: string) => {
        const response = await call(server.mainUrl, session, "POST", "/outbound/producttourvalidation", {
          outboundId,
          currentUrl,
        });
        return (await response.json()) as ProductTourValidation;
      };
      const started = await validate(demoTourId, "http://localhost:3000/demo?tour=notes");
      expect(started.status).toBe("live");
      expect(started.passedPageFilter).toBe(true);
      expect(readTourData(started.config)?.steps).toHaveLength(3);
      expect((await validate(demoTourId, "http://localhost:3000/demo")).passedPageFilter).toBe(false);
      expect(
        (await validate(demoTourId, "http://localhost:3000/demo?section=features")).passedPageFilter,
      ).toBe(false);
      const copilot = await validate(demoCopilotTourId, "http://localhost:3000/demo?tour=copilot");
      expect([copilot.status, copilot.passedPageFilter]).toEqual(["live", true]);
    });
  });
});
