import { words } from "./word-list.ts";

/** Word lists for demo companies and job offers. */

export const companyFirstWords = words(`
  Nimbus, Bluefin, Quantum, Lighthouse, Northwind, Brightpath, Copperleaf, Redwood, Silverline, Polaris,
  Evergreen, Foxglove, Granite, Harbor, Ironbark, Juniper, Keystone, Lumen, Meridian, Nova, Orbit,
  Pinecone, Quartz, Riverstone, Saffron, Tidal, Umbra, Vertex, Willow, Zephyr, Atlas, Beacon, Cobalt,
  Driftwood, Ember
`);

export const companySecondWords = words(`
  Labs, Analytics, Systems, Software, Digital, Studio, Robotics, Health, Finance, Logistics, Games,
  Security, Cloud, Data, Learning, Energy, Mobility, Works
`);

export const industries = words(`
  fintech, e-commerce, healthcare, logistics, education, gaming, renewable energy, cybersecurity,
  public transport, insurance, media streaming, agritech
`);

export const companyPitches = [
  "We build {industry} software used by thousands of people every day.",
  "A remote-first team making {industry} simpler, one release at a time.",
  "Founded by engineers, we bring modern tooling to {industry}.",
  "We help {industry} companies make sense of their data.",
  "An independent studio shipping products for the {industry} sector since 2012.",
] as const;

export const companyCultures = [
  "Flexible hours, a learning budget and a team that reviews code kindly.",
  "Small teams, short meetings and a lot of ownership.",
  "We pair often, write tests first and deploy many times a day.",
  "Mentoring is part of everyone's job here, from interns to the CTO.",
  "Four-day weeks in summer and a yearly hackathon.",
] as const;

/** Job titles with the root skill whose sub-skills they ask for. */
export const jobTitles = [
  ["Frontend Developer", "web-development"],
  ["Backend Developer", "programming-basics"],
  ["Full-Stack Engineer", "web-development"],
  ["React Developer", "web-development"],
  ["TypeScript Engineer", "web-development"],
  ["Web Accessibility Specialist", "web-development"],
  ["Python Developer", "programming-basics"],
  ["Software Engineer", "algorithms"],
  ["Algorithm Engineer", "algorithms"],
  ["Database Administrator", "databases"],
  ["Data Engineer", "databases"],
  ["SQL Analyst", "databases"],
  ["DevOps Engineer", "devops"],
  ["Site Reliability Engineer", "devops"],
  ["Platform Engineer", "devops"],
  ["Security Analyst", "security"],
  ["Penetration Tester", "security"],
  ["Application Security Engineer", "security"],
  ["Data Scientist", "data-science"],
  ["Machine Learning Engineer", "data-science"],
  ["Data Analyst", "data-science"],
  ["Quantitative Analyst", "mathematics"],
  ["Statistician", "mathematics"],
  ["Coding Tutor", "programming-basics"],
] as const;

export const responsibilities = [
  "Build and maintain features from design to production",
  "Review pull requests and give constructive feedback",
  "Write automated tests for new and existing code",
  "Take part in sprint planning and estimation",
  "Improve the performance of our core services",
  "Document APIs and internal tooling",
  "Pair with junior developers and share knowledge",
  "Investigate and fix production incidents",
  "Design database schemas and migrations",
  "Keep our CI pipelines fast and reliable",
  "Collaborate with designers on accessible interfaces",
  "Analyse data and present findings to stakeholders",
  "Run security reviews and threat modelling sessions",
  "Automate infrastructure with code",
  "Monitor services and tune alerts",
  "Prototype new ideas in short experiments",
  "Translate business requirements into technical plans",
  "Mentor learners on the platform's coding challenges",
  "Maintain our open-source libraries",
  "Evaluate machine learning models before release",
] as const;

export const contactRoles = words("jobs, careers, hiring, talent, hr");
