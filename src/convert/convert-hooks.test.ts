import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { loadDialectParser } from "../config/dialects/dialect-parsers.js";
import { findProfile } from "../profiles/profiles.js";
import { formatConversionIssue } from "./conversion-issue.js";
import { convertHooks } from "./convert-hooks.js";
import { hookFormats } from "./hook-formats.js";
import { type DocumentSyntax, type FormatName, formatNames } from "./portable-hooks.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/convert/", import.meta.url));

function readFixture(relative: string): string {
  return readFileSync(path.join(fixtures, relative), "utf8");
}

/** Every source fixture: `<format>/<file>`. */
const sources = formatNames
  .filter((format) => existsSync(path.join(fixtures, format)))
  .flatMap((format) =>
    readdirSync(path.join(fixtures, format)).map((file) => ({ format, file: `${format}/${file}` })),
  );

/** Every target: each format in each syntax it is written in. */
const targets = formatNames.flatMap((format) =>
  hookFormats[format].syntaxes.map((syntax) => ({ format, syntax })),
);

function convertFixture(file: string, from: FormatName, to: FormatName, syntax?: DocumentSyntax) {
  const result = convertHooks({
    text: readFixture(file),
    file,
    from,
    to,
    ...(syntax !== undefined && { syntax }),
  });
  if (!result.ok) throw new Error(result.error);
  return result;
}

/**
 * The engine profile and dialect that run a format (Copilot files run through the VS Code
 * profile); null for a format the engine does not run (Gemini CLI, Cursor).
 */
const engineDialects: Readonly<Record<FormatName, string | null>> = {
  deepagents: "deepagents",
  zerocode: "zerocode",
  vscode: "vscode",
  copilot: "vscode",
  claude: "claude",
  gemini: null,
  codex: "zerocode",
  cursor: null,
};

describe("convert: every fixture into every format", () => {
  const cases = sources.flatMap((source) =>
    targets.map((target) => ({ ...source, to: target.format, syntax: target.syntax })),
  );

  it.each(cases)("$file → $to ($syntax)", ({ format, file, to, syntax }) => {
    const result = convertFixture(file, format, to, syntax);
    const target = hookFormats[to];
    const written = target.read(result.output, `out.${syntax}`, syntax);
    if (!written.ok) throw new Error(written.error);
    // The writer produces a document its own reader takes without loss.
    expect(written.issues.filter((issue) => issue.kind === "lossy")).toEqual([]);
    // Every hook that is not in the output was reported as dropped.
    const source = hookFormats[format].read(readFixture(file), file);
    if (!source.ok) throw new Error(source.error);
    const dropped = result.issues.filter((issue) => issue.message.endsWith("the hook is dropped"));
    expect(written.set.hooks.length).toBe(source.set.hooks.length - dropped.length);
    expect(result.lossy).toBe(result.issues.some((issue) => issue.kind === "lossy"));
    if (syntax === "json") {
      expect(result.output).toBe(`${JSON.stringify(JSON.parse(result.output), null, 2)}\n`);
    }
  });

  it.each(cases)("the engine loads $file → $to ($syntax) without errors", async (item) => {
    const result = convertFixture(item.file, item.format, item.to, item.syntax);
    const dialect = engineDialects[item.to];
    if (dialect === null) return;
    const parser = await loadDialectParser(dialect);
    const profile = findProfile(dialect);
    if (parser === undefined || profile === undefined) return;
    const file = `/converted/hooks.${item.syntax}`;
    const document = item.syntax === "toml" ? parseToml(result.output) : JSON.parse(result.output);
    const loaded = parser(
      document,
      { file, layer: "explicit", dialect, explicit: true, trust: "none" },
      profile,
    );
    expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
  });
});

describe("convert: expected outputs", () => {
  it.each<[string, FormatName, FormatName, DocumentSyntax, string]>([
    [
      "deepagents/hooks.json",
      "deepagents",
      "zerocode",
      "toml",
      "deepagents-hooks.to-zerocode.toml",
    ],
    ["deepagents/full.json", "deepagents", "claude", "json", "deepagents-full.to-claude.json"],
    ["zerocode/hooks.json", "zerocode", "deepagents", "json", "zerocode-hooks.to-deepagents.json"],
    ["zerocode/config.toml", "zerocode", "claude", "json", "zerocode-config.to-claude.json"],
    ["copilot/hooks.json", "copilot", "vscode", "json", "copilot-hooks.to-vscode.json"],
    ["vscode/hooks.json", "vscode", "copilot", "json", "vscode-hooks.to-copilot.json"],
    [
      "claude/settings.json.txt",
      "claude",
      "deepagents",
      "json",
      "claude-settings.to-deepagents.json",
    ],
    ["gemini/settings.json", "gemini", "claude", "json", "gemini-settings.to-claude.json"],
    ["cursor/hooks.json", "cursor", "claude", "json", "cursor-hooks.to-claude.json"],
    ["claude/settings.json.txt", "claude", "cursor", "json", "claude-settings.to-cursor.json"],
  ])("%s → %s", (file, from, to, syntax, expected) => {
    const result = convertFixture(file, from, to, syntax);
    expect(result.output).toBe(readFixture(`expected/${expected}.out`));
    const lines = result.issues.map(formatConversionIssue).join("\n");
    expect(lines).toBe(readFixture(`expected/${expected}.stderr`).trimEnd());
  });
});
