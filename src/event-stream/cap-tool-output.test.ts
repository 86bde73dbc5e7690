import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capToolOutput, truncationMarker } from "./cap-tool-output.js";

const length = (text: string) => [...text].length;

describe("capToolOutput", () => {
  it.each([
    ["limit - 1", 1999, false],
    ["limit", 2000, false],
    ["limit + 1", 2001, true],
    ["10 MB", 10 * 1024 * 1024, true],
  ])("%s characters with the default limit 2000", (_, size, truncated) => {
    const text = "x".repeat(size);
    const capped = capToolOutput(text, 2000);
    expect(capped.endsWith(truncationMarker)).toBe(truncated);
    expect(length(capped)).toBe(truncated ? 2000 : size);
    if (!truncated) expect(capped).toBe(text);
    else expect(capped).toBe(`${"x".repeat(2000 - length(truncationMarker))}${truncationMarker}`);
  });

  it("counts code points and never splits a surrogate pair", () => {
    const capped = capToolOutput("😀".repeat(50), 30);
    expect(length(capped)).toBe(30);
    expect(capped).toBe(`${"😀".repeat(11)}${truncationMarker}`);
    expect(capToolOutput("😀".repeat(30), 30)).toBe("😀".repeat(30));
  });

  it("raises a limit below the marker's length to it, and treats Infinity as no cap", () => {
    expect(capToolOutput("y".repeat(100), 3)).toBe(truncationMarker);
    expect(capToolOutput("y".repeat(100), Number.POSITIVE_INFINITY)).toHaveLength(100);
    expect(length(capToolOutput("y".repeat(3000), Number.NaN))).toBe(2000);
  });

  it("keeps short text whole and cuts long text to exactly the limit, marked", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.integer({ min: 20, max: 200 }),
        (text, limit) => {
          const capped = capToolOutput(text, limit);
          if (length(text) <= limit) return capped === text;
          return (
            length(capped) === limit &&
            capped.endsWith(truncationMarker) &&
            text.startsWith(capped.slice(0, -truncationMarker.length))
          );
        },
      ),
    );
  });
});
