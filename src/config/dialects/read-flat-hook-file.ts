import path from "node:path";
import type { Profile } from "../../profiles/profile.js";
import type { JsonPathSegment } from "../../shared/format-json-path.js";
import type { DialectResult } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { suggestName } from "../suggest-name.js";
import { checkHookFileRoot } from "./check-hook-file-root.js";
import type { FlatHookFileShape } from "./flat-hook-file-shapes.js";
import { readLocalEntry } from "./read-local-entry.js";
import { reportUnknownField } from "./report-unknown-field.js";
import { walkFlatEntryLists } from "./walk-flat-entry-lists.js";
import { openHookDocument, type ReportDiagnostic } from "./walk-hook-events.js";

/**
 * Reads an agent's flat hook file (`{"version": 1, "hooks": {<event>: [<entry>, …]}}`, Cursor's
 * and Copilot CLI's) as the profile names its events: each entry is mapped to the Local shape by
 * `shape` and read by `readLocalEntry` (the running platform's command, the timeout in the
 * profile's unit, a kept `matcher`). A bad entry is dropped with a diagnostic naming the file and
 * its JSON path, and its valid siblings still load.
 *
 * @example
 * ```ts
 * readFlatHookFile({ version: 1, hooks: { stop: [{ command: "./done.sh" }] } }, source, cursorProfile, flatHookFileShapes.cursor);
 * ```
 */
export function readFlatHookFile(
  document: unknown,
  source: ConfigSource,
  profile: Profile,
  shape: FlatHookFileShape,
): DialectResult {
  const { result, report, root } = openHookDocument(document, source);
  if (root === null) return result;
  checkHookFileRoot(
    root,
    source,
    {
      keys: new Set(["hooks", "version", ...shape.rootKeys]),
      settingsFileNames: shape.settingsFileNames,
      describeVersion: (version) =>
        `${profile.title} hook files declare version 1, not ${version}; the file is read as version 1`,
    },
    report,
  );
  if (root.hooks === undefined) return result;
  const rules = {
    resolveEvent: (name: string) => resolveEventName(name, profile, shape),
    describeUnknownEvent: (name: string) => describeUnknownEvent(name, profile),
    entryNoun: "hook",
  };
  walkFlatEntryLists(root.hooks, { profile, report, rules }, result, (entry, place) => {
    checkEntryFields(entry, place.at, profile, shape, report);
    const definition = readLocalEntry(shape.mapEntry(entry), {
      ...place,
      profile,
      source,
      report,
      platform: process.platform,
      commandProperties: shape.commandProperties,
      sourceKeys: shape.sourceKeys,
      handlerTypes: "flat-hook-file",
    });
    if (definition === null) return;
    const directory = shape.selectCommandDirectory(source, path.dirname(source.file));
    result.definitions.push(
      definition.cwd === null && directory !== null
        ? { ...definition, cwd: directory }
        : definition,
    );
  });
  return result;
}

function checkEntryFields(
  entry: Readonly<Record<string, unknown>>,
  at: readonly JsonPathSegment[],
  profile: Profile,
  shape: FlatHookFileShape,
  report: ReportDiagnostic,
): void {
  for (const [key, value] of Object.entries(entry)) {
    if (!shape.entryKeys.has(key)) {
      reportUnknownField(report, `${profile.title} hook entry`, key, shape.entryKeys, at);
    } else if (Object.hasOwn(shape.unappliedEntryKeys, key) && value !== false) {
      report(
        "unsupported_field",
        "warning",
        `"${key}" is not applied: ${shape.unappliedEntryKeys[key]}`,
        [...at, key],
      );
    }
  }
}

/** The profile's event by its own name, or (where the agent takes them) by its canonical name. */
function resolveEventName(name: string, profile: Profile, shape: FlatHookFileShape): string | null {
  if (Object.hasOwn(profile.events, name) && profile.events[name]?.configurable === true) {
    return name;
  }
  if (!shape.acceptsCanonicalEventNames) return null;
  const named = Object.entries(profile.events).filter(
    ([, spec]) => spec.configurable && spec.canonical === name && spec.tools === undefined,
  );
  return named.length === 1 ? (named[0]?.[0] ?? null) : null;
}

function describeUnknownEvent(name: string, profile: Profile): string {
  const known = Object.entries(profile.events)
    .filter(([, spec]) => spec.configurable)
    .map(([event]) => event);
  return `${profile.title} has no hook event "${name}"${suggestName(name, known)}; its hooks will never run (events: ${known.join(", ")})`;
}
