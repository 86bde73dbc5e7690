import type { Command } from "commander";
import { suggestName } from "../config/suggest-name.js";
import type { Profile } from "../profiles/profile.js";
import { readTextFile } from "../shared/read-text-file.js";
import { parseJsonObject, readStandardInput } from "./read-input.js";
import { UsageError } from "./shared-options.js";

/** The `--payload` help text, the same in every command that takes a payload. */
export const payloadOptionHelp =
  "payload: a JSON file, - for standard input, or an inline JSON object (default: piped standard input, else {})";

/** Adds `--payload <file>` to a command, with the same help everywhere. */
export function addPayloadOption(command: Command): Command {
  return command.option("--payload <file>", payloadOptionHelp);
}

/**
 * Reads the event payload `--payload` names: a file, `-` for standard input, or an inline JSON
 * object; without `--payload`, piped standard input when it is not a terminal. Empty input is no
 * payload (`{}`), so a parent that spawns the CLI with an empty pipe or /dev/null dispatches `{}`.
 */
export async function readPayload(flag: string | undefined): Promise<Record<string, unknown>> {
  if (flag === undefined) {
    return process.stdin.isTTY === true ? {} : parseOptionalJson(await readStandardInput());
  }
  if (flag === "-") return parseOptionalJson(await readStandardInput());
  const text = await readPayloadFile(flag);
  if (text !== null) return parseJsonObject(text, flag);
  if (flag.trimStart().startsWith("{")) return parseJsonObject(flag, "--payload");
  throw new UsageError(
    `--payload: no such file ${JSON.stringify(flag)} (--payload takes a file or -, or an inline JSON object)`,
  );
}

/**
 * Reads the payload of `event` as {@link readPayload} does, after checking that the event is one
 * of the profile's (a usage error otherwise, before any input is read).
 */
export async function readEventPayload(
  profile: Profile,
  event: string,
  flag: string | undefined,
): Promise<Record<string, unknown>> {
  if (!Object.hasOwn(profile.events, event)) {
    const known = Object.keys(profile.events);
    throw new UsageError(
      `unknown event "${event}" for profile ${profile.name}${suggestName(event, known)} (events: ${known.join(", ")})`,
    );
  }
  return readPayload(flag);
}

function parseOptionalJson(text: string): Record<string, unknown> {
  return text.trim() === "" ? {} : parseJsonObject(text, "standard input");
}

// null when nothing is there, so the caller can try inline JSON; other failures are usage errors.
async function readPayloadFile(file: string): Promise<string | null> {
  try {
    return await readTextFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === "ENOENT" || code === "ENAMETOOLONG" || code === "ENOTDIR") return null;
    throw new UsageError(`--payload: cannot read ${file} (${code})`);
  }
}
