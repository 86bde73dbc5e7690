import { describe, expect, it } from "vitest";
import { createOutputCapture } from "./output-capture.js";

describe("createOutputCapture", () => {
  it("keeps everything under the limit", () => {
    const capture = createOutputCapture(100);
    capture.append(Buffer.from("hello "));
    capture.append("world");
    expect(capture.finish()).toEqual({
      text: "hello world",
      truncated: false,
      totalBytes: 11,
      droppedOnlyWhitespace: true,
    });
  });

  it("is not truncated when the output is exactly the limit", () => {
    const capture = createOutputCapture(5);
    capture.append(Buffer.from("ab"));
    capture.append(Buffer.from("cde"));
    expect(capture.finish()).toEqual({
      text: "abcde",
      truncated: false,
      totalBytes: 5,
      droppedOnlyWhitespace: true,
    });
  });

  it("keeps a prefix across chunks and counts the dropped bytes", () => {
    const capture = createOutputCapture(5);
    capture.append(Buffer.from("abc"));
    capture.append(Buffer.from("defg"));
    capture.append(Buffer.from("hij"));
    expect(capture.finish()).toEqual({
      text: "abcde",
      truncated: true,
      totalBytes: 10,
      droppedOnlyWhitespace: false,
    });
  });

  it("keeps nothing with a zero limit", () => {
    const capture = createOutputCapture(0);
    capture.append(Buffer.from("abc"));
    expect(capture.finish()).toEqual({
      text: "",
      truncated: true,
      totalBytes: 3,
      droppedOnlyWhitespace: false,
    });
  });

  it("treats a limit that is not a number as zero", () => {
    const capture = createOutputCapture(Number.NaN);
    capture.append("abc");
    expect(capture.finish()).toEqual({
      text: "",
      truncated: true,
      totalBytes: 3,
      droppedOnlyWhitespace: false,
    });
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
    expect(capture.finish()).toEqual({
      text: "a",
      truncated: true,
      totalBytes: 3,
      droppedOnlyWhitespace: false,
    });
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
      droppedOnlyWhitespace: false,
    });
  });

  // Whether the cut lost anything but whitespace: a complete JSON document padded with blanks
  // past the limit is still the whole output.
  it.each([
    ["only spaces and newlines, across chunks", ['{"a":1}', "   ", "\n\r\t  \n"], true],
    ["blanks, then a letter in a later chunk", ['{"a":1}', "    ", "   x"], false],
    ["a second document after the blanks", ['{"a":1}', '  {"a":2}'], false],
    ["blanks inside the limit and garbage after it", ['{"a":1}  ', "zz"], false],
    ["a form feed, which JSON does not count as whitespace", ['{"a":1}', "\f"], false],
    ["a character split by the limit", ['{"a":"é', "    "], false],
    ["an incomplete character at the limit, then blanks", ['{"a":1', Buffer.of(0xe2), "  "], false],
  ] satisfies [string, (string | Buffer)[], boolean][])(
    "says whether it dropped only whitespace: %s",
    (_name, chunks, expected) => {
      const capture = createOutputCapture(Buffer.byteLength('{"a":1}'));
      for (const chunk of chunks) capture.append(chunk);
      const captured = capture.finish();
      expect(captured.truncated).toBe(true);
      expect(captured.droppedOnlyWhitespace).toBe(expected);
    },
  );

  it("copies the kept part of a chunk it cuts, so the rest can be freed", () => {
    const chunk = Buffer.alloc(1024, "q");
    const capture = createOutputCapture(4);
    capture.append(chunk);
    chunk.fill("r");
    expect(capture.finish().text).toBe("qqqq");
  });
});
