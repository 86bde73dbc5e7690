import { formatJsonPath, type JsonPathSegment } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import type { DialectParser, DialectResult } from "../dialect-result.js";
import { listHandlerKeys } from "./handler-field-table.js";
import { geminiHandlerFields } from "./handler-fields.js";
import { checkCommandHandler } from "./read-command-handler.js";
import { readHandlerFields } from "./read-plain-fields.js";
import { reportUnknownField } from "./report-unknown-field.js";
import {
  type DialectHandlerContext,
  type HandlerFields,
  openHookDocument,
  type ReportDiagnostic,
  reportIssues,
  walkHookEvents,
} from "./walk-hook-events.js";

const handlerKeys = listHandlerKeys(geminiHandlerFields);
/** Keys of `hooks` that are settings, not events (`HOOKS_CONFIG_FIELDS`): Gemini CLI skips them. */
const hooksTableKeys = new Set(["enabled", "disabled", "notifications"]);
const groupKeys = new Set(["matcher", "sequential", "hooks"]);
const hooksConfigKeys = new Set(["enabled", "disabled", "notifications"]);

/** What a handler carries beside the walker's fields: its name and own environment. */
interface HandlerExtras {
  at: readonly JsonPathSegment[];
  name: string;
  env: Readonly<Record<string, string>>;
}

/**
 * Parses the hooks of a Gemini CLI settings file (https://geminicli.com/docs/hooks/reference):
 * `hooks.<Event>[{matcher, sequential, hooks: [{type, command, name, timeout, env}]}]` under
 * Gemini CLI's own event names, timeouts in milliseconds. `hooksConfig.enabled: false` turns the
 * file's hooks off and `hooksConfig.disabled` names (a hook's `name`, else its command) are
 * skipped, each for this file's hooks; other settings are ignored. A bad handler or group is
 * dropped with a diagnostic naming the file and JSON path; its valid siblings still load.
 *
 * @example
 * ```ts
 * const result = parseGeminiConfig(settings, source, geminiProfile);
 * console.log(result.definitions.map((hook) => hook.timeoutMs));
 * ```
 */
export const parseGeminiConfig: DialectParser = (rawDocument, source, profile) => {
  const { result, report, root: document } = openHookDocument(rawDocument, source);
  if (document === null) return result;
  const settings = readHooksConfig(document.hooksConfig, report);
  if (document.hooks === undefined) return result;
  if (settings.enabled === false) {
    report(
      "hooks_disabled",
      "info",
      `hooksConfig.enabled is false: Gemini CLI runs none of the hooks in ${source.file}`,
      ["hooksConfig", "enabled"],
    );
    return result;
  }
  const hooks: unknown = isRecord(document.hooks)
    ? readGroups(document.hooks, report)
    : document.hooks;
  const extras = new Map<string, HandlerExtras>();
  walkHookEvents(
    hooks,
    ["hooks"],
    {
      source,
      profile,
      rules: {
        rootKeys: new Set(),
        settingKeys: hooksTableKeys,
        readHandler: (handler, context) => readGeminiHandler(handler, context, extras),
      },
    },
    result,
  );
  applyHandlerExtras(result, extras, settings.disabled, report);
  return result;
};

/** `hooksConfig` as Gemini CLI reads it: `enabled` (default true) and the `disabled` names. */
function readHooksConfig(
  value: unknown,
  report: ReportDiagnostic,
): { enabled: boolean; disabled: readonly string[] } {
  const settings = { enabled: true, disabled: [] as string[] };
  if (value === undefined) return settings;
  const at = ["hooksConfig"];
  if (!isRecord(value)) {
    report("invalid_config", "error", "hooksConfig must be an object; it is ignored", at);
    return settings;
  }
  for (const key of Object.keys(value)) {
    if (!hooksConfigKeys.has(key)) {
      reportUnknownField(report, "hooksConfig", key, hooksConfigKeys, at);
    }
  }
  if (value.enabled !== undefined) {
    if (typeof value.enabled === "boolean") settings.enabled = value.enabled;
    else
      report("invalid_config", "error", "hooksConfig.enabled must be true or false", [
        ...at,
        "enabled",
      ]);
  }
  if (value.disabled !== undefined) {
    if (Array.isArray(value.disabled) && value.disabled.every((item) => typeof item === "string")) {
      settings.disabled = [...value.disabled];
    } else {
      report("invalid_config", "error", "hooksConfig.disabled must be a list of hook names", [
        ...at,
        "disabled",
      ]);
    }
  }
  return settings;
}

