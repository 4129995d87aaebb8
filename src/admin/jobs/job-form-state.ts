import { messages } from "../../shared/form-rule-messages.ts";
import {
  type JobDetail,
  JobRequest,
  type JobType,
  type ProfessionalLevel,
  type SalaryPer,
  type SalaryUnit,
  skillRequirementsMax,
} from "../../shared/jobs-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** A skill requirement as the form shows it: the sub-skill with its names, the level as typed. */
export interface SkillRequirementRow {
  subSkillId: string;
  subSkillName: string;
  rootSkillId: string;
  minLevel: string;
}

/** What the job form holds: texts as typed, enumerations as codes ("" while none is chosen). */
export interface JobFormState {
  companyId: string;
  title: string;
  description: string;
  location: string;
  remote: boolean;
  type: JobType | "";
  level: ProfessionalLevel | "";
  responsibilities: string[];
  salaryMin: string;
  salaryMax: string;
  salaryUnit: SalaryUnit | "";
  salaryPer: SalaryPer | "";
  contact: string;
  skillRequirements: SkillRequirementRow[];
}

export const emptyJobForm: JobFormState = {
  companyId: "",
  title: "",
  description: "",
  location: "",
  remote: false,
  type: "",
  level: "",
  responsibilities: [""],
  salaryMin: "",
  salaryMax: "",
  salaryUnit: "",
  salaryPer: "",
  contact: "",
  skillRequirements: [],
};

export function jobFormFromDetail(job: JobDetail): JobFormState {
  return {
    companyId: job.companyId,
    title: job.title,
    description: job.description,
    location: job.location,
    remote: job.remote,
    type: job.type,
    level: job.level,
    responsibilities: job.responsibilities.length ? [...job.responsibilities] : [""],
    salaryMin: String(job.salary.min),
    salaryMax: String(job.salary.max),
    salaryUnit: job.salary.unit,
    salaryPer: job.salary.per,
    contact: job.contact,
    skillRequirements: job.skillRequirements.map(({ subSkillId, subSkillName, rootSkillId, minLevel }) => ({
      subSkillId,
      subSkillName,
      rootSkillId,
      minLevel: String(minLevel),
    })),
  };
}

/**
 * Where the rules and the API name each choice of the form: the salary's unit and period sit inside
 * `salary` in the body, so their errors are `salary.unit` and `salary.per`, not the form's keys.
 */
export const jobChoicePaths = {
  type: "type",
  level: "level",
  salaryUnit: "salary.unit",
  salaryPer: "salary.per",
} as const satisfies Partial<Record<keyof JobFormState, string>>;

/** A typed amount: a number when it reads as one, "" stays missing, anything else stays as text. */
function amount(value: string): unknown {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * The request body (`POST`/`PUT /api/jobs`) and, for each of its responsibilities, the form row it came
 * from: blank rows are left out. Every skill requirement is sent, since a PUT replaces the whole list;
 * their rows keep their indexes, so `skillRequirements.2.minLevel` is the form's third row.
 */
export function jobRequestFromForm(state: JobFormState): { body: Record<string, unknown>; rows: number[] } {
  const rows = state.responsibilities.flatMap((line, index) => (line.trim() ? [index] : []));
  return {
    rows,
    body: {
      companyId: state.companyId,
      title: state.title,
      description: state.description,
      location: state.location,
      remote: state.remote,
      type: state.type,
      level: state.level,
      responsibilities: rows.map((index) => state.responsibilities[index]),
      salary: {
        min: amount(state.salaryMin),
        max: amount(state.salaryMax),
        unit: state.salaryUnit,
        per: state.salaryPer,
      },
      contact: state.contact,
      skillRequirements: state.skillRequirements.map((row) => ({
        subSkillId: row.subSkillId,
        minLevel: amount(row.minLevel),
      })),
    },
  };
}

/** Maps a request path back to the form: `responsibilities.0` of the body is the form's kept row. */
export function formPath(path: string, rows: number[]): string {
  const match = /^responsibilities\.(\d+)/.exec(path);
  if (!match) return path;
  return `responsibilities.${rows[Number(match[1])] ?? match[1]}`;
}

/** Every field error of the form, keyed by form path, with the shared rules' messages. */
export function validateJobForm(state: JobFormState): FieldErrors {
  const { body, rows } = jobRequestFromForm(state);
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(body, JobRequest))) {
    errors[formPath(path, rows)] = message;
  }
  const live = salaryRangeError(state);
  if (live && !errors["salary.max"]) errors["salary.max"] = live;
  return errors;
}

/** The max ≥ min rule as the admin types, before any submit: null while either amount is unusable. */
export function salaryRangeError(state: Pick<JobFormState, "salaryMin" | "salaryMax">): string | null {
  const min = amount(state.salaryMin);
  const max = amount(state.salaryMax);
  if (typeof min !== "number" || typeof max !== "number") return null;
  return max < min ? messages.salaryMax : null;
}

/** Where a refused new requirement shows its message: at the sub-skill, the level, or the whole list. */
export type RequirementField = "subSkillId" | "minLevel" | "skillRequirements";

/**
 * Adds a requirement under the shared JobRequest rules (a sub-skill once, a level from 1 to 100, at
 * most 50 requirements), or answers why not without changing the form.
 */
export function addSkillRequirement(
  state: JobFormState,
  row: SkillRequirementRow,
): { state: JobFormState } | { field: RequirementField; message: string } {
  const next = { ...state, skillRequirements: [...state.skillRequirements, row] };
  const errors = validateJobForm(next);
  const at = `skillRequirements.${next.skillRequirements.length - 1}`;
  for (const field of ["subSkillId", "minLevel"] as const) {
    const message = errors[`${at}.${field}`];
    if (message) return { field, message };
  }
  const listError = errors.skillRequirements;
  if (listError) return { field: "skillRequirements", message: listError };
  return { state: next };
}

/** The list rule's text, for the screen to say in the admin's language. */
export const tooManyRequirementsMessage = `Must have at most ${skillRequirementsMax} items`;
