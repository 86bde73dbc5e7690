import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { HookDefinition } from "./hook-definition.js";
import type { HttpHookPolicy, MergedSettingList } from "./http-hook-policy.js";
import { matchHttpHookUrl } from "./match-http-hook-url.js";

/** The definitions the http hook policy lets load, and diagnostics for what it changed. */
export interface PolicedDefinitions {
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
}

/**
 * Applies Claude Code's http hook policy at load: an `http` handler whose URL matches no
 * `allowedHttpHookUrls` pattern (or any handler, when the merged list is empty) is dropped with
 * an `http_url_refused` error naming the setting, its files and the handler's file and JSON path;
 * a handler's `allowedEnvVars` is cut to those `httpHookAllowedEnvVars` lists, with an
 * `http_env_var_refused` warning naming the variables removed. Other handlers pass unchanged.
 *
 * @example
 * ```ts
 * const policed = applyHttpHookPolicy(definitions, loaded.httpHookPolicy);
 * diagnostics.push(...policed.diagnostics);
 * ```
 */
export function applyHttpHookPolicy(
  definitions: readonly HookDefinition[],
  policy: HttpHookPolicy | undefined,
): PolicedDefinitions {
  const kept: HookDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const definition of definitions) {
    const { action } = definition;
    if (policy === undefined || action?.type !== "http") {
      kept.push(definition);
      continue;
    }
    const { allowedUrls, allowedEnvVars } = policy;
    if (allowedUrls !== null && !matchHttpHookUrl(action.url, allowedUrls.entries)) {
      diagnostics.push(createRefusedUrlDiagnostic(definition, action.url, allowedUrls));
      continue;
    }
    if (allowedEnvVars === null) {
      kept.push(definition);
      continue;
    }
    const permitted = new Set(allowedEnvVars.entries);
    const removed = action.allowedEnvVars.filter((name) => !permitted.has(name));
    if (removed.length === 0) {
      kept.push(definition);
      continue;
    }
    diagnostics.push(
      createDiagnostic(
        "http_env_var_refused",
        "warning",
        `${describeNames(removed)} not in httpHookAllowedEnvVars (set in ${allowedEnvVars.files.join(", ")}); header references to ${removed.length === 1 ? "it are" : "them are"} sent empty`,
        { file: definition.file, path: `${definition.path}.allowedEnvVars` },
      ),
    );
    const narrowed = action.allowedEnvVars.filter((name) => permitted.has(name));
    kept.push({ ...definition, action: { ...action, allowedEnvVars: narrowed } });
  }
  return { definitions: kept, diagnostics };
}

function createRefusedUrlDiagnostic(
  definition: HookDefinition,
  url: string,
  allowedUrls: MergedSettingList,
): Diagnostic {
  const files = allowedUrls.files.join(", ");
  const reason =
    allowedUrls.entries.length === 0
      ? `allowedHttpHookUrls is an empty list (set in ${files}), which blocks every http hook`
      : `it matches no allowedHttpHookUrls pattern (set in ${files})`;
  return createDiagnostic(
    "http_url_refused",
    "error",
    `http hook ${url} is not allowed: ${reason}; the handler is skipped`,
    { file: definition.file, path: `${definition.path}.url` },
  );
}

function describeNames(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`).join(", ");
  return names.length === 1 ? `allowedEnvVars ${quoted} is` : `allowedEnvVars ${quoted} are`;
}
