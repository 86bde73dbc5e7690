import { readTextFile } from "../shared/read-text-file.js";
import { UsageError } from "./shared-options.js";

/** Reads a file, or standard input for `-`; a missing file is a usage error. */
export async function readInput(file: string): Promise<string> {
  if (file === "-") return readStandardInput();
  try {
    return await readTextFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(`cannot read ${file} (${code})`);
  }
}

/** Reads all of standard input as UTF-8 text (empty when it is an empty pipe or /dev/null). */
export async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses JSON text that must be an object, or throws a usage error naming the source. */
export function parseJsonObject(text: string, source: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError(`${source} must contain a JSON object`);
  }
  return value as Record<string, unknown>;
}
