import { describe, expect, it } from "vitest";
import { parseSourceText } from "./parse-source-text.js";

describe("parseSourceText (JSONC)", () => {
  it("keeps a __proto__ key as data instead of a prototype", () => {
    const parsed = parseSourceText(
      '{ "__proto__": { "hooks": { "Stop": [] } }, // comment\n }',
      "settings.json",
      "jsonc",
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const value = parsed.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { hooks?: unknown }).hooks).toBeUndefined();
    expect(parsed.hasComments).toBe(true);
  });

  it("reports a document nested too deeply as an error instead of throwing", () => {
    const depth = 20_000;
    const parsed = parseSourceText("[".repeat(depth) + "]".repeat(depth), "deep.json", "jsonc");
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining("nested too deeply") });
  });

  it("reports an empty document and a syntax error with its line and column", () => {
    expect(parseSourceText("  ", "empty.json", "jsonc")).toEqual({
      ok: false,
      error: "empty.json is empty",
    });
    expect(parseSourceText('{\n  "a": }', "bad.json", "jsonc")).toEqual({
      ok: false,
      error: expect.stringMatching(/bad\.json is not valid JSON: .* at line 2, column 8/),
    });
  });
});
