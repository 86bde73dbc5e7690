import { profiles } from "../../profiles/profiles.js";
import { codexToolNames } from "../codex-tool-names.js";
import { listProfileEvents } from "../list-profile-events.js";
import { defineZerocodeDialectFormat, zerocodeFormat } from "./zerocode.js";

const profile = profiles.zerocode;

/**
 * Codex's events (developers.openai.com/codex/hooks): ZeroCode's, without SessionEnd, which Codex
 * does not fire yet.
 */
const codexEventNames = [
  "SessionStart",
  "SubagentStart",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "UserPromptSubmit",
  "SubagentStop",
  "Stop",
] as const;

function listCodexEvents(): ReturnType<typeof listProfileEvents> {
  const events = listProfileEvents(profile);
  return Object.fromEntries(
    Object.entries(events).filter(([name]) =>
      (codexEventNames as readonly string[]).includes(name),
    ),
  );
}

/**
 * Codex's `~/.codex/hooks.json`, `<repo>/.codex/hooks.json` and the `[hooks]` table of
 * `config.toml`: the ZeroCode dialect with Codex's tool names (`Bash` for its shell tools, `apply_patch`), timeouts in
 * seconds (default 600, `timeoutSec` read as an alias of `timeout`). Codex runs a converted hook
 * only after the user reviews and trusts it in `/hooks`.
 *
 * @example
 * ```ts
 * codexFormat.write(set, "toml"); // [[hooks.PreToolUse]] matcher = "^Bash$" ...
 * ```
 */
export const codexFormat = defineZerocodeDialectFormat({
  name: "codex",
  title: "Codex",
  events: listCodexEvents(),
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  handlerKeys: [...zerocodeFormat.handlerKeys, ["timeoutSec", "timeout"]],
  toolNames: codexToolNames,
  variables: [],
  targetNote: {
    subject: "the converted hooks",
    reason: "run in Codex only after the user reviews and trusts each one in /hooks",
  },
});
