import type { CodingContent, MultipleChoiceContent, QuestionContent } from "../../shared/challenges-api.ts";

/**
 * Task contents for the demo challenges, grouped by root skill. Each is valid against the content
 * schema of its kind (src/shared/challenges-api.ts); matching tasks are stored as pairs and
 * shuffled when a task is made.
 */
export interface TaskBank {
  multipleChoice: Array<{ title: string; content: MultipleChoiceContent }>;
  question: Array<{ title: string; content: QuestionContent }>;
  matching: Array<{ title: string; pairs: Array<[string, string]> }>;
  coding: Array<{ title: string; content: CodingContent }>;
}

const choice = (
  question: string,
  correct: string[],
  wrong: string[],
  singleChoice = correct.length === 1,
) => ({
  question,
  answers: [
    ...correct.map((text) => ({ text, correct: true })),
    ...wrong.map((text) => ({ text, correct: false })),
  ],
  singleChoice,
});

const ask = (
  question: string,
  acceptedAnswers: string[],
  options: { caseSensitive?: boolean; allowedCharacters?: string } = {},
): QuestionContent => ({
  question,
  acceptedAnswers,
  caseSensitive: options.caseSensitive ?? false,
  ignoreWhitespace: true,
  allowedCharacters: options.allowedCharacters ?? null,
});

/** A judge that compares the program's output with the expected output, line by line, ignoring trailing space. */
const lineJudge = `import sys

expected, actual = open(sys.argv[1]).read(), open(sys.argv[2]).read()
ok = [l.rstrip() for l in expected.strip().splitlines()] == [l.rstrip() for l in actual.strip().splitlines()]
print("OK" if ok else "WRONG")
sys.exit(0 if ok else 1)
`;

const coding = (
  description: string,
  environment: CodingContent["environment"],
  solutionCode: string,
  limits: { timeLimitMs?: number; memoryLimitMb?: number; staticTests?: number; randomTests?: number } = {},
): CodingContent => ({
  description,
  timeLimitMs: limits.timeLimitMs ?? 2000,
  memoryLimitMb: limits.memoryLimitMb ?? 256,
  staticTests: limits.staticTests ?? 5,
  randomTests: limits.randomTests ?? 20,
  evaluator: lineJudge,
  environment,
  solutionCode,
});

