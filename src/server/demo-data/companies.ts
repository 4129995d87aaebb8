import {
  type JobType,
  jobTypes,
  type ProfessionalLevel,
  professionalLevels,
  type SalaryPer,
  type SalaryUnit,
  salaryPers,
  salaryUnits,
} from "../../shared/jobs-api.ts";
import type { Row } from "./bulk-insert.ts";
import {
  companyCultures,
  companyFirstWords,
  companyPitches,
  companySecondWords,
  contactRoles,
  industries,
  jobTitles,
  responsibilities,
} from "./company-words.ts";
import { between, day, demoEpoch, iso } from "./demo-clock.ts";
import { places } from "./people-words.ts";
import { everyThenPick, type Random } from "./random.ts";
import type { DemoSubSkill } from "./skill-tree.ts";

export interface DemoCompany {
  id: string;
  name: string;
  slug: string;
  createdAt: number;
}

export function generateCompanies(random: Random, count: number): { rows: Row[]; companies: DemoCompany[] } {
  const names = new Set<string>();
  while (names.size < count)
    names.add(`${random.pick(companyFirstWords)} ${random.pick(companySecondWords)}`);
  const companies: DemoCompany[] = [];
  const rows = [...names].map((name) => {
    const company: DemoCompany = {
      id: random.uuid(),
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, ""),
      createdAt: between(random, demoEpoch - 700 * day, demoEpoch - 30 * day),
    };
    companies.push(company);
    const { slug, createdAt } = company;
    const industry = random.pick(industries);
    return {
      id: company.id,
      name,
      name_key: name.toLowerCase(),
      description: `${random.pick(companyPitches).replace("{industry}", industry)} ${random.pick(companyCultures)}`,
      website: `https://www.${slug}.example`,
      video_url: random.chance(0.4) ? `https://videos.example/${slug}/team` : null,
      twitter: random.chance(0.6) ? slug : null,
      instagram: random.chance(0.4) ? `${slug}.team` : null,
      logo_url: random.chance(0.7) ? `https://logos.example/${slug}.svg` : null,
      created_at: iso(createdAt),
      updated_at: iso(between(random, createdAt, demoEpoch - day)),
    };
  });
  return { rows, companies };
}

/** Typical salary floors and spreads per period; Morphcoins pay about a tenth of a euro. */
const salaryBands: Record<SalaryPer, { from: number; to: number; step: number }> = {
  TASK: { from: 20, to: 600, step: 5 },
  HOUR: { from: 14, to: 95, step: 1 },
  DAY: { from: 120, to: 800, step: 10 },
  MONTH: { from: 1800, to: 9500, step: 100 },
};

/**
 * Job offers: the first ones walk through every type, level, salary unit and period so each value is
 * present; the rest are drawn with realistic weights (most are full-time). `salary_min <= salary_max`.
 */
export function generateJobs(
  random: Random,
  count: number,
  companies: DemoCompany[],
  subSkills: DemoSubSkill[],
): { jobs: Row[]; requirements: Row[] } {
  const jobs: Row[] = [];
  const requirements: Row[] = [];
  const weightedTypes: JobType[] = [
    ...jobTypes,
    "FULL_TIME",
    "FULL_TIME",
    "FULL_TIME",
    "PART_TIME",
    "FREELANCE",
  ];
  const weightedUnits: SalaryUnit[] = [...salaryUnits, "EUROS", "EUROS"];
  for (let index = 0; index < count; index++) {
    const company = random.pick(companies);
    const [title, rootId] = random.pick(jobTitles);
    const type = everyThenPick(random, index, jobTypes, weightedTypes);
    // Internships and mini jobs are for beginners; the other types walk through every level first.
    const level: ProfessionalLevel =
      type === "INTERNSHIP" || type === "MINI_JOB"
        ? random.pick(["ENTRY", "JUNIOR"])
        : everyThenPick(random, index, professionalLevels);
    const unit = everyThenPick(random, index, salaryUnits, weightedUnits);
    const per = everyThenPick(random, index, salaryPers);
    const band = salaryBands[per];
    const scale = unit === "MORPHCOINS" ? 10 : 1;
    const steps = (band.to - band.from) / band.step;
    const min = (band.from + random.int(0, Math.floor(steps * 0.7)) * band.step) * scale;
    // One offer in twenty names a fixed pay.
    const max = random.chance(0.05) ? min : min + random.int(1, Math.ceil(steps * 0.3)) * band.step * scale;
    const remote = index < 2 ? index === 0 : random.chance(0.35);
    const [city, country] = random.pick(places);
    const createdAt = between(random, Math.max(company.createdAt, demoEpoch - 400 * day), demoEpoch - day);
    const id = random.uuid();
    const levelTitle = level === "SENIOR" ? "Senior " : level === "JUNIOR" ? "Junior " : "";
    jobs.push({
      id,
      company_id: company.id,
      title: level === "MANAGER" ? `${title} Team Lead` : `${levelTitle}${title}`,
      description: `${company.name} is looking for a ${title.toLowerCase()} to join the team in ${city}. You will work on products used by our customers every day.`,
      location: remote ? `Remote (${country})` : `${city}, ${country}`,
      remote,
      job_type: type,
      professional_level: level,
      responsibilities: JSON.stringify(random.sample(responsibilities, random.int(3, 6))),
      salary_min: min,
      salary_max: max,
      salary_unit: unit,
      salary_per: per,
      contact: `${random.pick(contactRoles)}@${company.slug}.example`,
      created_at: iso(createdAt),
      updated_at: iso(between(random, createdAt, demoEpoch)),
    });
    const related = subSkills.filter((skill) => skill.rootId === rootId);
    const others = random.sample(subSkills, 1);
    const chosen = new Set([
      ...random.sample(related, random.int(1, 3)),
      ...(random.chance(0.3) ? others : []),
    ]);
    for (const skill of chosen) {
      requirements.push({
        job_id: id,
        sub_skill_id: skill.id,
        min_level: random.int(1, level === "ENTRY" ? 5 : 30),
      });
    }
  }
  return { jobs, requirements };
}
