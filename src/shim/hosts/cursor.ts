import { cursorFormat as format } from "../../convert/formats/cursor.js";
import { cursorProfile } from "../../profiles/cursor.js";
import { bindHostSteps } from "./bind-host-steps.js";
import { createHostDefaults } from "./create-host-defaults.js";
import { cursorShimEvents, writeCursorEventName } from "./cursor-shim-events.js";
import { listHostDecisions } from "./list-host-decisions.js";
import { readCursorPayload } from "./read-cursor-payload.js";
import { readCursorVerdict } from "./read-cursor-verdict.js";
import type { ShimHost } from "./shim-host.js";
import { writeCursorPayload } from "./write-cursor-payload.js";
import { writeCursorReply } from "./write-cursor-reply.js";

/**
 * Cursor: camelCase events, some of them one per kind of tool (`beforeShellExecution`), payloads
 * of its own (`conversation_id`, `workspace_roots`, `command`), its tool names (`Shell`); its
 * hooks' output (`permission`, `user_message`, `agent_message`, `followup_message`) read by
 * `readCursorVerdict` and written by `writeCursorReply`; its events, what each decides and its
 * output fields come from the `cursor` profile's rows (`canonical`, `tools`, `outputFields`).
 */
export const cursorHost: ShimHost = {
  ...createHostDefaults(format, true),
  events: {
    canonicalByName: Object.fromEntries(
      Object.entries(cursorShimEvents).map(([event, spec]) => [event, spec.canonical]),
    ),
    writeName: writeCursorEventName,
  },
  decisions: listHostDecisions(cursorProfile),
  ...bindHostSteps(() => cursorHost, {
    readPayload: readCursorPayload,
    writePayload: writeCursorPayload,
    readVerdict: readCursorVerdict,
    writeReply: writeCursorReply,
  }),
};
