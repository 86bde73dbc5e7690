import { isRecord } from "../../shared/is-record.js";
import type { DialectParser } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { createDialectResult, createReporter } from "./walk-hook-events.js";
import { parseZerocodeConfig } from "./zerocode.js";

/** The only root keys Codex 0.169 accepts in `hooks.json` (`HooksFile`): any other fails the file. */
const jsonRootKeys = new Set(["description", "hooks"]);
/** Keys of a `config.toml` `[hooks]` table that are not events (`[hooks.state]` holds Codex's trust). */
const tomlSettingKeys = ["state"];

/**
 * Parses Codex 0.169 hooks as Codex reads them: `hooks.json` (`{ "description"?, "hooks": … }`,
 * any other root key fails the whole file, as Codex's `failed to parse hooks config`), the
 * `[hooks]` tables of `config.toml` / `requirements.toml` (the `[hooks.state]` table of Codex's
 * per-hook trust is not an event), matcher groups of command handlers with `command`,
 * `commandWindows` (also `command_windows`), `timeout` in seconds, `statusMessage`, `async` and
 * `additionalContextLimit`; `timeoutSec`, which the docs call an alias of `timeout`, is ignored
 * with a warning, as the 0.169 binary ignores it.
 */
export const parseCodexConfig: DialectParser = (document, source, profile) => {
  const result = createDialectResult();
  const report = createReporter(source, result);
  const at = source.documentPath ?? [];
  const toml = isTomlSource(source);
  if (!isRecord(document)) return parseZerocodeConfig(document, source, profile);
  if (!toml) {
    const foreign = Object.keys(document).filter((key) => !jsonRootKeys.has(key));
    if (foreign.length > 0) {
      for (const key of foreign) {
        report(
          "invalid_config",
          "error",
          `Unknown root field "${key}": Codex 0.169 refuses a hooks.json with any root field but "description" and "hooks", so no hook of this file is loaded`,
          [...at, key],
        );
      }
      return result;
    }
  }
  if (document.hooks === undefined)
    return toml ? result : parseZerocodeConfig(document, source, profile);
  const hooks = readCodexEvents(document.hooks, [...at, "hooks"], report, toml);
  const parsed = parseZerocodeConfig({ ...document, hooks }, source, profile);
  return { ...parsed, diagnostics: [...result.diagnostics, ...parsed.diagnostics] };
};

/**
 * The events object without the handler key Codex 0.169 does not read: `timeoutSec`, the docs'
 * alias of `timeout`, is ignored by the binary (its handler keys are `command`, `commandWindows`,
 * `timeout`, `async`, `additionalContextLimit` and `statusMessage`), so its default applies.
 */
function readCodexEvents(
  hooks: unknown,
  at: readonly (string | number)[],
  report: ReturnType<typeof createReporter>,
  toml: boolean,
): unknown {
  if (!isRecord(hooks)) return hooks;
  // Entries, so an event the file names `__proto__` stays an (unknown) event for the walker.
  const events: [string, unknown][] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (toml && tomlSettingKeys.includes(event)) continue;
    if (!Array.isArray(groups)) {
      events.push([event, groups]);
      continue;
    }
    events.push([
      event,
      groups.map((group, groupIndex) => {
        if (!isRecord(group) || !Array.isArray(group.hooks)) return group;
        const handlers = group.hooks.map((handler, handlerIndex) => {
          if (!isRecord(handler) || handler.timeoutSec === undefined) return handler;
          const { timeoutSec: _ignored, ...rest } = handler;
          const fallback =
            rest.timeout === undefined
              ? "the default timeout (600 s) applies"
              : '"timeout" applies';
          report(
            "unknown_field",
            "warning",
            `"timeoutSec" is not read by Codex 0.169 (its docs call it an alias of "timeout"); it is ignored and ${fallback}`,
            [...at, event, groupIndex, "hooks", handlerIndex, "timeoutSec"],
          );
          return rest;
        });
        return { ...group, hooks: handlers };
      }),
    ]);
  }
  return Object.fromEntries(events);
}

/** Whether a source is a `config.toml`-style document (not `hooks.json` or a plugin's inline hooks). */
function isTomlSource(source: ConfigSource): boolean {
  return source.documentPath === undefined && source.file.toLowerCase().endsWith(".toml");
}
