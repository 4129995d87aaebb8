import { describe, expect, test } from "bun:test";
import { expectAnswersByText } from "../../../shared/test-support/answer-cases.ts";
import { csvBom, csvCell, csvFileName, fetchAllRows, toCsv } from "./csv-export.ts";

describe("csvCell", () => {
  test("plain text and numbers stay as they are; nothing is empty", () => {
    expectAnswersByText(csvCell, { "Ada Lovelace": "Ada Lovelace", "Grüße, 北京": '"Grüße, 北京"', "": "" });
    expectAnswersByText((value) => csvCell(Number(value)), {
      12800: "12800",
      "-5": "-5",
      1.5: "1.5",
      NaN: "",
    });
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  test("RFC 4180: commas, quotes and line breaks are quoted, quotes doubled", () => {
    expectAnswersByText(csvCell, {
      "a,b": '"a,b"',
      'say "hi"': '"say ""hi"""',
      "line 1\nline 2": '"line 1\nline 2"',
      "line 1\r\nline 2": '"line 1\r\nline 2"',
      // Semicolons too: Excel in a German locale splits on them.
      "a;b": '"a;b"',
    });
  });

  test("text a spreadsheet would run as a formula gets a leading single quote", () => {
    expectAnswersByText(csvCell, {
      "=1+2": "'=1+2",
      "+49 30 1234": "'+49 30 1234",
      "-2": "'-2",
      "@SUM(A1)": "'@SUM(A1)",
      "\tx": "'\tx",
      '=HYPERLINK("http://evil","x")': `"'=HYPERLINK(""http://evil"",""x"")"`,
      "a=b": "a=b",
      "mail@example.com": "mail@example.com",
    });
  });
});

describe("toCsv", () => {
  test("a header line and one CRLF-ended line per row", () => {
    const rows = [
      { id: "1", name: "ada", note: "likes, commas" },
      { id: "2", name: "=cmd", note: "" },
    ];
    const csv = toCsv(rows, [
      { header: "ID", value: (row) => row.id },
      { header: "Nickname", value: (row) => row.name },
      { header: "Note", value: (row) => row.note },
    ]);
    expect(csv).toBe('ID,Nickname,Note\r\n1,ada,"likes, commas"\r\n2,\'=cmd,\r\n');
    expect(csv.startsWith(csvBom)).toBe(false);
    expect(csvBom).toBe("\uFEFF");
  });

  test("no rows: only the header", () => {
    expect(toCsv([], [{ header: "A,B", value: () => "" }])).toBe('"A,B"\r\n');
  });
});

test("the file is named by the list and the local date", () => {
  expect(csvFileName("users", new Date(2026, 10, 2, 23, 59))).toBe("users-2026-11-02.csv");
  expect(csvFileName("reported-tasks", new Date(2027, 0, 31))).toBe("reported-tasks-2027-01-31.csv");
});

describe("fetchAllRows", () => {
  const people = Array.from({ length: 250 }, (_, index) => ({ id: `u${index}` }));

  test("pages of 100 until the total, with progress", async () => {
    const asked: string[] = [];
    const progress: string[] = [];
    const rows = await fetchAllRows(
      async (page, pageSize) => {
        asked.push(`${page}/${pageSize}`);
        return { items: people.slice((page - 1) * pageSize, page * pageSize), total: people.length };
      },
      (done, total) => progress.push(`${done}/${total}`),
    );
    expect(rows).toEqual(people);
    expect(asked).toEqual(["1/100", "2/100", "3/100"]);
    expect(progress).toEqual(["100/250", "200/250", "250/250"]);
  });

  test("a row seen twice (the list moved meanwhile) is kept once; an empty page stops", async () => {
    const rows = await fetchAllRows(async (page) =>
      page === 1
        ? { items: [{ id: "a" }, { id: "b" }], total: 300 }
        : page === 2
          ? { items: [{ id: "b" }, { id: "c" }], total: 300 }
          : { items: [], total: 300 },
    );
    expect(rows.map((row) => row.id)).toEqual(["a", "b", "c"]);
  });

  test("an empty list is one request", async () => {
    let calls = 0;
    expect(
      await fetchAllRows(async () => {
        calls++;
        return { items: [], total: 0 };
      }),
    ).toEqual([]);
    expect(calls).toBe(1);
  });
});
