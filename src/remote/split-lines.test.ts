import { describe, expect, it } from "vitest";
import { createLineSplitter } from "./split-lines.js";

function split(chunks: (string | Buffer)[], maxBytes = 100) {
  const events: (string | { oversized: number })[] = [];
  const splitter = createLineSplitter(maxBytes, {
    line: (text) => events.push(text),
    oversized: (limitBytes) => events.push({ oversized: limitBytes }),
  });
  for (const chunk of chunks) splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  splitter.end();
  return events;
}

describe("createLineSplitter", () => {
  it.each([
    { name: "one line per chunk", chunks: ["a\n", "b\n"], lines: ["a", "b"] },
    { name: "several lines in a chunk", chunks: ["a\nb\nc\n"], lines: ["a", "b", "c"] },
    { name: "a line across chunks", chunks: ['{"a"', ":1", "}\n"], lines: ['{"a":1}'] },
    { name: "CRLF line endings", chunks: ["a\r\nb\r\n"], lines: ["a", "b"] },
    { name: "blank lines skipped", chunks: ["\n\n  \na\n"], lines: ["a"] },
    { name: "a last line without a newline", chunks: ["a\nb"], lines: ["a", "b"] },
  ])("$name", ({ chunks, lines }) => {
    expect(split(chunks)).toEqual(lines);
  });

  it("keeps a multi-byte character split across chunks whole", () => {
    const bytes = Buffer.from("é€😀\n");
    expect(split([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)])).toEqual([
      "é€😀",
    ]);
  });

  it("drops an over-long line up to its newline, reports it once, and reads on", () => {
    expect(split(["short\n", "x".repeat(60), "y".repeat(60), "z\nafter\n"], 100)).toEqual([
      "short",
      { oversized: 100 },
      "after",
    ]);
  });

  it("counts the limit in bytes, not characters", () => {
    expect(split(["é".repeat(6), "\n"], 11)).toEqual([{ oversized: 11 }]);
    expect(split(["é".repeat(5), "\n"], 11)).toEqual(["é".repeat(5)]);
  });
});
