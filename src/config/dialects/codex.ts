import { isRecord } from "../../shared/is-record.js";
import type { DialectParser } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { createDialectResult, createReporter } from "./walk-hook-events.js";
import { parseZerocodeConfig } from "./zerocode.js";

/** The only root keys Codex 0.169 accepts in `hooks.json` (`HooksFile`): any other fails the file. */
const jsonRootKeys = new Set(["description", "hooks"]);
/** Keys of a `config.toml` `[hooks]` table that are not events (`[hooks.state]` holds Codex's trust). */
const tomlSettingKeys = ["state"];
/** ZeroCode's handler field Codex does not have. */
const foreignHandlerKeys = ["additionalContextLimit"];

/**
 * Parses Codex 0.169 hooks as Codex reads them: `hooks.json` (`{ "description"?, "hooks": … }`,
 * any other root key fails the whole file, as Codex's `failed to parse hooks config`), the
 * `[hooks]` tables of `config.toml` / `requirements.toml` (the `[hooks.state]` table of Codex's
 * per-hook trust is not an event), matcher groups of command handlers with `timeout` in seconds
 * or its alias `timeoutSec` (both set fails the file: serde's duplicate field), `commandWindows`
 * (TOML also `command_windows`), `statusMessage` and `async`.
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
  if (hooks === null) return result;
  const parsed = parseZerocodeConfig({ ...document, hooks }, source, profile);
  return { ...parsed, diagnostics: [...result.diagnostics, ...parsed.diagnostics] };
};

/**
 * The events object with each handler's Codex spellings read as the ZeroCode dialect's
 * (`timeoutSec` → `timeout`), or null when a handler sets both (Codex fails the file).
 */
function readCodexEvents(
  hooks: unknown,
  at: readonly (string | number)[],
  report: ReturnType<typeof createReporter>,
  toml: boolean,
): unknown {
  if (!isRecord(hooks)) return hooks;
  let duplicate = false;
  const events: Record<string, unknown> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (toml && tomlSettingKeys.includes(event)) continue;
    if (!Array.isArray(groups)) {
      events[event] = groups;
      continue;
    }
    events[event] = groups.map((group, groupIndex) => {
      if (!isRecord(group) || !Array.isArray(group.hooks)) return group;
      const handlers = group.hooks.map((handler, handlerIndex) => {
        if (!isRecord(handler)) return handler;
        const where = [...at, event, groupIndex, "hooks", handlerIndex];
        const { timeoutSec, ...rest } = handler;
        for (const key of foreignHandlerKeys) {
          if (rest[key] === undefined) continue;
          report(
            "unknown_field",
            "warning",
            `Unknown handler field "${key}": Codex does not read it; it is ignored`,
            [...where, key],
          );
          delete rest[key];
        }
        if (timeoutSec === undefined) return rest;
        if (rest.timeout !== undefined) {
          duplicate = true;
          report(
            "invalid_config",
            "error",
            `Both "timeout" and its alias "timeoutSec" are set: Codex 0.169 fails the whole file (duplicate field "timeout"), so no hook of this file is loaded`,
            [...where, "timeoutSec"],
          );
          return rest;
        }
        return { ...rest, timeout: timeoutSec };
      });
      return { ...group, hooks: handlers };
    });
  }
  return duplicate ? null : events;
}

/** Whether a source is a `config.toml`-style document (not `hooks.json` or a plugin's inline hooks). */
function isTomlSource(source: ConfigSource): boolean {
  return source.documentPath === undefined && source.file.toLowerCase().endsWith(".toml");
}
