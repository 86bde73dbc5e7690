import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { ConfigSyntax } from "../profiles/profile.js";
import { readTextFile } from "../shared/read-text-file.js";
import { parseJsonDocument } from "./parse-json-document.js";
import { parseSettingsJsonDocument } from "./parse-settings-json-document.js";

/** A configuration file read and parsed: its value, absent, or why it cannot be used. */
export type ConfigDocument =
  | { status: "ok"; value: unknown }
  | { status: "missing" }
  | { status: "failed"; diagnostic: Diagnostic };

/**
 * Reads a configuration file once and parses it: TOML when the name ends in `.toml`, else strict
 * JSON (or JSONC, or settings JSON as `reader` reads it, when `syntax` says so; see
 * `parseSettingsJsonDocument`). A missing file is `missing` unless `explicit` (then a
 * `config_not_found` error).
 */
export async function readConfigDocument(
  file: string,
  explicit: boolean,
  syntax: ConfigSyntax = "json",
  reader = "The agent",
): Promise<ConfigDocument> {
  let text: string;
  try {
    text = await readTextFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && !explicit) return { status: "missing" };
    const reason =
      code === "ENOENT" ? "does not exist" : `cannot be read (${code ?? String(error)})`;
    const diagnostic = createDiagnostic(
      code === "ENOENT" ? "config_not_found" : "invalid_config",
      "error",
      `Configuration file ${file} ${reason}`,
      { file },
    );
    return { status: "failed", diagnostic };
  }
  // The JSONC scanner is loaded only for profiles whose files are JSONC.
  const parse =
    syntax === "jsonc"
      ? (await import("./parse-jsonc-document.js")).parseJsoncDocument
      : syntax === "settings-json"
        ? (text: string, name: string) => parseSettingsJsonDocument(text, name, reader)
        : parseJsonDocument;
  // The TOML parser is loaded only for TOML files (a cold start reading JSON skips it).
  const parsed = file.toLowerCase().endsWith(".toml")
    ? (await import("./parse-toml-document.js")).parseTomlDocument(text, file)
    : parse(text, file);
  return parsed.ok
    ? { status: "ok", value: parsed.value }
    : { status: "failed", diagnostic: parsed.diagnostic };
}
