import { geminiFormat as format } from "../../convert/formats/gemini.js";
import { geminiProfile } from "../../profiles/gemini.js";
import { bindHostSteps } from "./bind-host-steps.js";
import { createHostDefaults } from "./create-host-defaults.js";
import { createSnakeCasePayloadSteps } from "./create-snake-case-payload-steps.js";
import { readGeminiPayloadFields, writeGeminiPayloadFields } from "./gemini-payload-fields.js";
import { listHostDecisions } from "./list-host-decisions.js";
import { readGeminiVerdict } from "./read-gemini-verdict.js";
import type { ShimHost } from "./shim-host.js";
import { writeGeminiReply } from "./write-gemini-reply.js";

/**
 * Gemini CLI 0.61.0: Claude Code's payload fields under its own event and tool names
 * (`BeforeTool`, `run_shell_command`), its hooks' JSON output (`decision`, `reason`,
 * `hookSpecificOutput`) read by `readGeminiVerdict` and written by `writeGeminiReply`.
 */
export const geminiHost: ShimHost = {
  ...createHostDefaults(format, true),
  // Gemini CLI 0.61.0 asks the user on BeforeTool's `decision: "ask"` (gemini-cli-core scheduler:
  // `isAskDecision()` forces `PolicyDecision.ASK_USER`), and builds the tool from its
  // `hookSpecificOutput.tool_input` before it asks: the profile's BeforeTool row.
  decisions: listHostDecisions(geminiProfile),
  ...bindHostSteps(() => geminiHost, {
    ...createSnakeCasePayloadSteps({
      readFields: readGeminiPayloadFields,
      writeFields: writeGeminiPayloadFields,
    }),
    readVerdict: readGeminiVerdict,
    writeReply: writeGeminiReply,
  }),
};
