import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import type { HttpHookPolicy, MergedSettingList } from "../http-hook-policy.js";
import { parseHttpHookUrlPattern } from "../parse-http-hook-url-pattern.js";
import type { SettingsLayer } from "./discover-claude-sources.js";

/**
 * Reads `allowedHttpHookUrls` and `httpHookAllowedEnvVars` from every settings file (managed
 * first, then user, project and local, or the `configFiles`) and merges each list as Claude
 * Code merges array settings: the union of the files that set it. A list the managed settings
 * set is the policy, though: other files cannot widen an administrator's list (an `info`
 * diagnostic names each file whose list is ignored). A value that is not a list of strings fails
 * closed: it is reported and counts as an empty list (its string entries are kept when it is a
 * list with other entries mixed in). An `allowedHttpHookUrls` entry that is not a URL pattern is
 * an error naming its file and index; it stays in the list and matches nothing.
 *
 * @example
 * ```ts
 * const policy = readHttpHookPolicy(layers, diagnostics);
 * if (policy.allowedUrls?.entries.length === 0) console.warn("every http hook is blocked");
 * ```
 */
export function readHttpHookPolicy(
  layers: readonly SettingsLayer[],
  diagnostics: Diagnostic[],
): HttpHookPolicy {
  return {
    allowedUrls: mergeSettingList(layers, "allowedHttpHookUrls", diagnostics),
    allowedEnvVars: mergeSettingList(layers, "httpHookAllowedEnvVars", diagnostics),
  };
}

function mergeSettingList(
  layers: readonly SettingsLayer[],
  key: string,
  diagnostics: Diagnostic[],
): MergedSettingList | null {
  const entries = new Set<string>();
  const files: string[] = [];
  const managedSets = layers.some(
    (layer) => layer.layer === "managed" && layer.settings[key] !== undefined,
  );
  for (const layer of layers) {
    const value = layer.settings[key];
    if (value === undefined) continue;
    if (managedSets && layer.layer !== "managed") {
      diagnostics.push(
        createDiagnostic(
          "invalid_config",
          "info",
          `${key} in ${layer.file} is ignored: the managed settings set this list, and other files cannot widen it`,
          { file: layer.file, path: key },
        ),
      );
      continue;
    }
    files.push(layer.file);
    const strings = Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === "string")
      : [];
    for (const entry of strings) entries.add(entry);
    if (key === "allowedHttpHookUrls") reportBadPatterns(layer.file, value, diagnostics);
    if (Array.isArray(value) && strings.length === value.length) continue;
    const kept = strings.length === 0 ? "it counts as an empty list" : "only its strings count";
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "error",
        `${key} must be a list of strings; in ${layer.file} ${kept}`,
        { file: layer.file, path: key },
      ),
    );
  }
  return files.length === 0 ? null : { entries: [...entries], files };
}

function reportBadPatterns(file: string, value: unknown, diagnostics: Diagnostic[]): void {
  if (!Array.isArray(value)) return;
  value.forEach((entry: unknown, index) => {
    if (typeof entry !== "string") return;
    const parsed = parseHttpHookUrlPattern(entry);
    if (parsed.ok) return;
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "error",
        `allowedHttpHookUrls pattern "${entry}" in ${file} is not a URL pattern: ${parsed.reason}; it matches no URL`,
        { file, path: `allowedHttpHookUrls[${index}]` },
      ),
    );
  });
}