/**
 * The events map with each group's own keys checked and `sequential` taken out (the walker knows
 * `matcher` and `hooks` only); indexes are kept, so every path still points into the file.
 */
function readGroups(hooks: Readonly<Record<string, unknown>>, report: ReportDiagnostic): unknown {
  // Entries, so an event the file names `__proto__` stays an (unknown) event for the walker.
  const events: [string, unknown][] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (hooksTableKeys.has(event)) {
      reportHooksSetting(event, hooks[event], report);
      continue;
    }
    if (!Array.isArray(groups)) {
      events.push([event, groups]);
      continue;
    }
    events.push([
      event,
      groups.map((group: unknown, index) => {
        if (!isRecord(group)) return group;
        const at: JsonPathSegment[] = ["hooks", event, index];
        const { sequential, ...rest } = group;
        for (const key of Object.keys(group)) {
          if (!groupKeys.has(key)) {
            reportUnknownField(report, "matcher group", key, groupKeys, at);
          }
        }
        if (sequential !== undefined && typeof sequential !== "boolean") {
          report("invalid_config", "warning", "sequential must be true or false; it is ignored", [
            ...at,
            "sequential",
          ]);
        } else if (sequential === true) {
          report(
            "unsupported_field",
            "info",
            "sequential: true runs Gemini CLI's hooks of this event one after another, each seeing the input the previous one rewrote; the engine runs them side by side and applies the rewrites as one",
            [...at, "sequential"],
          );
        }
        // Unknown keys were reported above; the walker sees only its own.
        return Object.fromEntries(Object.entries(rest).filter(([key]) => groupKeys.has(key)));
      }),
    ]);
  }
  return Object.fromEntries(events);
}

// `hooks.enabled` and the others sit where Gemini CLI skips them: only `hooksConfig` is read.
function reportHooksSetting(key: string, value: unknown, report: ReportDiagnostic): void {
  if (key === "enabled" && value === false) {
    report(
      "unsupported_field",
      "warning",
      `Gemini CLI 0.61.0 skips hooks.enabled; hooks stay on (turn them off with hooksConfig.enabled: false)`,
      ["hooks", key],
    );
  } else if (key === "disabled") {
    report(
      "unsupported_field",
      "warning",
      `Gemini CLI 0.61.0 skips hooks.disabled; list names to skip in hooksConfig.disabled`,
      ["hooks", key],
    );
  }
}

function readGeminiHandler(
  handler: unknown,
  context: DialectHandlerContext,
  extras: Map<string, HandlerExtras>,
): HandlerFields | null {
  const checked = checkCommandHandler(handler, "zerocode", handlerKeys, context);
  if (checked === null) return null;
  const fields = readHandlerFields(checked, geminiHandlerFields, (issues) =>
    reportIssues(issues, context.at, context.report),
  );
  if (fields === null) return null;
  const timeoutMs =
    fields.timeout === undefined
      ? (context.spec.defaultTimeoutSeconds ?? context.profile.defaultTimeoutSeconds) * 1000
      : Math.ceil(fields.timeout);
  // The name hooksConfig.disabled matches: `name`, else the command as written.
  extras.set(formatJsonPath(context.at), {
    at: context.at,
    name:
      fields.name !== undefined && fields.name !== ""
        ? fields.name
        : typeof checked.command === "string"
          ? checked.command
          : "",
    env: fields.env ?? {},
  });
  return {
    command: fields.command,
    timeoutMs,
    statusMessage: null,
    if: null,
    additionalContextLimit: null,
    persistent: false,
  };
}

// A handler's own `env` goes over the source's; a name in hooksConfig.disabled drops the handler.
function applyHandlerExtras(
  result: DialectResult,
  extras: ReadonlyMap<string, HandlerExtras>,
  disabled: readonly string[],
  report: ReportDiagnostic,
): void {
  result.definitions = result.definitions.filter((definition) => {
    const extra = extras.get(definition.path);
    if (extra === undefined) return true;
    if (disabled.includes(extra.name)) {
      report(
        "hook_disabled",
        "info",
        `"${extra.name}" is listed in hooksConfig.disabled, so Gemini CLI does not run it`,
        extra.at,
      );
      return false;
    }
    definition.env = { ...definition.env, ...extra.env };
    return true;
  });
}
