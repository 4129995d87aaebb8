import { words } from "./word-list.ts";

/**
 * The twenty demo challenge categories, each with the root skills its challenges train and five
 * challenge topics (100 challenges in all).
 */
export const categories = [
  {
    title: "Python Fundamentals",
    information: "First steps in Python: values, loops, strings and functions.",
    roots: ["programming-basics"],
    topics: words(
      "Variables and Types, Loops in Practice, String Handling, List Comprehensions, Functions and Scope",
    ),
  },
  {
    title: "JavaScript Essentials",
    information: "The language of the browser, from closures to promises.",
    roots: ["web-development", "programming-basics"],
    topics: words("Closures, Array Methods, Promises and async, The Event Loop, Objects and Prototypes"),
  },
  {
    title: "HTML and CSS Layouts",
    information: "Semantic markup and layouts that work on every screen.",
    roots: ["web-development"],
    topics: words("Semantic HTML, Flexbox, CSS Grid, Responsive Images, Forms that Work"),
  },
  {
    title: "TypeScript Types",
    information: "Make the compiler catch bugs before your users do.",
    roots: ["web-development"],
    topics: words("Union Types, Generics, Narrowing, Mapped Types, Typing an API Client"),
  },
  {
    title: "React Components",
    information: "Components, state and effects without the foot-guns.",
    roots: ["web-development"],
    topics: words("Props and State, Effects, Lists and Keys, Forms in React, Custom Hooks"),
  },
  {
    title: "Sorting and Searching",
    information: "Classic algorithms every developer should be able to write.",
    roots: ["algorithms"],
    topics: words("Binary Search, Merge Sort, Quick Sort, Two Pointers, Sliding Window"),
  },
  {
    title: "Graph Problems",
    information: "Paths, trees and networks.",
    roots: ["algorithms", "mathematics"],
    topics: words("Breadth-First Search, Depth-First Search, Shortest Paths, Topological Order, Union-Find"),
  },
  {
    title: "Dynamic Programming",
    information: "Break a hard problem into overlapping easy ones.",
    roots: ["algorithms"],
    topics: words("Fibonacci Revisited, Knapsack, Longest Common Subsequence, Coin Change, Edit Distance"),
  },
  {
    title: "SQL Queries",
    information: "Ask a database the right question.",
    roots: ["databases"],
    topics: words("SELECT Basics, Filtering and Sorting, Joins, Grouping and Aggregates, Subqueries"),
  },
  {
    title: "Database Design",
    information: "Schemas that stay correct as the data grows.",
    roots: ["databases"],
    topics: words("Normal Forms, Keys and Constraints, Indexes, Transactions, Modelling Many-to-Many"),
  },
  {
    title: "Linux Command Line",
    information: "Get around a server without a mouse.",
    roots: ["devops"],
    topics: words("Navigating Files, Permissions, Pipes and Filters, Processes, Shell Scripts"),
  },
  {
    title: "Git Workflows",
    information: "Version control for teams.",
    roots: ["devops"],
    topics: words("Commits and History, Branching, Merging and Rebasing, Resolving Conflicts, Pull Requests"),
  },
  {
    title: "Containers and CI",
    information: "Ship the same build from laptop to production.",
    roots: ["devops"],
    topics: words("Dockerfiles, Images and Layers, Compose, CI Pipelines, Deploying Safely"),
  },
  {
    title: "Web Security",
    information: "The OWASP classics and how to avoid them.",
    roots: ["security", "web-development"],
    topics: words("Cross-Site Scripting, SQL Injection, CSRF, Password Storage, Security Headers"),
  },
  {
    title: "Cryptography",
    information: "Hashes, keys and signatures, explained by doing.",
    roots: ["security", "mathematics"],
    topics: words("Hash Functions, Symmetric Encryption, Public Keys, Signatures, TLS Handshake"),
  },
  {
    title: "Probability and Statistics",
    information: "Reason about uncertainty.",
    roots: ["mathematics"],
    topics: words("Counting, Conditional Probability, Distributions, Mean and Variance, Hypothesis Tests"),
  },
  {
    title: "Linear Algebra",
    information: "Vectors and matrices behind graphics and machine learning.",
    roots: ["mathematics"],
    topics: words("Vectors, Matrix Multiplication, Determinants, Eigenvalues, Linear Systems"),
  },
  {
    title: "Data Wrangling",
    information: "Clean, reshape and explore real data sets.",
    roots: ["data-science", "databases"],
    topics: words("Missing Values, Reshaping Tables, Dates and Times, Joining Data Sets, Exploratory Plots"),
  },
  {
    title: "Machine Learning Basics",
    information: "Train, evaluate and improve your first models.",
    roots: ["data-science", "mathematics"],
    topics: words("Linear Regression, Classification, Overfitting, Cross-Validation, Feature Engineering"),
  },
  {
    title: "Interview Warm-ups",
    information: "Short puzzles in the style of technical interviews.",
    roots: ["algorithms", "programming-basics"],
    topics: words("FizzBuzz and Friends, Palindromes, Anagrams, Matrix Spiral, Parentheses Matching"),
  },
] as const;

export const challengeFormats = [
  "A guided set of tasks that starts gently and ends with a real problem.",
  "Short exercises to check what you know before moving on.",
  "A practice set written by the community, reviewed by our mentors.",
  "Everything you need for this topic in one sitting.",
  "Tricky edge cases included: read each question twice.",
] as const;

export const reportComments = {
  WRONG: [
    "The accepted answer is wrong, the second option is also correct.",
    "The expected output in the example does not match the description.",
    "One of the matching pairs is mixed up.",
    "My solution passes every case I can think of but the evaluator rejects it.",
  ],
  ABUSE: [
    "The task text contains an insult.",
    "This is spam advertising an external website.",
    "Offensive language in the answer options.",
  ],
  UNRELATED_SKILL: [
    "This is a math question, not a web development one.",
    "Has nothing to do with the challenge topic.",
    "Belongs in the databases track.",
  ],
  DISLIKE: ["Not fun at all.", "Far too easy for the XP it gives.", "Confusing and badly worded."],
  OTHER: [
    "Typo in the question.",
    "The task is a duplicate of another one in this challenge.",
    "The time limit is too strict for Java.",
    "",
  ],
} as const;
