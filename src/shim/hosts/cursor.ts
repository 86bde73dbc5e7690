import { cursorFormat as format } from "../../convert/formats/cursor.js";
import { createHostDefaults } from "./create-host-defaults.js";
import { cursorShimEvents, writeCursorEventName } from "./cursor-shim-events.js";
import { readCursorPayload } from "./read-cursor-payload.js";
import { readCursorVerdict } from "./read-cursor-verdict.js";
import type { ShimDecisionKind, ShimHost } from "./shim-host.js";
import { writeCursorPayload } from "./write-cursor-payload.js";
import { writeCursorReply } from "./write-cursor-reply.js";

/**
 * Cursor's events that decide (cursor.com/docs/agent/hooks); every other one is fire-and-forget.
 * `stop` blocks through `followup_message`, `beforeSubmitPrompt` through `continue: false`.
 */
const decisionKinds = {
  beforeShellExecution: "permission",
  beforeMCPExecution: "permission",
  beforeReadFile: "permission",
  preToolUse: "permission",
  beforeSubmitPrompt: "block",
  stop: "block",
  subagentStop: "block",
} as const satisfies Record<string, ShimDecisionKind>;

/**
 * Cursor: camelCase events, some of them one per kind of tool (`beforeShellExecution`), payloads
 * of its own (`conversation_id`, `workspace_roots`, `command`), its tool names (`Shell`); its
 * hooks' output (`permission`, `user_message`, `agent_message`, `followup_message`) read by
 * `readCursorVerdict` and written by `writeCursorReply`. It has no way to rewrite a tool call.
 */
export const cursorHost: ShimHost = {
  ...createHostDefaults(format, true),
  events: {
    canonicalByName: Object.fromEntries(
      Object.entries(cursorShimEvents).map(([event, spec]) => [event, spec.canonical]),
    ),
    writeName: writeCursorEventName,
  },
  decisions: {
    kinds: decisionKinds,
    // beforeReadFile takes allow or deny only.
    askingEvents: ["beforeShellExecution", "beforeMCPExecution", "preToolUse"],
    // No documented field rewrites a Cursor tool call.
    rewritingEvents: { events: [], decisions: [] },
  },
  readPayload: (hostEvent, event, payload) =>
    readCursorPayload(cursorHost, hostEvent, event, payload),
  writePayload: (hookEvent, _event, canonical) =>
    writeCursorPayload(cursorHost, hookEvent, canonical),
  readVerdict: (hookEvent, outcome) => readCursorVerdict(cursorHost, hookEvent, outcome),
  writeReply: (hostEvent, verdict) => writeCursorReply(cursorHost, hostEvent, verdict),
};
