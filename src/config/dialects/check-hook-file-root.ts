import path from "node:path";
import type { ConfigSource } from "../discover-config-files.js";
import { reportUnknownField } from "./report-unknown-field.js";
import type { ReportDiagnostic } from "./walk-hook-events.js";

/** What the top level of a hook file may hold, and how a `version` other than 1 is reported. */
export interface HookFileRootRules {
  /** Every key the top level may have (`hooks` among them). */
  keys: ReadonlySet<string>;
  /** The keys an unknown one is compared with for a "did you mean"; absent: `keys`. */
  suggestedKeys?: ReadonlySet<string>;
  /** Settings files whose `hooks` is read among other settings: their other keys are not reported. */
  settingsFileNames: RegExp | null;
  /** The warning for a `version` that is there and not 1 (given as JSON); null: it is not checked. */
  describeVersion: ((version: string) => string) | null;
}

/**
 * Checks the top level of a hook file: a `version` other than 1 is a warning (the file is read as
 * version 1), and each key outside `rules.keys` is an `unknown_field` warning, except in a settings
 * file.
 *
 * @example
 * ```ts
 * const rules = { keys: new Set(["hooks"]), settingsFileNames: null, describeVersion: null };
 * checkHookFileRoot(root, source, rules, report);
 * ```
 */
export function checkHookFileRoot(
  document: Readonly<Record<string, unknown>>,
  source: ConfigSource,
  rules: HookFileRootRules,
  report: ReportDiagnostic,
): void {
  const version = document.version;
  if (rules.describeVersion !== null && version !== undefined && version !== 1) {
    report("invalid_config", "warning", rules.describeVersion(JSON.stringify(version)), [
      "version",
    ]);
  }
  if (rules.settingsFileNames?.test(path.basename(source.file)) === true) return;
  for (const key of Object.keys(document)) {
    if (rules.keys.has(key)) continue;
    reportUnknownField(report, "top-level", key, rules.suggestedKeys ?? rules.keys, []);
  }
}
