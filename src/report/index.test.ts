import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";
import { createReport } from "./index.js";
import { renderAuditReport } from "./render-audit-report.js";

const fixture = new URL("../../test/fixtures/report/three-sessions.jsonl", import.meta.url);
const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

/** The module specifiers a built ES module loads when it is imported (not `import()`). */
function readStaticSpecifiers(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gms,
    /^\s*import\s*["']([^"']+)["']/gm,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/** Every file and package loaded at once when `entry` is imported. */
function walkStaticImports(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of readStaticSpecifiers(file)) {
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier));
      else external.add(specifier);
    }
  }
  return { files, external };
}

describe("createReport from agent-hooks", () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it("gives the same report as the report stage it loads on first call", async () => {
    const text = await readFile(fixture, "utf8");
    const report = await createReport(text, { title: "three-sessions.jsonl" });
    expect(report.ok).toBe(true);
    expect(report).toEqual(renderAuditReport(text, { title: "three-sessions.jsonl" }));
    const empty = await createReport("", { title: "empty" });
    expect(empty).toMatchObject({ ok: false, error: expect.stringContaining("empty") });
  });

  it("keeps the root import light: neither the report stage nor zod loads with it", () => {
    const root = walkStaticImports(path.join(dist, "index.js"));
    expect(root.files).toContain(path.join(dist, "report", "index.js"));
    expect(root.files).not.toContain(path.join(dist, "report", "render-audit-report.js"));
    expect(root.external).not.toContain("zod");
    // The walk does find zod where it is imported at once.
    expect(
      walkStaticImports(path.join(dist, "report", "render-audit-report.js")).external,
    ).toContain("zod");
  });
});
