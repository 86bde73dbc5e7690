import type { Command } from "commander";
import { createHookEngine } from "../../engine/engine.js";
import { formatExplanation } from "../format-explanation.js";
import { addPayloadOption, readEventPayload } from "../read-payload.js";
import { addEngineOptions, type EngineFlags, toEngineOptions } from "../shared-options.js";

/** `agent-hooks explain <Event>`: says for every configured hook whether it would run, and why not. */
export function registerExplainCommand(program: Command): void {
  addEngineOptions(
    addPayloadOption(
      program
        .command("explain")
        .description("say for every configured hook whether it would run for an event, and why not")
        .argument("<event>", "event name, such as PreToolUse"),
    )
      .option("--json", "print the explanation as JSON")
      .addHelpText(
        "after",
        `
Examples:
  $ echo '{"tool_name":"Bash","tool_input":{"command":"ls"}}' | agent-hooks explain PreToolUse
  $ agent-hooks explain PreToolUse --payload payload.json --json`,
      ),
    "run",
  ).action(async (event: string, flags: EngineFlags & { payload?: string; json?: boolean }) => {
    const options = toEngineOptions(flags);
    const payload = await readEventPayload(options.profile, event, flags.payload);
    // Explaining runs nothing, so it writes no audit log and no spans.
    const { auditLog: _auditLog, auditPayloads: _auditPayloads, ...engineOptions } = options;
    const engine = await createHookEngine({ ...engineOptions, tracing: false });
    const explanation = await engine.explain(event, payload);
    await engine.close();
    process.stdout.write(
      flags.json === true
        ? `${JSON.stringify(explanation, null, 2)}\n`
        : formatExplanation(explanation, engine.profile),
    );
  });
}
