import { describe, expect, it } from "vitest";
import { stringifyOutput } from "./stringify-output.js";

const circular: Record<string, unknown> = { name: "loop" };
circular.self = circular;

describe("stringifyOutput", () => {
  it.each([
    { output: "plain text", text: "plain text" },
    { output: "", text: "" },
    { output: undefined, text: "" },
    { output: null, text: "" },
    { output: { ok: true, lines: [1, 2] }, text: '{"ok":true,"lines":[1,2]}' },
    { output: 42, text: "42" },
    { output: false, text: "false" },
    { output: 10n, text: "10" },
    { output: circular, text: "[object Object]" },
    { output: Symbol("tool"), text: "Symbol(tool)" },
  ])("turns $output into $text", ({ output, text }) => {
    expect(stringifyOutput(output)).toBe(text);
  });
});
