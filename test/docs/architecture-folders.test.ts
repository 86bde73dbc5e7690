import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../support/run-node-script.js";

// docs/architecture.md's "The house" names every folder of src/ with its job: a folder added or
// removed without the table fails here.

/** Every folder below src/, as `src/a/b/`. */
function listSourceFolders(folder = "src"): string[] {
  return readdirSync(path.join(packageRoot, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = `${folder}/${entry.name}`;
      return [`${child}/`, ...listSourceFolders(child)];
    });
}

/** The folders the table of "The house" names, in its order. */
function readHouseFolders(): string[] {
  const page = readFileSync(path.join(packageRoot, "docs/architecture.md"), "utf8");
  const section = page.split("\n## The house\n")[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/^\| `(src\/[^`]*\/)` +\|/gm)].map((match) => match[1] ?? "");
}

describe("docs/architecture.md, The house", () => {
  it("names every folder of src/, and only those", () => {
    const named = readHouseFolders();
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(listSourceFolders().sort());
  });
});
