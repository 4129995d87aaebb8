import { array, boolean, define, type Infer, nullable, object, optional, refine } from "superstruct";
import { messages } from "./form-rule-messages.ts";
import { integer, oneOf, optionalText, text } from "./form-rules.ts";

/**
 * Companies and jobs (admin-dashboard spec §3): the enumerations with their display labels, the
 * request bodies of `POST`/`PUT /api/companies` and `/api/jobs`, and the shapes the API answers.
 * Enumerations are stored and sent as codes; the labels are what the dashboard shows.
 */

export const jobTypes = [
  "FULL_TIME",
  "FREELANCE",
  "INTERNSHIP",
  "PART_TIME",
  "TEMPORARY",
  "MINI_JOB",
] as const;
export type JobType = (typeof jobTypes)[number];
export const jobTypeLabels: Record<JobType, string> = {
  FULL_TIME: "Full Time",
  FREELANCE: "Freelance",
  INTERNSHIP: "Internship",
  PART_TIME: "Part Time",
  TEMPORARY: "Temporary",
  MINI_JOB: "Mini Job",
};

/** The work mode is the job's `remote` flag; these are its two labels. */
export const workModeLabels = { remote: "Remote", office: "Office" } as const;
export const workModeLabel = (remote: boolean): string =>
  remote ? workModeLabels.remote : workModeLabels.office;

export const professionalLevels = ["ENTRY", "JUNIOR", "SENIOR", "MANAGER"] as const;
export type ProfessionalLevel = (typeof professionalLevels)[number];
export const professionalLevelLabels: Record<ProfessionalLevel, string> = {
  ENTRY: "Entry",
  JUNIOR: "Junior",
  SENIOR: "Senior",
  MANAGER: "Manager",
};

export const salaryUnits = ["MORPHCOINS", "EUROS", "DOLLARS"] as const;
export type SalaryUnit = (typeof salaryUnits)[number];
export const salaryUnitLabels: Record<SalaryUnit, string> = {
  MORPHCOINS: "Morphcoins",
  EUROS: "Euros",
  DOLLARS: "Dollars",
};

export const salaryPers = ["TASK", "HOUR", "DAY", "MONTH"] as const;
export type SalaryPer = (typeof salaryPers)[number];
export const salaryPerLabels: Record<SalaryPer, string> = {
  TASK: "Task",
  HOUR: "Hour",
  DAY: "Day",
  MONTH: "Month",
};

export { oneOf };

export const urlMaxLength = 2048;

/** An optional http(s) URL; an empty text means none. */
export const optionalHttpUrl = define<string>("optionalHttpUrl", (value) => {
  if (typeof value !== "string") return messages.url;
  const trimmed = value.trim();
  if (trimmed === "") return true;
  if (trimmed.length > urlMaxLength) return messages.tooLong(urlMaxLength + 1);
  if (!/^https?:\/\//i.test(trimmed) || !URL.canParse(trimmed)) return messages.url;
  return true;
});

export const handleMaxLength = 100;

/**
 * A social handle (Twitter, Instagram): stored trimmed, without one leading "@", so the dashboard can
 * always show it as "@handle".
 */
export const optionalHandle = define<string>("optionalHandle", (value) => {
  if (typeof value !== "string") return "Must be a text";
  const handle = normalizeHandle(value);
  if (handle !== "" && /\s/.test(handle)) return "Must be a handle without spaces";
  return handle.length <= handleMaxLength ? true : messages.tooLong(handleMaxLength + 1);
});

export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@/, "");
}

export const companyNameMin = 2;
export const companyNameMax = 100;
export const companyDescriptionMax = 5000;

/** `POST /api/companies` and `PUT /api/companies/:id` (a PUT replaces every field). */
export const CompanyRequest = object({
  name: text(companyNameMin, companyNameMax),
  description: optional(nullable(optionalText(companyDescriptionMax))),
  website: optional(nullable(optionalHttpUrl)),
  videoUrl: optional(nullable(optionalHttpUrl)),
  twitter: optional(nullable(optionalHandle)),
  instagram: optional(nullable(optionalHandle)),
  logoUrl: optional(nullable(optionalHttpUrl)),
});
export type CompanyRequest = Infer<typeof CompanyRequest>;

