import { profiles } from "../../profiles/profiles.js";
import { buildGroupedEvents } from "../build-hook-events.js";
import { defineHookFormat } from "../define-hook-format.js";
import { formatJsonDocument } from "../format-json-document.js";
import { listProfileEvents } from "../list-profile-events.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

const profile = profiles.deepagents;

/**
 * Deep Agents Code's `~/.deepagents/hooks.json`: strict JSON, event → matcher groups → command
 * handlers (`command` as a string or an argv list, `timeout`, `statusMessage`, `if`).
 */
export const deepagentsFormat = defineHookFormat({
  name: "deepagents",
  title: profile.title,
  events: listProfileEvents(profile),
  eventCase: "pascal",
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  matchers: "exact",
  fields: ["statusMessage"],
  argv: true,
  handlerKeys: [
    ["command", "command"],
    ["timeout", "timeout"],
    ["statusMessage", "statusMessage"],
    ["if", "if"],
  ],
  descriptionSyntaxes: ["json"],
  toolNames: {
    internalNames: profile.toolNameAliases,
    groupedNames: profile.toolMatchAliases,
  },
  document: {
    parse: "json",
    layout: "grouped",
    hooksListError: "the Deep Agents event-stream form, which has no decision hooks to convert",
    classifyRootKey: (key) =>
      key === "description" ? { role: "description" } : { role: "carried", consequence: null },
  },
  write: writeDeepagentsHooks,
});

function writeDeepagentsHooks(set: PortableHookSet): string {
  const events = buildGroupedEvents(set.hooks, deepagentsFormat, { handler: writeHandler });
  return formatJsonDocument(
    buildWrittenDocument({
      carried: set.extraFields,
      fields: { description: set.description },
      events,
    }),
  );
}

function writeHandler(hook: PortableHook): Record<string, unknown> {
  return buildWrittenHandler(
    {
      type: hook.type,
      command: hook.command.default,
      timeout: selectWrittenTimeout(hook, deepagentsFormat),
      statusMessage: hook.statusMessage,
      if: hook.if,
    },
    hook.extraFields,
  );
}
