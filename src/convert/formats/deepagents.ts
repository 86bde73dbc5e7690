import { deepagentsProfile } from "../../profiles/deepagents.js";
import { buildGroupedEvents } from "../build-hook-events.js";
import { compactObject } from "../compact-object.js";
import { formatJsonDocument } from "../format-json-document.js";
import type { HookFormat, ReadResult } from "../hook-format.js";
import { listProfileEvents } from "../list-profile-events.js";
import { parseSourceText } from "../parse-source-text.js";
import { placeCarriedFields } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import { readGroupedEvents } from "../read-grouped-events.js";
import { readHookDocument } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

/**
 * Deep Agents Code's `~/.deepagents/hooks.json`: strict JSON, event → matcher groups → command
 * handlers (`command` as a string or an argv list, `timeout`, `statusMessage`, `if`).
 */
export const deepagentsFormat: HookFormat = {
  name: "deepagents",
  title: "Deep Agents Code",
  syntaxes: ["json"],
  events: listProfileEvents(deepagentsProfile),
  eventCase: "pascal",
  defaultTimeoutSeconds: deepagentsProfile.defaultTimeoutSeconds,
  typeTimeoutSeconds: {},
  matchers: "exact",
  fields: ["statusMessage"],
  platforms: [],
  defaultCommandRequired: true,
  argv: true,
  handlerKeys: [
    ["command", "command"],
    ["timeout", "timeout"],
    ["statusMessage", "statusMessage"],
    ["if", "if"],
  ],
  ignoredHandlerKeys: {},
  skipsAsyncHooks: false,
  descriptionSyntaxes: ["json"],
  toolNames: {
    internalNames: deepagentsProfile.toolNameAliases,
    groupedNames: deepagentsProfile.toolMatchAliases,
  },
  variables: [],
  read: readDeepagentsHooks,
  write: writeDeepagentsHooks,
};

function readDeepagentsHooks(text: string, file: string): ReadResult {
  return readHookDocument(
    parseSourceText(text, file, "json"),
    file,
    {
      format: deepagentsFormat,
      syntax: "json",
      classifyRootKey: (key) =>
        key === "description" ? { role: "description" } : { role: "carried", consequence: null },
      readEvents: (events, at, issues) =>
        readGroupedEvents(
          events,
          at,
          { format: deepagentsFormat, handlerKeys: deepagentsFormat.handlerKeys },
          issues,
        ),
    },
    [],
  );
}

function writeDeepagentsHooks(set: PortableHookSet): string {
  const document: Record<string, unknown> = {};
  placeCarriedFields(document, set.extraFields);
  if (set.description !== null) document.description = set.description;
  document.hooks = buildGroupedEvents(set.hooks, deepagentsFormat, {
    matcher: (hook) => hook.matcher,
    handler: writeHandler,
  });
  return formatJsonDocument(document);
}

function writeHandler(hook: PortableHook): Record<string, unknown> {
  const handler = compactObject({
    type: hook.type,
    command: hook.command.default,
    timeout: selectWrittenTimeout(hook, deepagentsFormat),
    statusMessage: hook.statusMessage,
    if: hook.if,
  });
  placeCarriedFields(handler, hook.extraFields);
  return handler;
}
