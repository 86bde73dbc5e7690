// Reads the scenarios the docs list as known differences: a bullet in the agent's "Differences
// from …" section that contains "(scenario `<id>`)" or "(scenarios `<id>`, `<id>` and `<id>`)".
import { readFileSync } from "node:fs";
import path from "node:path";

/** Where each agent's differences are documented: the file and the section heading. */
export const differenceSections = /** @type {const} */ ({
  claude: [{ file: "docs/claude.md", heading: "## Differences from Claude Code" }],
  gemini: [
    { file: "docs/shim.md", heading: "## Differences from Gemini CLI" },
    { file: "docs/gemini.md", heading: "## Differences from Gemini CLI 0.61.0" },
  ],
  codex: [
    { file: "docs/shim.md", heading: "## Differences from Codex" },
    { file: "docs/zerocode.md", heading: "## Differences from Codex 0.169" },
    { file: "docs/codex.md", heading: "## Differences from Codex 0.169 (codex profile)" },
  ],
});

/**
 * Returns the lines of a Markdown section (after its heading, up to the next heading of the same
 * or a higher level), or null when the heading is absent.
 * @param {string} markdown
 * @param {string} heading
 */
export function readMarkdownSection(markdown, heading) {
  const lines = markdown.split(/\r?\n/);
  const level = heading.match(/^#+/)?.[0].length ?? 2;
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) return null;
  const section = [];
  let inFence = false;
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const headingLevel = inFence ? 0 : (line.match(/^(#+)\s/)?.[1]?.length ?? 0);
    if (headingLevel > 0 && headingLevel <= level) break;
    section.push(line);
  }
  return section;
}

/**
 * Splits a section into its top-level bullets (a bullet runs until the next line that starts a
 * top-level bullet or the end), each joined into one string.
 * @param {string[]} lines
 */
function splitBullets(lines) {
  /** @type {string[]} */
  const bullets = [];
  /** @type {string[] | null} */
  let current = null;
  for (const line of lines) {
    if (/^[-*]\s/.test(line)) {
      if (current) bullets.push(current.join(" "));
      current = [line];
    } else if (current && line.trim() !== "" && /^\s/.test(line)) {
      current.push(line.trim());
    } else if (current && line.trim() !== "") {
      bullets.push(current.join(" "));
      current = null;
    }
  }
  if (current) bullets.push(current.join(" "));
  return bullets;
}

/**
 * Reads the documented differences of every agent: a map from scenario id to its bullet text.
 * @param {string} repositoryRoot
 * @returns {Map<string, { agent: string, file: string, text: string }>}
 */
export function readDocumentedDifferences(repositoryRoot) {
  /** @type {Map<string, { agent: string, file: string, text: string }>} */
  const differences = new Map();
  for (const [agent, sections] of Object.entries(differenceSections)) {
    for (const { file, heading } of sections) {
      let markdown;
      try {
        markdown = readFileSync(path.join(repositoryRoot, file), "utf8");
      } catch {
        continue;
      }
      const lines = readMarkdownSection(markdown, heading);
      if (lines === null) continue;
      for (const bullet of splitBullets(lines)) {
        // "(scenario `a`)" or "(scenarios `a`, `b` and `c`)": every id in the parenthesis.
        for (const group of bullet.matchAll(/\(scenarios? ((?:`[^`]+`[^()`]*)+)\)/g)) {
          for (const match of (group[1] ?? "").matchAll(/`([^`]+)`/g)) {
            const id = match[1];
            if (id !== undefined) differences.set(id, { agent, file, text: bullet });
          }
        }
      }
    }
  }
  return differences;
}
