import { chmod, lstat, mkdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { sanitizeSessionId, spillContext } from "./spill-context.js";

async function createTmpDir(): Promise<string> {
  return createTestWorkspace("spill").root;
}

const bytesPerToken = 4;

describe("spillContext", () => {
  it("returns text at exactly the limit unchanged", async () => {
    const tmpDir = await createTmpDir();
    const text = "x".repeat(40);
    const spilled = await spillContext({
      text,
      limitTokens: 10,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled).toEqual({ text, file: null, diagnostic: null });
  });

  it("spills text one byte over the limit to a private file and sends a preview naming it", async () => {
    const tmpDir = await createTmpDir();
    const text = `${"a".repeat(20)}${"b".repeat(21)}`;
    const spilled = await spillContext({
      text,
      limitTokens: 10,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled.diagnostic).toBeNull();
    const file = spilled.file ?? "";
    expect(file.startsWith(`${tmpDir}/hook_outputs/s/`)).toBe(true);
    expect(file.slice(tmpDir.length)).toMatch(/^\/hook_outputs\/s\/[0-9a-f-]{36}\.txt$/);
    expect(await readFile(file, "utf8")).toBe(text);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(tmpDir, "hook_outputs"))).mode & 0o777).toBe(0o700);
    // 40 bytes cannot hold a marker with a path: the shortest form that fits is sent.
    expect(Buffer.byteLength(spilled.text)).toBeLessThanOrEqual(40);
  });

  it("sends head, a marker with the omitted count and the file, then tail", async () => {
    const tmpDir = await createTmpDir();
    const lines = Array.from({ length: 2000 }, (_, index) => `line ${index}`);
    const text = lines.join("\n");
    const spilled = await spillContext({
      text,
      limitTokens: 250,
      bytesPerToken,
      sessionId: "session-1",
      tmpDir,
    });
    const file = spilled.file ?? "";
    expect(Buffer.byteLength(spilled.text)).toBeLessThanOrEqual(1000);
    expect(spilled.text.startsWith("line 0\nline 1\n")).toBe(true);
    expect(spilled.text.endsWith("line 1998\nline 1999")).toBe(true);
    const marker = /\n\[… (\d+) bytes omitted; full output saved to (.+)\]\n/.exec(spilled.text);
    expect(marker?.[2]).toBe(file);
    const [head, tail] = spilled.text.split(marker?.[0] ?? "");
    const shown = Buffer.byteLength(head ?? "") + Buffer.byteLength(tail ?? "");
    expect(Number(marker?.[1])).toBe(Buffer.byteLength(text) - shown);
    expect(text.startsWith(head ?? "")).toBe(true);
    expect(text.endsWith(tail ?? "")).toBe(true);
  });

  it("never spills with a limit of 0", async () => {
    const tmpDir = await createTmpDir();
    const text = "z".repeat(100_000);
    const spilled = await spillContext({
      text,
      limitTokens: 0,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled).toEqual({ text, file: null, diagnostic: null });
  });

  it("measures UTF-8 bytes, not characters, and never splits a character", async () => {
    const tmpDir = await createTmpDir();
    // 3-byte and 4-byte characters: 60 characters, 210 bytes.
    const text = "€😀".repeat(30);
    const whole = await spillContext({
      text,
      limitTokens: 53,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(whole.file).toBeNull();
    const spilled = await spillContext({
      text,
      limitTokens: 52,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled.file).not.toBeNull();
    expect(Buffer.byteLength(spilled.text)).toBeLessThanOrEqual(208);
    expect(spilled.text).not.toContain("\uFFFD");
    expect(Buffer.from(spilled.text, "utf8").toString("utf8")).toBe(spilled.text);
  });

  it("sends a truncated preview and a spill_failed warning when the file cannot be written", async () => {
    const tmpDir = await createTmpDir();
    const blocker = path.join(tmpDir, "not-a-directory");
    await writeFile(blocker, "");
    const text = `${"h".repeat(500)}${"t".repeat(500)}`;
    const spilled = await spillContext({
      text,
      limitTokens: 50,
      bytesPerToken,
      sessionId: "s",
      tmpDir: blocker,
    });
    expect(spilled.file).toBeNull();
    expect(Buffer.byteLength(spilled.text)).toBeLessThanOrEqual(200);
    expect(spilled.text).toMatch(
      /^h+\n\[… \d+ bytes omitted; the full output could not be saved\]\nt+$/,
    );
    expect(spilled.diagnostic).toEqual({
      code: "spill_failed",
      severity: "warning",
      message: expect.stringMatching(
        /^additionalContext of 1000 bytes is over the limit of 50 tokens and could not be saved under .*not-a-directory.*ENOTDIR.*a truncated preview was sent instead$/,
      ),
      file: null,
      path: null,
    });
  });

  it("refuses a hook_outputs directory that is a symlink planted by someone else", async () => {
    const tmpDir = await createTmpDir();
    const elsewhere = await createTmpDir();
    await symlink(elsewhere, path.join(tmpDir, "hook_outputs"));
    const spilled = await spillContext({
      text: "x".repeat(500),
      limitTokens: 50,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled.file).toBeNull();
    expect(spilled.diagnostic?.code).toBe("spill_failed");
    expect(spilled.diagnostic?.message).toMatch(/is refused: it is not a directory/);
  });

  it("keeps spill files 0600 and directories 0700 under a umask of 0, in a new temporary root", async () => {
    const tmpDir = path.join(await createTmpDir(), "missing", "tmp");
    const previous = process.umask(0);
    let file = "";
    try {
      const spilled = await spillContext({
        text: "x".repeat(500),
        limitTokens: 50,
        bytesPerToken,
        sessionId: "s",
        tmpDir,
      });
      file = spilled.file ?? "";
    } finally {
      process.umask(previous);
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    for (const directory of [
      path.dirname(file),
      path.join(tmpDir, "hook_outputs"),
      tmpDir,
      path.dirname(tmpDir),
    ]) {
      expect((await stat(directory)).mode & 0o777).toBe(0o700);
    }
  });

  it("makes an existing, too-open hook_outputs directory private", async () => {
    const tmpDir = await createTmpDir();
    await mkdir(path.join(tmpDir, "hook_outputs"), { mode: 0o777 });
    await chmod(path.join(tmpDir, "hook_outputs"), 0o777);
    const spilled = await spillContext({
      text: "x".repeat(500),
      limitTokens: 50,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled.file).not.toBeNull();
    expect((await lstat(path.join(tmpDir, "hook_outputs"))).mode & 0o777).toBe(0o700);
  });

  it("makes an existing, too-open session directory private", async () => {
    const tmpDir = await createTmpDir();
    const directory = path.join(tmpDir, "hook_outputs", "s");
    await mkdir(directory, { recursive: true, mode: 0o755 });
    const spilled = await spillContext({
      text: "x".repeat(500),
      limitTokens: 50,
      bytesPerToken,
      sessionId: "s",
      tmpDir,
    });
    expect(spilled.file).not.toBeNull();
    expect((await lstat(directory)).mode & 0o777).toBe(0o700);
  });

  it("keeps the session id to one safe path segment", async () => {
    const tmpDir = await createTmpDir();
    const spilled = await spillContext({
      text: "x".repeat(500),
      limitTokens: 50,
      bytesPerToken,
      sessionId: "../../etc/passwd",
      tmpDir,
    });
    expect(path.dirname(spilled.file ?? "")).toBe(
      path.join(tmpDir, "hook_outputs", ".._.._etc_passwd"),
    );
  });

  it.each([
    ["abc-123_X.y", "abc-123_X.y"],
    ["..", "_"],
    [".", "_"],
    ["", "_"],
    ["a/b\\c d", "a_b_c_d"],
    ["x".repeat(300), "x".repeat(128)],
  ])("sanitizes session id %j to %j", (sessionId, expected) => {
    expect(sanitizeSessionId(sessionId)).toBe(expected);
  });

  it("never sends more than the limit, whether or not the file is written", async () => {
    const tmpDir = await createTmpDir();
    const blocker = path.join(tmpDir, "blocked");
    await writeFile(blocker, "");
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 400 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        async (text, limitTokens, perToken, writable) => {
          const spilled = await spillContext({
            text,
            limitTokens,
            bytesPerToken: perToken,
            sessionId: "property",
            tmpDir: writable ? tmpDir : blocker,
          });
          const limit = limitTokens * perToken;
          if (Buffer.byteLength(text) <= limit) {
            expect(spilled).toEqual({ text, file: null, diagnostic: null });
            return;
          }
          expect(Buffer.byteLength(spilled.text)).toBeLessThanOrEqual(limit);
          // No character is split (a split one would decode as U+FFFD).
          if (!text.includes("\uFFFD")) expect(spilled.text).not.toContain("\uFFFD");
          expect(spilled.diagnostic === null).toBe(spilled.file !== null);
          if (spilled.file !== null) expect(await readFile(spilled.file, "utf8")).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
