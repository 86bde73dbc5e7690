import { randomUUID } from "node:crypto";
import {
  chmod,
  mkdir,
  readFile,
  realpath,
  rename,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse, TomlError } from "smol-toml";
import { isRecord } from "../shared/is-record.js";

/** The edited `config.toml` text, or why it could not be edited safely. */
export type ProjectTrustEdit =
  | { ok: true; text: string; change: "added" | "updated" | "unchanged" }
  | { ok: false; error: string };

/** What `saveProjectTrust` did to the file. */
export type ProjectTrustSave =
  | { ok: true; file: string; change: "added" | "updated" | "unchanged" }
  | { ok: false; file: string; error: string };

type TomlTable = Record<string, unknown>;

/**
 * Sets `[projects."<projectPath>"] trust_level = "trusted"` in `config.toml` text, editing the
 * text so comments, key order and formatting survive: an existing table's `trust_level` line is
 * replaced (or added under its header), else the table is appended. The result is verified to
 * parse to the old document plus that one value.
 *
 * @example
 * ```ts
 * writeProjectTrust('model = "x" # mine\n', "/repo");
 * // { ok: true, change: "added", text: 'model = "x" # mine\n\n[projects."/repo"]\ntrust_level = "trusted"\n' }
 * ```
 */
export function writeProjectTrust(text: string, projectPath: string): ProjectTrustEdit {
  const before = parseToml(text);
  if (!before.ok) {
    return { ok: false, error: `it is not valid TOML (${before.error}); fix it first` };
  }
  const projects = before.value.projects;
  const current = isRecord(projects) ? projects[projectPath] : undefined;
  if (isRecord(current) && current.trust_level === "trusted") {
    return { ok: true, text, change: "unchanged" };
  }
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const header = findProjectTable(text, projectPath);
  const edited =
    header === null
      ? { text: appendProjectTable(text, projectPath, newline), change: "added" as const }
      : { text: setTrustLevel(text, header, newline), change: "updated" as const };
  const after = parseToml(edited.text);
  const expected = structuredClone(before.value);
  const expectedProjects = isRecord(expected.projects) ? expected.projects : {};
  expected.projects = expectedProjects;
  const expectedTable = expectedProjects[projectPath];
  expectedProjects[projectPath] = {
    ...(isRecord(expectedTable) ? expectedTable : {}),
    trust_level: "trusted",
  };
  if (!after.ok || !isDeepStrictEqual(structuredClone(after.value), expected)) {
    const form =
      header === null && current !== undefined ? " (it is defined inline or with dotted keys)" : "";
    return {
      ok: false,
      error: `the [projects] entry for ${projectPath} cannot be edited safely${form}; add trust_level = "trusted" to it by hand`,
    };
  }
  return { ok: true, ...edited };
}

/**
 * Trusts a project in the `config.toml` at `file` (created 0600, with its folder, when missing):
 * edits the text with `writeProjectTrust`, then writes a temporary file and renames it over the
 * original, keeping the original's mode. Never throws.
 */
export async function saveProjectTrust(
  file: string,
  projectPath: string,
): Promise<ProjectTrustSave> {
  let target = file;
  let text = "";
  let mode = 0o600;
  try {
    target = await realpath(file);
    text = await readFile(target, "utf8");
    mode = (await stat(target)).mode & 0o777;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT")
      return { ok: false, file, error: `cannot read it (${code ?? String(error)})` };
  }
  const edit = writeProjectTrust(text, projectPath);
  if (!edit.ok) return { ok: false, file: target, error: edit.error };
  if (edit.change === "unchanged") return { ok: true, file: target, change: "unchanged" };
  const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(temporary, edit.text, { mode, flag: "wx" });
    await chmod(temporary, mode);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { ok: false, file: target, error: `cannot write it (${code})` };
  }
  return { ok: true, file: target, change: edit.change };
}

function parseToml(text: string): { ok: true; value: TomlTable } | { ok: false; error: string } {
  try {
    return { ok: true, value: parse(text) as TomlTable };
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = (error.message.split("\n", 1)[0] ?? "").replace(
        /^Invalid TOML document:\s*/,
        "",
      );
      return { ok: false, error: `${reason} at line ${error.line}, column ${error.column}` };
    }
    return { ok: false, error: String(error) };
  }
}

/** Where a `[projects."<path>"]` table is: its header line and the line that ends its body. */
interface TableLocation {
  headerLine: number;
  endLine: number;
}

