import { copilotFormat as format } from "../../convert/formats/copilot.js";
import { resolveCopilotEventName } from "./copilot-events.js";
import { copilotToolNames } from "./copilot-tool-names.js";
import { createHostDefaults } from "./create-host-defaults.js";
import { createHostTools } from "./create-host-names.js";
import { readCopilotPayload } from "./read-copilot-payload.js";
import { readCopilotVerdict } from "./read-copilot-verdict.js";
import type { ShimDecisionKind, ShimHost } from "./shim-host.js";
import { writeCopilotPayload } from "./write-copilot-payload.js";
import { writeCopilotReply } from "./write-copilot-reply.js";

/**
 * Copilot CLI's events that decide (docs.github.com, "GitHub Copilot CLI hooks reference",
 * 2026): `preToolUse` allows, denies or asks; `permissionRequest` allows or denies; `agentStop`
 * and `subagentStop` block (another turn); every other one cannot block.
 */
const decisionKinds: Readonly<Record<string, ShimDecisionKind>> = {
  preToolUse: "permission",
  permissionRequest: "permission",
  agentStop: "block",
  subagentStop: "block",
};

const defaults = createHostDefaults(format, true);

/**
 * Copilot CLI: camelCase events with camelCase payloads (`toolName`, `toolArgs`), or the
 * PascalCase spellings with snake_case ones; its own tool names (`bash`); its hooks' output read by
 * `readCopilotVerdict` and written by `writeCopilotReply`. It logs and skips a hook that exits 2
 * (except on `permissionRequest`), so the shim's fail-closed answer there is JSON.
 */
export const copilotHost: ShimHost = {
  ...defaults,
  tools: createHostTools(copilotToolNames, true),
  camelCasePayloads: true,
  exitTwoBlocks: false,
  decisions: {
    // Every spelling Copilot CLI takes, by its camelCase event's kind.
    kinds: Object.fromEntries(
      Object.keys(defaults.events.canonicalByName).flatMap((event) => {
        const kind = decisionKinds[resolveCopilotEventName(defaults, event) ?? ""];
        return kind === undefined ? [] : [[event, kind]];
      }),
    ),
    // permissionRequest takes allow or deny only (docs.github.com, Copilot CLI hooks reference).
    askingEvents: ["preToolUse", "PreToolUse"],
    // preToolUse's modifiedArgs (docs.github.com, Copilot CLI hooks reference), sent with an allow.
    rewritingEvents: { events: ["preToolUse", "PreToolUse"], decisions: ["allow"] },
  },
  readPayload: (hostEvent, event, payload) =>
    readCopilotPayload(copilotHost, hostEvent, event, payload),
  writePayload: (hookEvent, _event, canonical) =>
    writeCopilotPayload(copilotHost, hookEvent, canonical),
  readVerdict: (hookEvent, outcome) => readCopilotVerdict(copilotHost, hookEvent, outcome),
  writeReply: (hostEvent, verdict) => writeCopilotReply(copilotHost, hostEvent, verdict),
};
