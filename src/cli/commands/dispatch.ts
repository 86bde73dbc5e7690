import type { Command } from "commander";
import { createHookEngine } from "../../engine.js";
import { parseJsonObject, readInput } from "../read-input.js";
import {
  addEngineOptions,
  type EngineFlags,
  toEngineOptions,
  UsageError,
} from "../shared-options.js";

/** `agent-hooks dispatch <Event>`: runs one event and prints its DispatchResult as JSON. */
export function registerDispatchCommand(program: Command): void {
  addEngineOptions(
    program
      .command("dispatch")
      .description("dispatch one event and print the DispatchResult as JSON")
      .argument("<event>", "event name, such as PreToolUse")
      .option("--payload <file>", "payload JSON file, or - for standard input"),
  ).action(async (event: string, flags: EngineFlags & { payload?: string }) => {
    const options = toEngineOptions(flags);
    if (!Object.hasOwn(options.profile.events, event)) {
      const known = Object.keys(options.profile.events).join(", ");
      throw new UsageError(
        `unknown event "${event}" for profile ${options.profile.name} (events: ${known})`,
      );
    }
    const payload =
      flags.payload === undefined
        ? {}
        : parseJsonObject(
            await readInput(flags.payload),
            flags.payload === "-" ? "standard input" : flags.payload,
          );
    const engine = await createHookEngine(options);
    const result = await engine.dispatch(event, payload);
    await engine.close();
    result.diagnostics = [...engine.diagnostics, ...result.diagnostics];
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  });
}
