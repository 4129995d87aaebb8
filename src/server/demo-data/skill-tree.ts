import { slugify } from "../domain/skills/skills-repository.ts";
import type { Row } from "./bulk-insert.ts";
import { between, day, demoEpoch, iso } from "./demo-clock.ts";
import type { Random } from "./random.ts";

/**
 * The demo skill tree: eight root skills on the default 4 × 4 root grid, each with its own grid of
 * sub-skills. Root dependencies point only at roots defined earlier in this list and sub-skill
 * dependencies only at sub-skills in the row above, so neither level can hold a cycle.
 */
const roots = [
  {
    id: "programming-basics",
    name: "Programming Basics",
    icon: "💻",
    row: 0,
    column: 1,
    dependencies: [],
    subSkills: [
      "Variables and Types",
      "Control Flow",
      "Functions",
      "Collections",
      "Error Handling",
      "Recursion",
      "Modules and Packages",
    ],
  },
  {
    id: "mathematics",
    name: "Mathematics",
    icon: "📐",
    row: 0,
    column: 2,
    dependencies: [],
    subSkills: ["Logic", "Discrete Math", "Linear Algebra", "Probability", "Statistics", "Calculus"],
  },
  {
    id: "web-development",
    name: "Web Development",
    icon: "🌐",
    row: 1,
    column: 0,
    dependencies: ["programming-basics"],
    subSkills: [
      "HTML",
      "CSS",
      "JavaScript",
      "HTTP and REST",
      "TypeScript",
      "React",
      "Accessibility",
      "Web Performance",
    ],
  },
  {
    id: "algorithms",
    name: "Algorithms",
    icon: "🧮",
    row: 1,
    column: 1,
    dependencies: ["programming-basics", "mathematics"],
    subSkills: ["Complexity", "Sorting", "Searching", "Graphs", "Dynamic Programming", "Greedy Algorithms"],
  },
  {
    id: "databases",
    name: "Databases",
    icon: "🗄️",
    row: 1,
    column: 2,
    dependencies: ["programming-basics"],
    subSkills: ["SQL Basics", "Joins", "Indexes", "Transactions", "Data Modelling", "NoSQL"],
  },
  {
    id: "devops",
    name: "DevOps",
    icon: "⚙️",
    row: 2,
    column: 0,
    dependencies: ["web-development"],
    subSkills: ["Linux Shell", "Git", "Docker", "CI Pipelines", "Kubernetes", "Monitoring"],
  },
  {
    id: "security",
    name: "Security",
    icon: "🔒",
    row: 2,
    column: 1,
    dependencies: ["web-development", "databases"],
    subSkills: [
      "Threat Modelling",
      "Cryptography Basics",
      "Web Vulnerabilities",
      "Authentication",
      "Secure Coding",
    ],
  },
  {
    id: "data-science",
    name: "Data Science",
    icon: "📊",
    row: 2,
    column: 3,
    dependencies: ["mathematics", "databases"],
    subSkills: [
      "Data Cleaning",
      "Visualisation",
      "Pandas",
      "Machine Learning",
      "Neural Networks",
      "Model Evaluation",
    ],
  },
] as const;

/** Sub-skills per row of a root's grid; the grid gets one spare row for the admin to grow into. */
const subColumns = 3;

const courseProviders = [
  { label: "Crash Course", path: "crash-course" },
  { label: "Hands-on Workshop", path: "workshop" },
  { label: "Video Series", path: "videos" },
  { label: "Reading List", path: "reading" },
] as const;

export interface DemoSubSkill {
  id: string;
  rootId: string;
  name: string;
}

export interface DemoSkillTree {
  rows: {
    rootSkills: Row[];
    rootSkillDependencies: Row[];
    subSkills: Row[];
    subSkillDependencies: Row[];
  };
  subSkills: DemoSubSkill[];
}

export function generateSkillTree(random: Random): DemoSkillTree {
  const created = demoEpoch - 720 * day;
  const tree: DemoSkillTree = {
    rows: { rootSkills: [], rootSkillDependencies: [], subSkills: [], subSkillDependencies: [] },
    subSkills: [],
  };
  for (const root of roots) {
    const createdAt = between(random, created, created + 10 * day);
    const updatedAt = between(random, createdAt, demoEpoch - 30 * day);
    tree.rows.rootSkills.push({
      id: root.id,
      name: root.name,
      icon: root.icon,
      grid_row: root.row,
      grid_column: root.column,
      sub_rows: Math.ceil(root.subSkills.length / subColumns) + 1,
      sub_columns: subColumns,
      created_at: iso(createdAt),
      updated_at: iso(updatedAt),
    });
    for (const dependency of root.dependencies) {
      tree.rows.rootSkillDependencies.push({ skill_id: root.id, depends_on_id: dependency });
    }
    const ids = root.subSkills.map((name) => `${root.id}-${slugify(name)}`);
    root.subSkills.forEach((name, index) => {
      const id = ids[index] as string;
      const row = Math.floor(index / subColumns);
      const skillCreated = between(random, createdAt, createdAt + 20 * day);
      tree.subSkills.push({ id, rootId: root.id, name });
      tree.rows.subSkills.push({
        id,
        root_id: root.id,
        name,
        icon: root.icon,
        grid_row: row,
        grid_column: index % subColumns,
        courses: JSON.stringify(coursesFor(random, root.id, name)),
        created_at: iso(skillCreated),
        updated_at: iso(between(random, skillCreated, demoEpoch - 7 * day)),
      });
      if (row === 0) return;
      const above = ids.slice((row - 1) * subColumns, row * subColumns);
      for (const dependency of random.sample(above, random.int(1, Math.min(2, above.length)))) {
        tree.rows.subSkillDependencies.push({ skill_id: id, depends_on_id: dependency });
      }
    });
  }
  return tree;
}

function coursesFor(random: Random, rootId: string, name: string): Array<{ title: string; url: string }> {
  const slug = slugify(name);
  return random.sample(courseProviders, random.int(0, 3)).map((provider) => ({
    title: `${name}: ${provider.label}`,
    url: `https://learn.example/${rootId}/${slug}/${provider.path}`,
  }));
}
