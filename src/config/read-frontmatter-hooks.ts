import { readFile } from "node:fs/promises";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { isRecord } from "../shared/is-record.js";

/** The YAML frontmatter of a skill (`SKILL.md`) or subagent (`.claude/agents/*.md`) file. */
export interface FrontmatterHooks {
  file: string;
  /** The frontmatter as an object, or null when the file has none or it cannot be used. */
  frontmatter: Readonly<Record<string, unknown>> | null;
  /** Its `hooks` value as written (the shape of settings' `hooks`), or undefined when absent or empty. */
  hooks: unknown;
  /** Its `name` when that is a non-blank string, else null. */
  name: string | null;
  /** Why the file or its frontmatter cannot be used; empty when it is fine or has no frontmatter. */
  diagnostics: Diagnostic[];
}

/** Aliases a frontmatter may expand: enough for any real file, too few for an alias bomb. */
const maxAliasCount = 100;

/**
 * Reads the `hooks` of a Markdown file's YAML frontmatter (between a first line `---` and the
 * next `---`); never throws: a missing file, an unclosed frontmatter or bad YAML is a diagnostic
 * naming the file (and the line and column).
 *
 * @example
 * ```ts
 * const skill = await readFrontmatterHooks(".claude/skills/deploy/SKILL.md");
 * if (skill.diagnostics.length > 0) console.warn(skill.diagnostics);
 * console.log(skill.name, skill.hooks);
 * ```
 */
export async function readFrontmatterHooks(file: string): Promise<FrontmatterHooks> {
  const result: FrontmatterHooks = {
    file,
    frontmatter: null,
    hooks: undefined,
    name: null,
    diagnostics: [],
  };
  const fail = (message: string) => {
    result.diagnostics.push(createDiagnostic("invalid_config", "error", message, { file }));
    return result;
  };
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      result.diagnostics.push(
        createDiagnostic("config_not_found", "error", `${file} does not exist`, { file }),
      );
      return result;
    }
    return fail(`${file} cannot be read (${code ?? String(error)})`);
  }
  const lines = (text.startsWith("\uFEFF") ? text.slice(1) : text).split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") return result;
  const end = lines.findIndex(
    (line, index) => index > 0 && (line.trimEnd() === "---" || line.trimEnd() === "..."),
  );
  if (end === -1) return fail(`${file}: the frontmatter opened on line 1 is never closed by ---`);
  // The YAML parser is loaded only when a frontmatter is read: engines that never add one skip it.
  const { LineCounter, parseDocument } = await import("yaml");
  const counter = new LineCounter();
  const document = parseDocument(lines.slice(1, end).join("\n"), {
    lineCounter: counter,
    prettyErrors: false,
  });
  const [error] = document.errors;
  if (error !== undefined) {
    // The YAML starts on the file's second line, after the opening ---.
    const { line, col } = counter.linePos(error.pos[0]);
    return fail(`${file}:${line + 1}:${col}: invalid YAML frontmatter: ${error.message}`);
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount });
  } catch (problem) {
    return fail(`${file}: invalid YAML frontmatter: ${String(problem)}`);
  }
  if (value === null || value === undefined) return result;
  if (!isRecord(value)) return fail(`${file}: the frontmatter must be a mapping of fields`);
  result.frontmatter = value;
  // `hooks:` with nothing after it is YAML null: no hooks, as when the key is absent.
  result.hooks = value.hooks ?? undefined;
  if (typeof value.name === "string" && value.name.trim() !== "") result.name = value.name.trim();
  return result;
}
