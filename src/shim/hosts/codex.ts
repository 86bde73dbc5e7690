import { codexFormat as format } from "../../convert/formats/codex.js";
import { codexProfile } from "../../profiles/codex.js";
import { findCodexProjectDirectory } from "./find-codex-project-directory.js";
import { createProfileHost, type ProfileShimHost } from "./profile-host.js";
import { readCodexToolResponse } from "./read-codex-tool-response.js";
import { writeCodexReply } from "./write-codex-reply.js";

/**
 * Codex 0.169 (developers.openai.com/codex/hooks, checked against the binary): its hooks' output
 * is read through the `codex` profile, whose `strictOutput` holds the binary's closed reading; a
 * shell call's `tool_response` is its output text, file edits
 * one `apply_patch` call; its replies are fitted to what the real binary accepts
 * (`writeCodexReply`); its hooks name their scripts through `CLAUDE_PROJECT_DIR`, which the shim
 * sets, inside Codex, to the project folder Codex loaded the hook from.
 */
export const codexHost: ProfileShimHost = {
  ...createProfileHost({
    format,
    profile: codexProfile,
    patchesFiles: true,
    shimVariables: ["CLAUDE_PROJECT_DIR"],
    readFields: (_event, canonical, problems) => readCodexToolResponse(canonical, problems),
  }),
  projectDirectory: {
    description: "the project folder Codex loaded the hook from",
    find: findCodexProjectDirectory,
  },
  writeReply: (hostEvent, verdict) => writeCodexReply(codexHost, hostEvent, verdict),
};
