/** An HTTP reply body read up to a byte limit. */
export interface ResponseBody {
  /** The bytes kept, decoded as UTF-8. */
  text: string;
  /** Bytes received, kept or not (past the limit, reading stops at the first chunk over it). */
  bytes: number;
  /** True when the body had more bytes than the limit: the rest was not read. */
  truncated: boolean;
}

/**
 * Reads a fetch response body as a stream, keeping at most `limitBytes` bytes; at the first
 * chunk past the limit it stops reading and cancels the rest, so a huge or endless reply costs
 * no more than the limit. Rejects when the stream fails (the request was aborted, the
 * connection dropped).
 *
 * @example
 * ```ts
 * const body = await readResponseBody(response.body, 1_000_000);
 * if (body.truncated) console.warn(`reply cut after ${body.text.length} characters`);
 * ```
 */
export async function readResponseBody(
  stream: ReadableStream<Uint8Array> | null,
  limitBytes: number,
): Promise<ResponseBody> {
  if (stream === null) return { text: "", bytes: 0, truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let bytes = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      const room = limitBytes - kept;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        kept += room;
        truncated = true;
        break;
      }
      chunks.push(value);
      kept += value.byteLength;
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks, kept));
  return { text, bytes, truncated };
}
