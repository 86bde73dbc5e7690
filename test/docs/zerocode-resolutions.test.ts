import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveHookScripts } from "../../src/trust/resolve-hook-script.js";
import { packageRoot } from "../support/run-node-script.js";

// docs/zerocode.md's "Real resolutions" table is the resolver's own output: each row is
// resolved again here, so a row that no longer matches the resolver fails. In the table, `…/x`
// names `x` in the previous path's folder, a lone `…` stands for further paths, `…` elsewhere stands
// for any text, and several not-hashed words are separated by `; `.

interface ResolutionRow {
  command: string;
  scripts: string;
  notHashed: string;
}

/** The rows of the text block that follows "Real resolutions" in docs/zerocode.md. */
function readResolutionRows(): ResolutionRow[] {
  const page = readFileSync(path.join(packageRoot, "docs/zerocode.md"), "utf8");
  const after = page.split("Real resolutions,")[1] ?? "";
  const block = after.split("```text\n")[1]?.split("\n```")[0] ?? "";
  const [header = "", ...lines] = block.split("\n");
  const scriptsColumn = header.indexOf("scripts");
  const notHashedColumn = header.indexOf("not hashed");
  return lines.map((line) => ({
    command: line.slice(0, scriptsColumn).trimEnd(),
    scripts: line.slice(scriptsColumn, notHashedColumn).trimEnd(),
    notHashed: line.slice(notHashedColumn).trimEnd(),
  }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether `files` match the table's scripts column, with its `…` shorthand. */
function matchesScripts(column: string, files: readonly string[]): boolean {
  if (column === "(none)") return files.length === 0;
  let previous = "";
  const parts = column.split(", ");
  for (const [index, part] of parts.entries()) {
    if (part === "…") return index <= files.length;
    const expected = part.startsWith("…/")
      ? path.join(path.dirname(previous), part.slice(2))
      : part;
    if (files[index] !== expected) return false;
    previous = expected;
  }
  return files.length === parts.length;
}

/** Whether the not-hashed words match the column `word (reason); …`, `…` being any text. */
function matchesNotHashed(
  column: string,
  words: readonly { word: string; reason: string }[],
): boolean {
  const pattern = new RegExp(`^${column.split("…").map(escapeRegExp).join(".*")}$`, "s");
  return pattern.test(words.map((entry) => `${entry.word} (${entry.reason})`).join("; "));
}

describe("docs/zerocode.md, Real resolutions", () => {
  const rows = readResolutionRows();

  it("has the table", () => {
    expect(rows.length).toBeGreaterThan(30);
  });

  it.each(rows)("$command", (row) => {
    const resolved = resolveHookScripts(row.command, {
      cwd: "/repo/sub",
      home: "/home/me",
      env: { PLUGIN_ROOT: "/home/me/.zerotwo/plugins/p" },
      gitRoot: "/repo",
    });
    const shown = { files: resolved.files, notHashed: resolved.notHashed };
    expect(matchesScripts(row.scripts, resolved.files), JSON.stringify(shown)).toBe(true);
    expect(matchesNotHashed(row.notHashed, resolved.notHashed), JSON.stringify(shown)).toBe(true);
  });
});
