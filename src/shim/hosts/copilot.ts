import { copilotFormat as format } from "../../convert/formats/copilot.js";
import { copilotProfile as profile } from "../../profiles/copilot.js";
import { findEventSpec } from "../../profiles/find-event-spec.js";
import { bindHostSteps } from "./bind-host-steps.js";
import { createHostDefaults } from "./create-host-defaults.js";
import { createHostTools } from "./create-host-names.js";
import { listHostDecisions } from "./list-host-decisions.js";
import { readCopilotPayload } from "./read-copilot-payload.js";
import { readCopilotVerdict } from "./read-copilot-verdict.js";
import type { ShimHost } from "./shim-host.js";
import { writeCopilotPayload } from "./write-copilot-payload.js";
import { writeCopilotReply } from "./write-copilot-reply.js";

const defaults = createHostDefaults(format, true);

// A copilot profile row's event by every spelling Copilot CLI takes (`preToolUse`, `PreToolUse`).
function listSpellings(event: string): readonly string[] {
  const canonical = findEventSpec(profile, event)?.canonical;
  return Object.entries(defaults.events.canonicalByName)
    .filter(([, name]) => name === canonical)
    .map(([spelling]) => spelling);
}

/**
 * Copilot CLI: camelCase events with camelCase payloads (`toolName`, `toolArgs`), or the
 * PascalCase spellings with snake_case ones; its own tool names (`bash`), what each event decides
 * and its hooks' output fields from the `copilot` profile's rows, read by `readCopilotVerdict` and
 * written by `writeCopilotReply`. It logs and skips a hook that exits 2 (except where a row's
 * `exitTwo` says otherwise), so the shim's fail-closed answer there is JSON.
 */
export const copilotHost: ShimHost = {
  ...defaults,
  tools: createHostTools(profile.canonicalToolNames, true),
  camelCasePayloads: true,
  exitTwoBlocks: false,
  decisions: listHostDecisions(profile, listSpellings),
  ...bindHostSteps(() => copilotHost, {
    readPayload: readCopilotPayload,
    writePayload: writeCopilotPayload,
    readVerdict: readCopilotVerdict,
    writeReply: writeCopilotReply,
  }),
};