export const taskBanks: Record<string, TaskBank> = {
  "programming-basics": {
    multipleChoice: [
      {
        title: "What does len() return?",
        content: choice('What does `len("hello")` return in Python?', ["5"], ["4", "6", '"hello"']),
      },
      {
        title: "Immutable types",
        content: choice(
          "Which of these Python types are immutable?",
          ["tuple", "str", "int"],
          ["list", "dict", "set"],
        ),
      },
      {
        title: "Loop that runs at least once",
        content: choice(
          "Which loop always runs its body at least once?",
          ["do … while"],
          ["while", "for … of", "for … in"],
        ),
      },
    ],
    question: [
      {
        title: "Integer division",
        content: ask("What does `7 // 2` evaluate to in Python?", ["3"], { allowedCharacters: "0-9" }),
      },
      {
        title: "Keyword for a function",
        content: ask("Which keyword starts a function definition in Python?", ["def"], {
          caseSensitive: true,
        }),
      },
    ],
    matching: [
      {
        title: "Match the literal to its type",
        pairs: [
          ["3.14", "float"],
          ['"42"', "str"],
          ["[1, 2]", "list"],
          ["True", "bool"],
          ["{}", "dict"],
        ],
      },
    ],
    coding: [
      {
        title: "Sum of a list",
        content: coding(
          "Read integers separated by spaces from standard input and print their sum.",
          "python3",
          "print(sum(int(x) for x in input().split()))\n",
        ),
      },
      {
        title: "FizzBuzz",
        content: coding(
          "Print the numbers from 1 to n, but Fizz for multiples of 3, Buzz for multiples of 5 and FizzBuzz for both.",
          "python3",
          'n = int(input())\nfor i in range(1, n + 1):\n    print("FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else i)\n',
          { staticTests: 3, randomTests: 10 },
        ),
      },
    ],
  },
  mathematics: {
    multipleChoice: [
      {
        title: "Prime numbers",
        content: choice("Which of these numbers are prime?", ["2", "13", "29"], ["1", "21", "51"]),
      },
      {
        title: "Derivative of x²",
        content: choice("What is the derivative of x²?", ["2x"], ["x", "x²/2", "2"]),
      },
      {
        title: "Fair die",
        content: choice(
          "What is the probability of rolling a six with a fair die?",
          ["1/6"],
          ["1/3", "1/2", "6"],
        ),
      },
    ],
    question: [
      {
        title: "Binomial coefficient",
        content: ask("How many ways are there to choose 2 items out of 5?", ["10"], {
          allowedCharacters: "0-9",
        }),
      },
      {
        title: "Determinant of the identity",
        content: ask("What is the determinant of the 3 × 3 identity matrix?", ["1"], {
          allowedCharacters: "0-9-",
        }),
      },
    ],
    matching: [
      {
        title: "Match the distribution to its example",
        pairs: [
          ["Bernoulli", "One coin flip"],
          ["Binomial", "Heads in ten coin flips"],
          ["Poisson", "Calls per hour at a help desk"],
          ["Normal", "Heights of adults"],
        ],
      },
    ],
    coding: [
      {
        title: "Greatest common divisor",
        content: coding(
          "Read two positive integers a and b and print their greatest common divisor.",
          "python3",
          "import math\na, b = map(int, input().split())\nprint(math.gcd(a, b))\n",
        ),
      },
    ],
  },
  "web-development": {
    multipleChoice: [
      {
        title: "Semantic elements",
        content: choice(
          "Which of these HTML elements are semantic?",
          ["<article>", "<nav>", "<main>"],
          ["<div>", "<span>", "<b>"],
        ),
      },
      {
        title: "Strict equality",
        content: choice(
          'What does `0 === "0"` evaluate to in JavaScript?',
          ["false"],
          ["true", "undefined", "TypeError"],
        ),
      },
      {
        title: "Idempotent methods",
        content: choice("Which HTTP methods are idempotent?", ["GET", "PUT", "DELETE"], ["POST", "PATCH"]),
      },
    ],
    question: [
      {
        title: "Status code for created",
        content: ask("Which HTTP status code answers a successful resource creation?", ["201"], {
          allowedCharacters: "0-9",
        }),
      },
      {
        title: "CSS property for flex direction",
        content: ask(
          "Which CSS property makes flex items stack vertically (give the property name)?",
          ["flex-direction"],
          {
            allowedCharacters: "a-z-",
          },
        ),
      },
    ],
    matching: [
      {
        title: "Match the status code",
        pairs: [
          ["200", "OK"],
          ["301", "Moved Permanently"],
          ["404", "Not Found"],
          ["429", "Too Many Requests"],
          ["503", "Service Unavailable"],
        ],
      },
      {
        title: "Match the array method",
        pairs: [
          ["map", "Transforms every element"],
          ["filter", "Keeps matching elements"],
          ["reduce", "Folds into one value"],
          ["find", "Returns the first match"],
        ],
      },
    ],
    coding: [
      {
        title: "Capitalise words",
        content: coding(
          "Read a line of text and print it with the first letter of every word in upper case.",
          "node",
          'const line = require("fs").readFileSync(0, "utf8").trim();\nconsole.log(line.replace(/\\b\\w/g, (c) => c.toUpperCase()));\n',
          { timeLimitMs: 1000, memoryLimitMb: 128 },
        ),
      },
    ],
  },
  algorithms: {
    multipleChoice: [
      {
        title: "Binary search complexity",
        content: choice(
          "What is the time complexity of binary search?",
          ["O(log n)"],
          ["O(n)", "O(n log n)", "O(1)"],
        ),
      },
      {
        title: "Stable sorts",
        content: choice(
          "Which sorting algorithms are stable?",
          ["Merge sort", "Insertion sort"],
          ["Quick sort", "Heap sort"],
        ),
      },
      {
        title: "Shortest path in an unweighted graph",
        content: choice(
          "Which algorithm finds shortest paths in an unweighted graph most simply?",
          ["Breadth-first search"],
          ["Depth-first search", "Prim's algorithm", "Bubble sort"],
        ),
      },
    ],
    question: [
      {
        title: "Comparisons in the worst case",
        content: ask(
          "How many comparisons does binary search need at most for 1,024 sorted items?",
          ["10", "11"],
          {
            allowedCharacters: "0-9",
          },
        ),
      },
      {
        title: "Data structure for BFS",
        content: ask("Which data structure does breadth-first search keep its frontier in?", [
          "queue",
          "a queue",
        ]),
      },
    ],
    matching: [
      {
        title: "Match the complexity",
        pairs: [
          ["Hash table lookup", "O(1)"],
          ["Binary search", "O(log n)"],
          ["Linear scan", "O(n)"],
          ["Merge sort", "O(n log n)"],
          ["Naive matrix multiplication", "O(n³)"],
        ],
      },
    ],
    coding: [
      {
        title: "Balanced parentheses",
        content: coding(
          "Read a string of ()[]{} characters and print YES when every bracket is closed in the right order, NO otherwise.",
          "python3",
          'pairs = {")": "(", "]": "[", "}": "{"}\nstack = []\nfor c in input().strip():\n    if c in "([{":\n        stack.append(c)\n    elif not stack or stack.pop() != pairs[c]:\n        print("NO")\n        break\nelse:\n    print("NO" if stack else "YES")\n',
          { randomTests: 50 },
        ),
      },
      {
        title: "Longest increasing subsequence",
        content: coding(
          "Read n integers and print the length of their longest strictly increasing subsequence.",
          "cpp17",
          '#include <bits/stdc++.h>\nint main() {\n  int n; std::cin >> n; std::vector<int> tails;\n  for (int i = 0, x; i < n; i++) {\n    std::cin >> x;\n    auto it = std::lower_bound(tails.begin(), tails.end(), x);\n    if (it == tails.end()) tails.push_back(x); else *it = x;\n  }\n  std::cout << tails.size() << "\\n";\n}\n',
          { timeLimitMs: 1000, memoryLimitMb: 64, staticTests: 8, randomTests: 100 },
        ),
      },
    ],
  },
  databases: {
    multipleChoice: [
      {
        title: "Rows of an inner join",
        content: choice(
          "Which rows does an INNER JOIN return?",
          ["Only rows with a match on both sides"],
          ["All rows of the left table", "All rows of both tables", "Only rows without a match"],
        ),
      },
      {
        title: "ACID",
        content: choice(
          "Which properties make up ACID?",
          ["Atomicity", "Consistency", "Isolation", "Durability"],
          ["Availability", "Concurrency"],
        ),
      },
    ],
    question: [
      {
        title: "Counting rows",
        content: ask("Which SQL aggregate function counts rows?", ["COUNT", "COUNT(*)"], {
          allowedCharacters: "A-Za-z()*",
        }),
      },
      {
        title: "Keyword to remove duplicates",
        content: ask("Which keyword after SELECT removes duplicate rows?", ["DISTINCT"]),
      },
    ],
    matching: [
      {
        title: "Match the SQL clause",
        pairs: [
          ["WHERE", "Filters rows"],
          ["GROUP BY", "Groups rows for aggregates"],
          ["HAVING", "Filters groups"],
          ["ORDER BY", "Sorts the result"],
        ],
      },
    ],
    coding: [
      {
        title: "Top customers",
        content: coding(
          "Given CSV lines `customer,amount`, print the three customers with the highest total, one per line, highest first.",
          "python3",
          'import sys, collections\ntotals = collections.Counter()\nfor line in sys.stdin:\n    name, amount = line.strip().split(",")\n    totals[name] += float(amount)\nfor name, _ in totals.most_common(3):\n    print(name)\n',
        ),
      },
    ],
  },
  devops: {
    multipleChoice: [
      {
        title: "List files with permissions",
        content: choice(
          "Which command lists files with their permissions?",
          ["ls -l"],
          ["ls -a", "cat", "pwd"],
        ),
      },
      {
        title: "Undo a pushed commit",
        content: choice(
          "Which Git command undoes a pushed commit without rewriting history?",
          ["git revert"],
          ["git reset --hard", "git commit --amend", "git rebase -i"],
        ),
      },
    ],
    question: [
      {
        title: "Octal permission",
        content: ask(
          "Which octal mode gives the owner read and write, and everyone else read only?",
          ["644", "0644"],
          {
            allowedCharacters: "0-7",
          },
        ),
      },
      {
        title: "Dockerfile base image",
        content: ask("Which Dockerfile instruction sets the base image?", ["FROM"], { caseSensitive: true }),
      },
    ],
    matching: [
      {
        title: "Match the command",
        pairs: [
          ["grep", "Search text"],
          ["chmod", "Change permissions"],
          ["ps", "List processes"],
          ["tail -f", "Follow a log"],
        ],
      },
    ],
    coding: [
      {
        title: "Count log levels",
        content: coding(
          "Read log lines like `2026-01-01 ERROR message` and print how many lines each level has, as `LEVEL count`, sorted by level.",
          "go",
          'package main\n\nimport (\n\t"bufio"\n\t"fmt"\n\t"os"\n\t"sort"\n\t"strings"\n)\n\nfunc main() {\n\tcounts := map[string]int{}\n\tscanner := bufio.NewScanner(os.Stdin)\n\tfor scanner.Scan() {\n\t\tif fields := strings.Fields(scanner.Text()); len(fields) > 1 {\n\t\t\tcounts[fields[1]]++\n\t\t}\n\t}\n\tlevels := make([]string, 0, len(counts))\n\tfor level := range counts {\n\t\tlevels = append(levels, level)\n\t}\n\tsort.Strings(levels)\n\tfor _, level := range levels {\n\t\tfmt.Println(level, counts[level])\n\t}\n}\n',
        ),
      },
    ],
  },
  security: {
    multipleChoice: [
      {
        title: "Storing passwords",
        content: choice(
          "How should a server store passwords?",
          ["With a slow salted hash such as argon2id"],
          ["Encrypted with AES", "As SHA-1 hashes", "In plain text in a separate table"],
        ),
      },
      {
        title: "XSS defences",
        content: choice(
          "Which measures help against cross-site scripting?",
          ["Escaping output", "A Content-Security-Policy"],
          ["HTTPS alone", "Longer passwords"],
        ),
      },
    ],
    question: [
      {
        title: "Cookie flag against scripts",
        content: ask("Which cookie attribute keeps JavaScript from reading a cookie?", ["HttpOnly"]),
      },
      {
        title: "SHA-256 output size",
        content: ask("How many bits does SHA-256 output?", ["256"], { allowedCharacters: "0-9" }),
      },
    ],
    matching: [
      {
        title: "Match the attack",
        pairs: [
          ["SQL injection", "Parameterised queries"],
          ["CSRF", "SameSite cookies and tokens"],
          ["Brute force", "Rate limiting"],
          ["Clickjacking", "frame-ancestors policy"],
        ],
      },
    ],
    coding: [
      {
        title: "Caesar cipher",
        content: coding(
          "Read a shift k and a line of text; print the text with every letter shifted k places, keeping case.",
          "rust",
          "use std::io::*;\nfn main() {\n    let mut input = String::new();\n    stdin().read_to_string(&mut input).unwrap();\n    let mut lines = input.lines();\n    let k: u8 = lines.next().unwrap().trim().parse::<u8>().unwrap() % 26;\n    let text: String = lines.next().unwrap_or(\"\").chars().map(|c| match c {\n        'a'..='z' => ((c as u8 - b'a' + k) % 26 + b'a') as char,\n        'A'..='Z' => ((c as u8 - b'A' + k) % 26 + b'A') as char,\n        _ => c,\n    }).collect();\n    println!(\"{}\", text);\n}\n",
        ),
      },
    ],
  },
  "data-science": {
    multipleChoice: [
      {
        title: "Overfitting",
        content: choice(
          "Which signs point to overfitting?",
          ["Low training error and high validation error"],
          ["High training and validation error", "Equal errors on both sets"],
        ),
      },
      {
        title: "Classification metrics",
        content: choice(
          "Which of these are classification metrics?",
          ["Precision", "Recall", "F1 score"],
          ["Mean squared error", "R²"],
        ),
      },
    ],
    question: [
      {
        title: "Pandas method for missing values",
        content: ask(
          "Which pandas DataFrame method drops rows with missing values?",
          ["dropna", "dropna()"],
          {
            caseSensitive: true,
            allowedCharacters: "a-z()",
          },
        ),
      },
      {
        title: "Median of a list",
        content: ask("What is the median of 3, 1, 4, 1, 5?", ["3"], { allowedCharacters: "0-9." }),
      },
    ],
    matching: [
      {
        title: "Match the chart",
        pairs: [
          ["Histogram", "Distribution of one variable"],
          ["Scatter plot", "Relation of two variables"],
          ["Line chart", "Change over time"],
          ["Bar chart", "Comparison of categories"],
        ],
      },
    ],
    coding: [
      {
        title: "Moving average",
        content: coding(
          "Read a window size w and a list of numbers; print the moving averages rounded to two decimals, one per line.",
          "java17",
          'import java.util.*;\n\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    int w = in.nextInt();\n    List<Double> xs = new ArrayList<>();\n    while (in.hasNextDouble()) xs.add(in.nextDouble());\n    double sum = 0;\n    for (int i = 0; i < xs.size(); i++) {\n      sum += xs.get(i);\n      if (i >= w) sum -= xs.get(i - w);\n      if (i >= w - 1) System.out.printf("%.2f%n", sum / w);\n    }\n  }\n}\n',
          { timeLimitMs: 3000, memoryLimitMb: 512 },
        ),
      },
    ],
  },
};
