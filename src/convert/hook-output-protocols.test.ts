import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatOutputProtocols, type hookOutputProtocols } from "./hook-output-protocols.js";
import { formatNames } from "./portable-hooks.js";

const titles = {
  claude: "Claude Code",
  gemini: "Gemini CLI",
  cursor: "Cursor",
  copilot: "Copilot CLI",
} as const satisfies Record<keyof typeof hookOutputProtocols, string>;

describe("formatOutputProtocols", () => {
  it("gives every format one protocol", () => {
    expect(Object.keys(formatOutputProtocols).sort()).toEqual([...formatNames].sort());
  });

  it("matches the Hook output table of docs/convert.md", () => {
    const doc = readFileSync(new URL("../../docs/convert.md", import.meta.url), "utf8");
    const section = doc.split("### Hook output")[1]?.split("\n\n")[2] ?? "";
    const rows = section
      .split("\n")
      .slice(2)
      .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| /, "").trim()));
    const documented = Object.fromEntries(
      rows.map(([title = "", readers = ""]) => [
        title,
        [...readers.matchAll(/`(\w+)`/g)].map((match) => match[1]).sort(),
      ]),
    );
    const expected = Object.fromEntries(
      Object.entries(titles).map(([protocol, title]) => [
        title,
        formatNames.filter((format) => formatOutputProtocols[format] === protocol).sort(),
      ]),
    );
    expect(documented).toEqual(expected);
  });
});
