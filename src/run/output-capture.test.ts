import { describe, expect, it } from "vitest";
import { createOutputCapture } from "./output-capture.js";

describe("createOutputCapture", () => {
  it("keeps everything under the limit", () => {
    const capture = createOutputCapture(100);
    capture.append(Buffer.from("hello "));
    capture.append("world");
    expect(capture.finish()).toEqual({ text: "hello world", truncated: false, totalBytes: 11 });
  });

  it("is not truncated when the output is exactly the limit", () => {
    const capture = createOutputCapture(5);
    capture.append(Buffer.from("ab"));
    capture.append(Buffer.from("cde"));
    expect(capture.finish()).toEqual({ text: "abcde", truncated: false, totalBytes: 5 });
  });

  it("keeps a prefix across chunks and counts the dropped bytes", () => {
    const capture = createOutputCapture(5);
    capture.append(Buffer.from("abc"));
    capture.append(Buffer.from("defg"));
    capture.append(Buffer.from("hij"));
    expect(capture.finish()).toEqual({ text: "abcde", truncated: true, totalBytes: 10 });
  });

  it("keeps nothing with a zero limit", () => {
    const capture = createOutputCapture(0);
    capture.append(Buffer.from("abc"));
    expect(capture.finish()).toEqual({ text: "", truncated: true, totalBytes: 3 });
  });

  it("treats a limit that is not a number as zero", () => {
    const capture = createOutputCapture(Number.NaN);
    capture.append("abc");
    expect(capture.finish()).toEqual({ text: "", truncated: true, totalBytes: 3 });
  });

  it("decodes UTF-8 split across chunks", () => {
    const bytes = Buffer.from("héllo wörld", "utf8");
    const capture = createOutputCapture(100);
    for (const byte of bytes) {
      capture.append(Buffer.from([byte]));
    }
    expect(capture.finish().text).toBe("héllo wörld");
  });

  it("leaves out a character the limit cuts in half", () => {
    const capture = createOutputCapture(2);
    capture.append(Buffer.from("aé", "utf8"));
    expect(capture.finish()).toEqual({ text: "a", truncated: true, totalBytes: 3 });
  });

  it("counts far more bytes than it keeps", () => {
    const chunk = Buffer.alloc(1024 * 1024, "z");
    const capture = createOutputCapture(10);
    for (let index = 0; index < 1024; index += 1) {
      capture.append(chunk);
    }
    expect(capture.finish()).toEqual({
      text: "zzzzzzzzzz",
      truncated: true,
      totalBytes: 1024 * 1024 * 1024,
    });
  });

  it("copies the kept part of a chunk it cuts, so the rest can be freed", () => {
    const chunk = Buffer.alloc(1024, "q");
    const capture = createOutputCapture(4);
    capture.append(chunk);
    chunk.fill("r");
    expect(capture.finish().text).toBe("qqqq");
  });
});