function findProjectTable(text: string, projectPath: string): TableLocation | null {
  const lines = text.split("\n");
  let found: number | null = null;
  let multiline: string | null = null;
  for (const [index, line] of lines.entries()) {
    const startsInString = multiline !== null;
    multiline = trackMultilineString(line, multiline);
    if (startsInString) continue;
    const keys = readTableHeader(line);
    if (keys === null) continue;
    if (found !== null) return { headerLine: found, endLine: index };
    if (keys.length === 2 && keys[0] === "projects" && keys[1] === projectPath) found = index;
  }
  return found === null ? null : { headerLine: found, endLine: lines.length };
}

const trustLevelLine = /^(\s*(?:trust_level|"trust_level"|'trust_level')\s*=\s*)(.*)$/s;
const leadingValue = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^\s#]+)(.*)$/s;

function setTrustLevel(text: string, table: TableLocation, newline: string): string {
  const lines = text.split("\n");
  const carriage = newline === "\r\n" ? "\r" : "";
  for (let index = table.headerLine + 1; index < table.endLine; index += 1) {
    const line = lines[index] ?? "";
    const match = trustLevelLine.exec(line);
    if (match === null) continue;
    const [, key = "", rest = ""] = match;
    const value = leadingValue.exec(rest);
    lines[index] = `${key}"trusted"${value?.[2] ?? carriage}`;
    return lines.join("\n");
  }
  lines.splice(table.headerLine + 1, 0, `trust_level = "trusted"${carriage}`);
  return lines.join("\n");
}

function appendProjectTable(text: string, projectPath: string, newline: string): string {
  let result = text;
  if (result !== "" && !result.endsWith("\n")) result += newline;
  if (result.trim() !== "" && !result.endsWith(`${newline}${newline}`)) result += newline;
  return `${result}[projects.${formatTomlKey(projectPath)}]${newline}trust_level = "trusted"${newline}`;
}

/** A TOML key: bare when it can be, else a basic string with escapes. */
export function formatTomlKey(key: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(key)) return key;
  let quoted = "";
  for (const character of key) {
    const code = character.codePointAt(0) ?? 0;
    if (character === "\\") quoted += "\\\\";
    else if (character === '"') quoted += '\\"';
    else if (code < 0x20 || code === 0x7f) quoted += `\\u${code.toString(16).padStart(4, "0")}`;
    else quoted += character;
  }
  return `"${quoted}"`;
}

/** The keys of a `[table]` or `[[array]]` header line, read with the TOML parser itself; else null. */
function readTableHeader(line: string): string[] | null {
  const start = line.search(/\S/);
  if (start === -1 || line[start] !== "[") return null;
  const isArray = line[start + 1] === "[";
  const open = isArray ? "[[" : "[";
  const close = isArray ? "]]" : "]";
  for (
    let end = line.indexOf(close, start + open.length);
    end !== -1;
    end = line.indexOf(close, end + 1)
  ) {
    if (!/^\s*(#.*)?\r?$/.test(line.slice(end + close.length))) continue;
    const inner = line.slice(start + open.length, end);
    try {
      return readKeyChain(parse(`${open}${inner}${close}\n`));
    } catch {
      // Not a header up to this bracket; a later one may close it (a key may hold "]").
    }
  }
  return null;
}

function readKeyChain(value: unknown): string[] {
  const keys: string[] = [];
  let current = Array.isArray(value) ? value[0] : value;
  while (isRecord(current)) {
    const entries = Object.entries(current);
    const [first] = entries;
    if (entries.length !== 1 || first === undefined) break;
    keys.push(first[0]);
    current = Array.isArray(first[1]) ? first[1][0] : first[1];
  }
  return keys;
}

/** Follows `"""` / `'''` multi-line strings so their lines are not mistaken for headers. */
function trackMultilineString(line: string, open: string | null): string | null {
  let state = open;
  let index = 0;
  for (;;) {
    if (state === null) {
      const basic = line.indexOf('"""', index);
      const literal = line.indexOf("'''", index);
      if (basic === -1 && literal === -1) return null;
      const first = basic === -1 ? literal : literal === -1 ? basic : Math.min(basic, literal);
      state = line.slice(first, first + 3);
      index = first + 3;
    } else {
      const end = line.indexOf(state, index);
      if (end === -1) return state;
      state = null;
      index = end + 3;
    }
  }
}
