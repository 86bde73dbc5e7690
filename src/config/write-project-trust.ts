import { isDeepStrictEqual } from "node:util";
import { parse, TomlError } from "smol-toml";
import { formatTomlKey } from "../shared/format-toml-key.js";
import { isRecord } from "../shared/is-record.js";
import { scanTomlTables } from "../shared/scan-toml-tables.js";
import { setTomlValue } from "../shared/set-toml-value.js";
import { writeFileAtomically } from "../shared/write-file-atomically.js";

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
  const tableKeys = ["projects", projectPath];
  const scan = scanTomlTables(text);
  const hasHeader =
    scan.ok &&
    scan.headers.some(
      (header) =>
        !header.array &&
        header.keys.length === 2 &&
        header.keys.every((key, index) => key === tableKeys[index]),
    );
  const edited = setTomlValue(text, tableKeys, "trust_level", '"trusted"');
  const after = edited === null ? null : parseToml(edited);
  const expected = structuredClone(before.value);
  const expectedProjects = isRecord(expected.projects) ? expected.projects : {};
  expected.projects = expectedProjects;
  const expectedTable = expectedProjects[projectPath];
  expectedProjects[projectPath] = {
    ...(isRecord(expectedTable) ? expectedTable : {}),
    trust_level: "trusted",
  };
  if (
    edited === null ||
    after === null ||
    !after.ok ||
    !isDeepStrictEqual(structuredClone(after.value), expected)
  ) {
    const form =
      !hasHeader && current !== undefined ? " (it is defined inline or with dotted keys)" : "";
    return {
      ok: false,
      error: `the [projects] entry for ${projectPath} cannot be edited safely${form}; add trust_level = "trusted" to it by hand`,
    };
  }
  return { ok: true, text: edited, change: hasHeader ? "updated" : "added" };
}

/**
 * Trusts a project in the `config.toml` at `file` (created 0600, with its folder 0700, when
 * missing): edits the text with `writeProjectTrust` and replaces the file atomically, keeping its
 * mode (`writeFileAtomically`: a symbolic link is refused, never followed). Never throws.
 */
export async function saveProjectTrust(
  file: string,
  projectPath: string,
): Promise<ProjectTrustSave> {
  let change: "added" | "updated" | "unchanged" = "unchanged";
  const written = await writeFileAtomically(
    file,
    (existing) => {
      const edit = writeProjectTrust(existing?.text ?? "", projectPath);
      if (!edit.ok) return { ok: false, reason: edit.error };
      change = edit.change;
      return { ok: true, text: edit.text };
    },
    { directoryMode: 0o700, newFileMode: 0o600 },
  );
  if (!written.ok) {
    const hint =
      written.link === undefined
        ? ""
        : `; add trust_level = "trusted" under [projects.${formatTomlKey(projectPath)}] in ${written.link} by hand`;
    return { ok: false, file, error: `${written.reason}${hint}` };
  }
  return { ok: true, file, change };
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