export const companyNameTakenMessage = "A company with this name already exists";
export const companyNotFoundMessage = "Company not found";
export const companyHasJobsMessage = "The company still has jobs";

/** A company as the API answers it, in lists and on its own. */
export interface Company {
  id: string;
  name: string;
  description: string;
  website: string | null;
  videoUrl: string | null;
  twitter: string | null;
  instagram: string | null;
  logoUrl: string | null;
  jobCount: number;
  createdAt: string;
  updatedAt: string;
}

export const jobTitleMin = 2;
export const jobTitleMax = 120;
export const jobDescriptionMax = 10000;
export const jobLocationMax = 200;
export const jobContactMax = 320;
export const responsibilitiesMax = 30;
export const responsibilityMax = 200;
export const skillRequirementsMax = 50;
export const salaryLimit = 1_000_000_000;
export const minLevelMax = 100;

/** One responsibility: 1 to 200 characters; the field is its path, e.g. `responsibilities.2`. */
const responsibility = define<string>("responsibility", (value) => {
  if (typeof value !== "string" || value.trim() === "") return messages.required("Responsibility");
  return value.trim().length <= responsibilityMax ? true : messages.tooLong(responsibilityMax + 1);
});

const responsibilities = refine(array(responsibility), "responsibilities", (value) =>
  value.length <= responsibilitiesMax ? true : `Must have at most ${responsibilitiesMax} items`,
);

const Salary = refine(
  object({
    min: integer(0, salaryLimit),
    max: integer(0, salaryLimit),
    unit: oneOf(salaryUnits),
    per: oneOf(salaryPers),
  }),
  "salaryRange",
  // Reported on `salary.max`, the field the admin has to change.
  (value, context) =>
    value.max >= value.min
      ? true
      : { message: messages.salaryMax, path: [...context.path, "max"], value: value.max },
);

const SkillRequirement = object({
  subSkillId: text(1, 128),
  minLevel: integer(1, minLevelMax),
});

export const skillListedTwiceMessage = "This sub-skill is listed twice";

const skillRequirements = refine(array(SkillRequirement), "skillRequirements", function* (value, context) {
  if (value.length > skillRequirementsMax) {
    yield `Must have at most ${skillRequirementsMax} items`;
    return;
  }
  const seen = new Set<string>();
  for (const [index, requirement] of value.entries()) {
    const id = requirement.subSkillId.trim();
    if (seen.has(id)) {
      yield {
        message: skillListedTwiceMessage,
        path: [...context.path, index, "subSkillId"],
        value: requirement.subSkillId,
      };
      return;
    }
    seen.add(id);
  }
});

/** `POST /api/jobs` and `PUT /api/jobs/:id` (a PUT replaces every field, skill requirements included). */
export const JobRequest = object({
  companyId: text(1, 128),
  title: text(jobTitleMin, jobTitleMax),
  description: optional(nullable(optionalText(jobDescriptionMax))),
  location: optional(nullable(optionalText(jobLocationMax))),
  remote: boolean(),
  type: oneOf(jobTypes),
  level: oneOf(professionalLevels),
  responsibilities,
  salary: Salary,
  contact: optional(nullable(optionalText(jobContactMax))),
  skillRequirements: optional(skillRequirements),
});
export type JobRequest = Infer<typeof JobRequest>;

export const jobNotFoundMessage = "Job not found";
export const subSkillNotFoundMessage = "Sub-skill not found";

export interface Salary {
  min: number;
  max: number;
  unit: SalaryUnit;
  per: SalaryPer;
}

/** A row of `GET /api/jobs`. */
export interface JobListItem {
  id: string;
  title: string;
  company: { id: string; name: string };
  location: string;
  remote: boolean;
  type: JobType;
  level: ProfessionalLevel;
  salary: Salary;
  createdAt: string;
  updatedAt: string;
}

export interface JobSkillRequirement {
  subSkillId: string;
  subSkillName: string;
  rootSkillId: string;
  minLevel: number;
}

/** `GET /api/jobs/:id`, and the answer of a job's create and update. */
export interface JobDetail extends JobListItem {
  companyId: string;
  description: string;
  responsibilities: string[];
  contact: string;
  skillRequirements: JobSkillRequirement[];
}
