import type { Readable } from "node:stream";

/**
 * Reads a stream to its end, or until it holds one complete JSON value, or until `silenceMs`
 * pass without data (a host that never closes stdin, or sends nothing), whichever comes first.
 * With `waitForFirstData` (a prewarmed standby, whose event comes later), the silence is counted
 * only from the first data.
 */
export function readStandardInput(
  stream: Readable,
  silenceMs: number,
  waitForFirstData = false,
): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      stream.off("data", onData);
      stream.off("end", finish);
      stream.off("error", finish);
      stream.pause();
      // Releases the handle so a host that keeps stdin open does not keep the hook alive.
      if ("destroy" in stream) stream.destroy();
      resolve(text);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, silenceMs);
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
      if (isCompleteJson(text)) finish();
      else arm();
    };
    stream.on("data", onData);
    stream.once("end", finish);
    stream.once("error", finish);
    if (!waitForFirstData) arm();
  });
}

function isCompleteJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.endsWith("}")) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}
