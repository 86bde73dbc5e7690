import { profiles } from "../../profiles/profiles.js";
import { isCodexOutputEvent } from "../codex-hook-outputs.js";
import { codexToolNames } from "../codex-tool-names.js";
import { describeCodexOutputLoss } from "../describe-codex-output-loss.js";
import type { HookFormat } from "../hook-format.js";
import { listProfileEvents } from "../list-profile-events.js";
import { defineZerocodeDialectFormat, zerocodeFormat } from "./zerocode.js";

const profile = profiles.codex;

/**
 * Codex's events, read from the `codex` profile's rows: those whose output Codex 0.169 reads (its
 * output table), so without SessionEnd and Interrupt, which read none.
 */
function listCodexEvents(): ReturnType<typeof listProfileEvents> {
  const events = listProfileEvents(profile);
  return Object.fromEntries(Object.entries(events).filter(([name]) => isCodexOutputEvent(name)));
}

/**
 * Codex's `~/.codex/hooks.json`, `<repo>/.codex/hooks.json` and the `[hooks]` table of
 * `config.toml`: the ZeroCode dialect with Codex's tool names (`Bash` for its shell tools, `apply_patch`), timeouts in
 * seconds (default 600; `timeoutSec`, which the docs call an alias of `timeout`, is ignored as the
 * 0.169 binary ignores it). Codex runs a converted hook
 * only after the user reviews and trusts it in `/hooks`. Codex 0.169 reads hook output more strictly
 * than its docs (`codexHookOutputs`): a command hook converted without `--shim` is reported lossy
 * where its replies may break those rules.
 *
 * @example
 * ```ts
 * codexFormat.write(set, "toml"); // [[hooks.PreToolUse]] matcher = "^Bash$" ...
 * ```
 */
export const codexFormat: HookFormat = defineZerocodeDialectFormat({
  name: "codex",
  title: profile.title,
  events: listCodexEvents(),
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  timeoutUnit: profile.timeoutUnit,
  handlerKeys: zerocodeFormat.handlerKeys,
  // The docs' alias of `timeout`, which the 0.169 binary does not read (docs/codex.md).
  ignoredHandlerKeys: {
    timeoutSec:
      "Codex 0.169 does not read it (its docs call it an alias of timeout): the hook's timeout is its timeout, else Codex's default 600 s",
  },
  toolNames: codexToolNames,
  variables: [],
  describeOutputLoss: describeCodexOutputLoss,
  targetNote: {
    subject: "the converted hooks",
    reason: "run in Codex only after the user reviews and trusts each one in /hooks",
  },
});
