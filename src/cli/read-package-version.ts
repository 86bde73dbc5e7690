import { readFileSync } from "node:fs";
import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";

/**
 * The `version` of this package's `package.json`, read with no dependency loaded (`--version`
 * answers with it before the command tree loads); `"unknown"` when the file has none.
 *
 * @example
 * ```ts
 * readPackageVersion(); // "0.1.0"
 * ```
 */
export function readPackageVersion(): string {
  const parsed = safeParseJson(
    readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
  );
  const version = parsed.success && isRecord(parsed.value) ? parsed.value.version : undefined;
  return typeof version === "string" ? version : "unknown";
}
