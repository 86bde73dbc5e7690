import { StringDecoder } from "node:string_decoder";

/** The bytes kept from one output stream, decoded, with what was dropped. */
export interface CapturedOutput {
  /** The kept bytes decoded as UTF-8; a character cut by the limit is left out. */
  text: string;
  /** True when the stream wrote more bytes than the limit. */
  truncated: boolean;
  /** Every byte the stream wrote, kept or not. */
  totalBytes: number;
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

  return {
    append(chunk) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      totalBytes += bytes.length;
      const room = limit - keptBytes;
      if (room <= 0 || bytes.length === 0) {
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
      return { text, truncated, totalBytes };
    },
  };
}
