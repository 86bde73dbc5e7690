import { readFile } from "node:fs/promises";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { parseJsonDocument } from "./parse-json-document.js";
import { parseJsoncDocument } from "./parse-jsonc-document.js";
import { parseTomlDocument } from "./parse-toml-document.js";

/** A configuration file read and parsed: its value, absent, or why it cannot be used. */
export type ConfigDocument =
  | { status: "ok"; value: unknown }
  | { status: "missing" }
  | { status: "failed"; diagnostic: Diagnostic };

/**
 * Reads a configuration file once and parses it: TOML when the name ends in `.toml`, else strict
 * JSON (or JSONC when `syntax` says so). A missing file is `missing` unless `explicit` (then a
 * `config_not_found` error).
 */
export async function readConfigDocument(
  file: string,
  explicit: boolean,
  syntax: "json" | "jsonc" = "json",
): Promise<ConfigDocument> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
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
  const parse = syntax === "jsonc" ? parseJsoncDocument : parseJsonDocument;
  const parsed = file.toLowerCase().endsWith(".toml")
    ? parseTomlDocument(text, file)
    : parse(text, file);
  return parsed.ok
    ? { status: "ok", value: parsed.value }
    : { status: "failed", diagnostic: parsed.diagnostic };
}
