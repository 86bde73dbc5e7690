// Rewrites the generated regions of the docs (the command reference and profile tables of
// docs/cli.md, the event × format table of docs/convert.md) from the built code:
// `npm run docs:generate` compiles first. The docs test fails until a changed region is rewritten.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listGeneratedDocRegions } from "../dist/cli/list-generated-doc-regions.js";
import { replaceGeneratedRegion } from "../dist/cli/replace-generated-region.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const pages = new Map();
for (const region of listGeneratedDocRegions()) {
  const file = path.join(root, region.file);
  const text = pages.get(file) ?? readFileSync(file, "utf8");
  pages.set(file, replaceGeneratedRegion(text, region.name, await region.generate()));
}
for (const [file, text] of pages) {
  const changed = readFileSync(file, "utf8") !== text;
  if (changed) writeFileSync(file, text);
  console.log(`${changed ? "rewrote" : "unchanged"} ${path.relative(root, file)}`);
}
