import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "./run-node-script.js";

/** The languages whose code blocks are programs the docs may claim run. */
export const programLanguages = ["js", "mjs", "ts", "python"] as const;

/** A language of {@link programLanguages}. */
export type ProgramLanguage = (typeof programLanguages)[number];

/** One fenced code block of a page, in a language of {@link programLanguages}. */
export interface DocSnippet {
  /** The page, relative to the package root. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  language: ProgramLanguage;
  /** The name after `run=` in the info string (```js run=ai-sdk), or null when it has none. */
  runName: string | null;
  /** The code, without the block's indentation. */
  code: string;
  /** The next code block of the page when it is a `text` block: what the page says it prints. */
  shownOutput: string | null;
}

/** The lines of a block between its fences, without the block's indentation. */
function readBlock(lines: readonly string[], opening: number, closing: number, indent: string) {
  const body = lines
    .slice(opening + 1, closing)
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()));
  return `${body.join("\n")}\n`;
}

/** The content of the next code block from line `from` on, when it is a `text` block. */
function readShownOutput(lines: readonly string[], from: number): string | null {
  const next = lines.findIndex((line, at) => at >= from && /^\s*(`{3,}|~{3,})/.test(line));
  if (next === -1) return null;
  const opening = /^(\s*)(`{3,}|~{3,})\s*text\s*$/.exec(lines[next] ?? "");
  if (opening === null) return null;
  const [, indent = "", fence = ""] = opening;
  const closing = lines.findIndex((line, at) => at > next && line.trim() === fence);
  return readBlock(lines, next, closing === -1 ? lines.length : closing, indent);
}

/** The pages a user reads: the README, every page of docs/, the Python client's README. */
export function listUserPages(): string[] {
  const docs = readdirSync(path.join(packageRoot, "docs"))
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => `docs/${file}`);
  return ["README.md", "clients/python/README.md", ...docs];
}

/**
 * The program code blocks of a page: fenced blocks whose info string starts with `js`, `mjs`,
 * `ts` or `python`, indented ones (in a list) included. A block that runs says so in its info
 * string, with the name the docs test knows it by: ```` ```js run=ai-sdk ````.
 *
 * @example
 * ```ts
 * const snippets = extractDocSnippets("docs/adapters.md");
 * ```
 */
export function extractDocSnippets(file: string): DocSnippet[] {
  const lines = readFileSync(path.join(packageRoot, file), "utf8").split("\n");
  const snippets: DocSnippet[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const opening = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/.exec(lines[index] ?? "");
    if (opening === null) continue;
    const [, indent = "", fence = "", language = "", meta = ""] = opening;
    const end = lines.findIndex(
      (line, at) => at > index && line.trimStart().startsWith(fence) && line.trim() === fence,
    );
    const closing = end === -1 ? lines.length : end;
    if ((programLanguages as readonly string[]).includes(language)) {
      snippets.push({
        file,
        line: index + 1,
        language: language as ProgramLanguage,
        runName: /(?:^|\s)run=([\w-]+)/.exec(meta)?.[1] ?? null,
        code: readBlock(lines, index, closing, indent),
        shownOutput: readShownOutput(lines, closing + 1),
      });
    }
    index = closing;
  }
  return snippets;
}
