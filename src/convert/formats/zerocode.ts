import path from "node:path";
import { stringify } from "smol-toml";
import { profiles } from "../../profiles/profiles.js";
import { isRecord } from "../../shared/is-record.js";
import { buildGroupedEvents } from "../build-hook-events.js";
import { defineHookFormat, type HookFormatDescription } from "../define-hook-format.js";
import { describeCanonicalEvent } from "../event-catalog.js";
import { formatJsonDocument } from "../format-json-document.js";
import type { HookFormat, ReadResult } from "../hook-format.js";
import { listProfileEvents } from "../list-profile-events.js";
import {
  formatRegexMatcher,
  isAllMatcher,
  type MatcherShape,
  parseExactMatcher,
} from "../matcher-shape.js";
import { parseSourceText } from "../parse-source-text.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type {
  CarriedField,
  DocumentSyntax,
  PortableHook,
  PortableHookSet,
} from "../portable-hooks.js";
import { carryField, readHookDocument } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";
import { translateNamesToFormat } from "../translate-tool-names.js";

const profile = profiles.zerocode;

/** Keys of a TOML `[hooks]` table that configure managed scripts rather than name events. */
const managedDirectoryKeys = ["managed_dir", "windows_managed_dir"];
/** `[features]` keys that turn hooks off (`zerocode_hooks` is the deprecated alias). */
const featureKeys = ["hooks", "zerocode_hooks"];

/** What a format of the ZeroCode dialect states beyond the dialect (ZeroCode itself, Codex). */
export type ZerocodeDialectOptions = Pick<
  HookFormatDescription,
  | "name"
  | "title"
  | "events"
  | "defaultTimeoutSeconds"
  | "timeoutUnit"
  | "handlerKeys"
  | "ignoredHandlerKeys"
  | "toolNames"
  | "variables"
  | "targetNote"
  | "describeOutputLoss"
>;

/**
 * A format of the ZeroCode dialect: `hooks.json` or a TOML `[hooks]` table, event → matcher groups
 * (regular expressions) → handlers with `commandWindows`, `additionalContextLimit` and `async`,
 * with the given names, paths and tool names.
 *
 * @example
 * ```ts
 * const codex = defineZerocodeDialectFormat({ name: "codex", title: "Codex", ... });
 * ```
 */
export function defineZerocodeDialectFormat(options: ZerocodeDialectOptions): HookFormat {
  const format: HookFormat = defineHookFormat({
    ...options,
    syntaxes: ["json", "toml"],
    eventCase: "pascal",
    matchers: "regex",
    fields: ["statusMessage", "additionalContextLimit", "async"],
    platforms: ["windows"],
    skipsAsyncHooks: true,
    descriptionSyntaxes: ["json"],
    read: (text, file, requested) => readZerocodeHooks(format, text, file, requested),
    write: (set, syntax) => writeZerocodeHooks(format, set, syntax),
  });
  return format;
}

/** The handler keys of the dialect's JSON form. */
const zerocodeHandlerKeys: HookFormat["handlerKeys"] = [
  ["command", "command"],
  ["commandWindows", "windows"],
  ["timeout", "timeout"],
  ["statusMessage", "statusMessage"],
  ["additionalContextLimit", "additionalContextLimit"],
  ["async", "async"],
];

/**
 * ZeroCode's `hooks.json` and the `[hooks]` table of `config.toml` / `requirements.toml`. A `.toml`
 * file is read as TOML, anything else as JSON.
 */
export const zerocodeFormat = defineZerocodeDialectFormat({
  name: "zerocode",
  title: profile.title,
  events: listProfileEvents(profile),
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  handlerKeys: zerocodeHandlerKeys,
  toolNames: {
    internalNames: profile.toolNameAliases,
    groupedNames: profile.toolMatchAliases,
  },
  variables: ["PLUGIN_ROOT", "PLUGIN_DATA", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"],
});

/** TOML also spells the Windows override `command_windows`. */
function listTomlHandlerKeys(format: HookFormat): HookFormat["handlerKeys"] {
  return [
    ...format.handlerKeys.slice(0, 2),
    ["command_windows", "windows"],
    ...format.handlerKeys.slice(2),
  ];
}

function readZerocodeHooks(
  format: HookFormat,
  text: string,
  file: string,
  requested?: DocumentSyntax,
): ReadResult {
  const syntax: DocumentSyntax =
    requested ?? (file.toLowerCase().endsWith(".toml") ? "toml" : "json");
  const parsed = parseSourceText(text, file, syntax);
  const result = readHookDocument(parsed, file, {
    format,
    syntax,
    layout: "grouped",
    classifyRootKey: (key) => {
      if (syntax === "json") {
        return key === "description"
          ? { role: "description" }
          : { role: "carried", consequence: null };
      }
      return key === "features" ? { role: "ignored" } : { role: "setting" };
    },
    ...(syntax === "toml" && {
      handlerKeys: listTomlHandlerKeys(format),
      tableKeys: managedDirectoryKeys,
    }),
  });
  if (!result.ok || syntax === "json" || !parsed.ok || !isRecord(parsed.value)) return result;
  const features = parsed.value.features;
  const featureFields: CarriedField[] = [];
  if (isRecord(features)) {
    // `true` is the default in config.toml; only requirements.toml pins it against user settings.
    const pins = path.basename(file).toLowerCase() === "requirements.toml";
    for (const key of featureKeys) {
      const value = features[key];
      if (value === undefined || (value === true && !pins)) continue;
      const consequence =
        value === false
          ? "the source turns hooks off; the converted hooks are on"
          : "the source pins hooks on against user settings";
      featureFields.push(carryField(["features", key], value, consequence));
    }
  }
  return {
    ...result,
    set: { ...result.set, extraFields: [...result.set.extraFields, ...featureFields] },
  };
}

function writeZerocodeHooks(
  format: HookFormat,
  set: PortableHookSet,
  syntax: DocumentSyntax,
): string {
  const events = buildGroupedEvents(set.hooks, format, {
    matcher: (hook) => writeZerocodeMatcher(hook, format),
    handler: (hook) => writeHandler(hook, format),
  });
  const document = buildWrittenDocument({
    carried: set.extraFields,
    fields: { description: syntax === "json" ? set.description : null },
    events,
  });
  return syntax === "toml" ? `${stringify(document)}\n` : formatJsonDocument(document);
}

/**
 * A portable matcher in ZeroCode's syntax: exact names anchored (`^Bash$`), public names of one
 * ZeroCode tool folded into it (`Edit|Write` → `^apply_patch$`), regular expressions as written.
 */
export function writeZerocodeMatcher(
  hook: PortableHook,
  format: HookFormat = zerocodeFormat,
): string | null {
  if (isAllMatcher(hook.matcher)) return hook.matcher;
  const shape = parseExactMatcher(hook.matcher);
  const folded: MatcherShape =
    shape.kind === "names" && describeCanonicalEvent(hook.event).toolEvent
      ? { kind: "names", names: translateNamesToFormat(shape.names, format.toolNames) }
      : shape;
  return formatRegexMatcher(folded);
}

function writeHandler(hook: PortableHook, format: HookFormat): Record<string, unknown> {
  return buildWrittenHandler(
    {
      type: hook.type,
      command: typeof hook.command.default === "string" ? hook.command.default : undefined,
      commandWindows: hook.command.windows,
      timeout: selectWrittenTimeout(hook, format),
      statusMessage: hook.statusMessage,
      additionalContextLimit: hook.additionalContextLimit,
      async: hook.async,
    },
    hook.extraFields,
  );
}
