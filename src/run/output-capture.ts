import { StringDecoder } from "node:string_decoder";
import type { ProcessOutcome } from "./process-outcome.js";

/** The bytes kept from one output stream, decoded, with what was dropped. */
export interface CapturedOutput {
  /** The kept bytes decoded as UTF-8; a character cut by the limit is left out. */
  text: string;
  /** True when the stream wrote more bytes than the limit. */
  truncated: boolean;
  /** Every byte the stream wrote, kept or not. */
  totalBytes: number;
  /**
   * True when no byte left out of `text` is anything but JSON whitespace (space, tab, CR, LF), so
   * the trimmed text is the whole trimmed output; also true when nothing was dropped.
   */
  droppedOnlyWhitespace: boolean;
}

/** A bounded collector for one output stream: keeps a prefix, counts everything. */
export interface OutputCapture {
  /** Keeps the part of `chunk` that fits under the limit and counts all of it. */
  append(chunk: Buffer | string): void;
  /** Decodes the kept bytes once; call after the stream is done. */
  finish(): CapturedOutput;
}

/** Creates a collector that keeps at most `limitBytes` bytes and drops (but counts) the rest. */
export function createOutputCapture(limitBytes: number): OutputCapture {
  const limit = Number.isFinite(limitBytes) ? Math.max(0, Math.floor(limitBytes)) : 0;
  const chunks: Buffer[] = [];
  let keptBytes = 0;
  let totalBytes = 0;
  let droppedOnlyWhitespace = true;
  // Scanned only until the first other byte: garbage is settled at once, padding is read through.
  const noteDropped = (dropped: Buffer): void => {
    if (!droppedOnlyWhitespace) return;
    for (let index = 0; index < dropped.length; index += 1) {
      if (!isJsonWhitespace(dropped[index])) {
        droppedOnlyWhitespace = false;
        return;
      }
    }
  };

  return {
    append(chunk) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      totalBytes += bytes.length;
      const room = Math.max(0, limit - keptBytes);
      if (bytes.length > room) noteDropped(bytes.subarray(room));
      if (room === 0 || bytes.length === 0) {
        return;
      }
      // Copy a partial chunk so the dropped tail's memory is not retained.
      const kept = bytes.length <= room ? bytes : Buffer.from(bytes.subarray(0, room));
      chunks.push(kept);
      keptBytes += kept.length;
    },
    finish() {
      const kept = Buffer.concat(chunks, keptBytes);
      const truncated = totalBytes > keptBytes;
      // When cut, StringDecoder.write holds back an incomplete trailing character.
      const text = truncated ? new StringDecoder("utf8").write(kept) : kept.toString("utf8");
      // A character split by the cut is left out of the text too, and it is not whitespace.
      const splitCharacter = truncated && Buffer.byteLength(text) < keptBytes;
      return {
        text,
        truncated,
        totalBytes,
        droppedOnlyWhitespace: droppedOnlyWhitespace && !splitCharacter,
      };
    },
  };
}

/** What a `ProcessOutcome` says of a handler's output, from the captures of its two streams. */
export function toOutcomeOutput(
  stdout: CapturedOutput,
  stderr: CapturedOutput,
): Pick<
  ProcessOutcome,
  | "stdout"
  | "stderr"
  | "stdoutTruncated"
  | "stdoutDroppedOnlyWhitespace"
  | "stderrTruncated"
  | "stdoutBytes"
  | "stderrBytes"
> {
  return {
    stdout: stdout.text,
    stderr: stderr.text,
    stdoutTruncated: stdout.truncated,
    ...(stdout.truncated && { stdoutDroppedOnlyWhitespace: stdout.droppedOnlyWhitespace }),
    stderrTruncated: stderr.truncated,
    stdoutBytes: stdout.totalBytes,
    stderrBytes: stderr.totalBytes,
  };
}

function isJsonWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}
