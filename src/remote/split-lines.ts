/** What {@link createLineSplitter} reports. */
export interface LineListeners {
  /** One complete line, without its line ending; blank lines are skipped. */
  line(text: string): void;
  /** A line grew past `limitBytes`: it is dropped up to its newline; reading goes on after it. */
  oversized(limitBytes: number): void;
}

/** Feeds byte chunks in and gets whole lines out. */
export interface LineSplitter {
  push(chunk: Buffer): void;
  /** The stream ended: a last line without a newline is still delivered. */
  end(): void;
}

const newline = 0x0a;

/**
 * Splits a byte stream into lines of at most `maxBytes` UTF-8 bytes, keeping a partial line
 * across chunks; an over-long line is never buffered past the limit.
 */
export function createLineSplitter(maxBytes: number, listeners: LineListeners): LineSplitter {
  let pieces: Buffer[] = [];
  let size = 0;
  let discarding = false;

  const deliver = () => {
    // A newline byte never occurs inside a multi-byte UTF-8 character, so lines decode whole.
    const text = Buffer.concat(pieces, size).toString("utf8");
    pieces = [];
    size = 0;
    const line = text.endsWith("\r") ? text.slice(0, -1) : text;
    if (line.trim() !== "") listeners.line(line);
  };

  return {
    push(chunk) {
      let start = 0;
      while (start < chunk.length) {
        const found = chunk.indexOf(newline, start);
        const end = found === -1 ? chunk.length : found;
        const length = end - start;
        if (!discarding && size + length > maxBytes) {
          discarding = true;
          listeners.oversized(maxBytes);
          pieces = [];
          size = 0;
        } else if (!discarding && length > 0) {
          pieces.push(chunk.subarray(start, end));
          size += length;
        }
        if (found === -1) return;
        if (discarding) discarding = false;
        else deliver();
        start = found + 1;
      }
    },
    end() {
      if (!discarding && size > 0) deliver();
      discarding = false;
    },
  };
}
