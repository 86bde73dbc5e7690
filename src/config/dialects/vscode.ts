import type { Profile } from "../../profiles/profile.js";
import type { JsonPathSegment } from "../../shared/format-json-path.js";
import type { DialectParser, DialectResult } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { suggestName } from "../suggest-name.js";
import { checkHookFileRoot, type HookFileRootRules } from "./check-hook-file-root.js";
import { detectHookFormat, isMatcherGroup, type VscodeHookFormat } from "./detect-hook-format.js";
import { listHandlerKeys, omitFields } from "./handler-field-table.js";
import { localEntryFields } from "./handler-fields.js";
import {
  copilotEntryKeys,
  copilotEventNames,
  copilotOnlyEvents,
  copilotSourceKeys,
  mapCopilotEntry,
} from "./map-copilot-format.js";
import { readClaudeHandler } from "./read-claude-handler.js";
import { readLocalEntry } from "./read-local-entry.js";
import { reportUnknownField } from "./report-unknown-field.js";
import { walkFlatEntryLists } from "./walk-flat-entry-lists.js";
import {
  openHookDocument,
  type ReportDiagnostic,
  walkGroup,
  walkHookEvents,
} from "./walk-hook-events.js";

// A native Local entry has no `matcher` (it gets `matcher_ignored`); a mapped Copilot entry keeps one.
const localEntryKeys = listHandlerKeys(omitFields(localEntryFields, ["matcher"]));
const localCommandProperties = ["command", "windows", "linux", "osx"];
const copilotCommandProperties = ["bash", "powershell"];
const hookFileRootKeys = new Set(["hooks", "$schema", "description"]);
const claudeRules = { rootKeys: new Set<string>(), readHandler: readClaudeHandler };
/** Claude settings files hold other settings beside `hooks`; only `hooks` is read from them. */
const settingsFileNames = /^settings(\.local)?\.json$/;
/** A Local or Claude-format file has no `version`. */
const hookFileRoot: HookFileRootRules = {
  keys: hookFileRootKeys,
  settingsFileNames,
  describeVersion: null,
};
/** A Copilot-format file may also say `version` (1). */
const copilotRoot: HookFileRootRules = {
  keys: new Set([...hookFileRootKeys, "version"]),
  suggestedKeys: hookFileRootKeys,
  settingsFileNames,
  describeVersion: (version) =>
    `Copilot hook file version ${version} is not 1; it is read as version 1`,
};

/** What the flat-list walker needs to know about the file it reads. */
interface FlatListContext {
  source: ConfigSource;
  profile: Profile;
  format: Exclude<VscodeHookFormat, "claude">;
  report: ReportDiagnostic;
  platform: NodeJS.Platform;
}

/**
 * Parses a VS Code Local hook file in any of its three source formats, detected per file: the
 * native Local format (a flat list of command entries per PascalCase event), the Copilot CLI
 * format (`version`, camelCase events, `bash` / `powershell`, `timeoutSec`), or the Claude format
 * (matcher groups with nested handlers; matchers are kept and honoured). A Local or Copilot list
 * may mix flat entries and matcher groups: both load, in order. Each is mapped to Local
 * definitions; a bad entry is dropped with a diagnostic and its valid siblings still load.
 */
export const parseVscodeConfig: DialectParser = (rawDocument, source, profile) => {
  const { result, report, root: document } = openHookDocument(rawDocument, source);
  if (document === null) return result;
  const format = detectHookFormat(document);
  checkHookFileRoot(document, source, format === "copilot" ? copilotRoot : hookFileRoot, report);
  if (document.hooks === undefined) return result;
  if (format === "claude") {
    walkHookEvents(document.hooks, ["hooks"], { source, profile, rules: claudeRules }, result);
    return result;
  }
  walkEntryLists(
    document.hooks,
    { source, profile, format, report, platform: process.platform },
    result,
  );
  return result;
};

/**
 * Walks `{ <event>: [entries] }` where each entry is one command (Local and Copilot formats) or
 * a Claude-format matcher group; groups and entries share one numbering.
 */
function walkEntryLists(hooks: unknown, context: FlatListContext, result: DialectResult): void {
  const { profile, report } = context;
  const rules = {
    resolveEvent: (name: string) => resolveLocalEventName(name, profile),
    describeUnknownEvent: (name: string) => describeUnknownHookFileEvent(name, profile),
    entryNoun: "command",
  };
  walkFlatEntryLists(hooks, { profile, report, rules }, result, (entry, place) => {
    if (isMatcherGroup(entry)) {
      walkGroup(entry, place, { source: context.source, profile, rules: claudeRules }, result);
      return;
    }
    const copilot = context.format === "copilot";
    const { at } = place;
    const local = copilot ? readCopilotShape(entry, at, report) : readLocalShape(entry, at, report);
    const definition = readLocalEntry(local, {
      ...place,
      profile,
      source: context.source,
      report,
      platform: context.platform,
      commandProperties: copilot ? copilotCommandProperties : localCommandProperties,
      ...(copilot ? { sourceKeys: copilotSourceKeys } : {}),
    });
    if (definition !== null) result.definitions.push(definition);
  });
}

/** A Local event by its own name, or a Copilot CLI (camelCase) name mapped to it; else null. */
function resolveLocalEventName(name: string, profile: Profile): string | null {
  if (Object.hasOwn(profile.events, name) && profile.events[name]?.configurable === true) {
    return name;
  }
  return Object.hasOwn(copilotEventNames, name) ? (copilotEventNames[name] ?? null) : null;
}

function describeUnknownHookFileEvent(name: string, profile: Profile): string {
  if (copilotOnlyEvents.has(name)) {
    return `Copilot CLI event "${name}" has no ${profile.title} equivalent; its hooks will never run`;
  }
  const known = Object.entries(profile.events)
    .filter(([, spec]) => spec.configurable)
    .map(([event]) => event);
  return `${profile.title} has no hook event "${name}"${suggestName(name, known)}; its hooks will never run (events: ${known.join(", ")})`;
}

/** A native entry as written; a `matcher` is reported and dropped (Local entries have none). */
function readLocalShape(
  entry: Readonly<Record<string, unknown>>,
  at: readonly JsonPathSegment[],
  report: ReportDiagnostic,
): Record<string, unknown> {
  const { matcher: _dropped, ...local } = entry;
  for (const key of Object.keys(entry)) {
    if (key === "matcher") {
      report(
        "matcher_ignored",
        "warning",
        `"matcher" is not part of the Local format and is ignored: this entry runs for every call (use a Claude-format matcher group to filter)`,
        [...at, key],
      );
    } else if (!localEntryKeys.has(key)) {
      reportUnknownField(report, "hook entry", key, localEntryKeys, at);
    }
  }
  return local;
}

/** A Copilot CLI entry mapped to the Local shape, after reporting fields Copilot does not define. */
function readCopilotShape(
  entry: Readonly<Record<string, unknown>>,
  at: readonly JsonPathSegment[],
  report: ReportDiagnostic,
): Record<string, unknown> {
  for (const key of Object.keys(entry)) {
    if (!copilotEntryKeys.has(key)) {
      reportUnknownField(report, "Copilot hook entry", key, copilotEntryKeys, at);
    }
  }
  return mapCopilotEntry(entry);
}
