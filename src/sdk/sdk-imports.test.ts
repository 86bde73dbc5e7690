import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";

// The SDK runs inside every hook process: it must load no package, only Node's built-ins and
// its own files (plus the profile tables, which are plain data).

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

beforeAll(() => ensureBuilt(), 120_000);

/** The module specifiers a built ES module imports, statically or dynamically. */
function readSpecifiers(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gms,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/** Every file reachable from `entry` through relative imports, and every other specifier. */
function walkImports(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of readSpecifiers(file)) {
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier));
      else external.add(specifier);
    }
  }
  return { files, external };
}

describe("agent-hooks/sdk at run time", () => {
  it("imports only node: built-ins and its own files, never a package", () => {
    const { files, external } = walkImports(path.join(dist, "sdk", "index.js"));
    expect(files).toContain(path.join(dist, "sdk", "define-persistent-hook.js"));
    expect([...external].filter((specifier) => !specifier.startsWith("node:"))).toEqual([]);
    const outside = [...files]
      .map((file) => path.relative(dist, file))
      .filter((file) => !file.startsWith(`sdk${path.sep}`));
    // The profile tables (which output shape an event takes) are the only files outside sdk/.
    expect(outside.filter((file) => !file.startsWith(`profiles${path.sep}`))).toEqual([]);
  });

  it("finds the imports it checks (the walk itself works)", () => {
    const { external } = walkImports(path.join(dist, "event-schemas", "event-schemas.js"));
    expect(external).toContain("zod");
  });
});
