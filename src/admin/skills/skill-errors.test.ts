import { describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { type Struct, validate } from "superstruct";
import {
  maxCoursesPerSkill,
  RootSkillCreate,
  SubSkillWrite,
  skillTreeErrors,
} from "../../shared/skills-api.ts";
import { translator } from "../i18n/intl.ts";
import { isSkillMessage, skillErrorText, skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";

const refusal = (status: number, body: Record<string, unknown>) =>
  Object.assign(new FetchError("refused"), { status, data: body });

const en = translator("en-US");
const de = translator("de");

/** The message of the first failure of `value` against a schema, as the API would send it. */
function schemaMessage<T, S>(value: unknown, schema: Struct<T, S>): string {
  const [error] = validate(value, schema);
  return error?.failures()[0]?.message ?? "";
}

const root = { id: "cloud", name: "Cloud", icon: "☁️", row: 0, column: 0, subRows: 4, subColumns: 4 };
const sub = { name: "Docker", icon: "🐳", row: 0, column: 0, dependencies: [] };

describe("skill error texts", () => {
  test("every refusal of the tree has its own text, in both languages", () => {
    for (const message of Object.values(skillTreeErrors)) {
      expect(isSkillMessage(message)).toBe(true);
      expect(skillErrorText(en, message, "x")).toBe(message);
      expect(skillErrorText(de, message, "x")).not.toBe(message);
    }
    expect(skillErrorText(de, skillTreeErrors.cycle, "Voraussetzungen")).toBe("Zyklus im Skill-Baum");
  });

  test("the schemas' own rules are known by their exact words", () => {
    const messages = [
      schemaMessage({ ...root, id: "Not A Slug", dependencies: [] }, RootSkillCreate),
      schemaMessage({ ...root, id: "settings", dependencies: [] }, RootSkillCreate),
      schemaMessage({ ...sub, courses: [{ title: "Files", url: "ftp://files.example" }] }, SubSkillWrite),
      schemaMessage(
        {
          ...sub,
          courses: Array.from({ length: maxCoursesPerSkill + 1 }, () => ({
            title: "A",
            url: "https://a.example",
          })),
        },
        SubSkillWrite,
      ),
      schemaMessage(
        { ...root, dependencies: Array.from({ length: 200 }, (_, i) => `s${i}`) },
        RootSkillCreate,
      ),
    ];
    for (const message of messages) expect(isSkillMessage(message)).toBe(true);
    expect(skillErrorText(en, messages[3] ?? "", "Courses")).toBe("Must list at most 20 courses");
    expect(skillErrorText(de, messages[3] ?? "", "Kurse")).toBe("Darf höchstens 20 Kurse enthalten");
  });

  test("the shared form rules still read as the spec says, with the field's label", () => {
    expect(skillErrorText(en, "name is required", "Name")).toBe("Name is required");
    expect(skillErrorText(de, "courses.0.url is required", "Link von Kurs 1")).toBe(
      "Link von Kurs 1 ist erforderlich",
    );
    expect(skillErrorText(en, "Must be at most 3", "Position")).toBe("Must be at most 3");
  });

  test("a toast names a known refusal by its id, anything else by the server's words", () => {
    expect(skillFailureText(en, refusal(409, { error: skillTreeErrors.hasDependents }))).toBe(
      "skill.error.hasDependents",
    );
    expect(skillFailureText(en, refusal(500, { error: "Database is down" }))).toBe("Database is down");
    expect(skillFailureText(en, new Error("offline"))).toBe(
      "There seems to be an error, please try again later.",
    );
  });
});

describe("placing a refusal on the form", () => {
  const formPath = (path: string) => (path === "row" || path === "column" ? "cell" : path);

  test("a refusal that names its field lands on the form's field for it", () => {
    expect(
      skillServerFieldErrors(refusal(400, { error: skillTreeErrors.cycle, field: "dependencies" }), formPath),
    ).toEqual({ dependencies: skillTreeErrors.cycle });
    expect(
      skillServerFieldErrors(refusal(400, { error: "Must be at most 3", field: "row" }), formPath),
    ).toEqual({
      cell: "Must be at most 3",
    });
  });

  test("a field-less refusal of the tree lands where the form places it, else nowhere", () => {
    const placement = { [skillTreeErrors.cellTaken]: "cell" };
    expect(
      skillServerFieldErrors(refusal(409, { error: skillTreeErrors.cellTaken }), formPath, placement),
    ).toEqual({ cell: skillTreeErrors.cellTaken });
    expect(
      skillServerFieldErrors(refusal(409, { error: skillTreeErrors.outsideGrid }), formPath, placement),
    ).toBe(null);
    expect(skillServerFieldErrors(new Error("offline"), formPath, placement)).toBeNull();
  });
});
