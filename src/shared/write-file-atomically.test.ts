import { spawnSync } from "node:child_process";
import {
  chmodSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { writeFileAtomically } from "./write-file-atomically.js";

describe("writeFileAtomically", () => {
  it("creates a new file with the umask's mode, or the one asked for", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.path("new.json");
    expect(await writeFileAtomically(file, "{}\n")).toEqual({ ok: true, change: "created" });
    expect(readFileSync(file, "utf8")).toBe("{}\n");
    const umask = process.umask();
    expect(statSync(file).mode & 0o777).toBe(0o666 & ~umask);
    const privateFile = workspace.path("nested", "deeper", "private.json");
    expect(
      await writeFileAtomically(privateFile, "x", { newFileMode: 0o600, directoryMode: 0o700 }),
    ).toEqual({ ok: true, change: "created" });
    expect(statSync(privateFile).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(privateFile)).mode & 0o777).toBe(0o700);
    expect(readdirSync(workspace.root).sort()).toEqual(["nested", "new.json"]);
  });

  it("replaces a file by rename, keeping its mode, and hands the old text to the editor", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.writeFile("settings.json", "old\n");
    chmodSync(file, 0o640);
    const inode = statSync(file).ino;
    const seen: unknown[] = [];
    const written = await writeFileAtomically(file, (existing) => {
      seen.push(existing);
      return { ok: true, text: `${existing?.text ?? ""}new\n` };
    });
    expect(written).toEqual({ ok: true, change: "replaced" });
    expect(seen).toEqual([{ text: "old\n", mode: 0o640 }]);
    expect(readFileSync(file, "utf8")).toBe("old\nnew\n");
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(statSync(file).ino).not.toBe(inode);
    expect(readdirSync(workspace.root)).toEqual(["settings.json"]);
  });

  it("does not touch a file whose text stays the same", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.writeFile("same.txt", "same\n");
    const inode = statSync(file).ino;
    expect(await writeFileAtomically(file, "same\n")).toEqual({ ok: true, change: "unchanged" });
    expect(statSync(file).ino).toBe(inode);
  });

  it("leaves the file as it is when the editor refuses", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.writeFile("mine.toml", "model = 'x'\n");
    const written = await writeFileAtomically(file, () => ({ ok: false, reason: "no" }));
    expect(written).toEqual({ ok: false, reason: "no" });
    expect(readFileSync(file, "utf8")).toBe("model = 'x'\n");
    expect(readdirSync(workspace.root)).toEqual(["mine.toml"]);
  });

  it.each([
    ["a link to another file", true],
    ["a dangling link", false],
  ])("refuses %s, writing neither the link nor what it points to", async (_name, exists) => {
    const workspace = createTestWorkspace("atomic");
    const target = workspace.path("elsewhere.txt");
    if (exists) writeFileSync(target, "theirs\n");
    const link = workspace.path("settings.json");
    symlinkSync(target, link);
    expect(await writeFileAtomically(link, "mine\n")).toEqual({
      ok: false,
      reason: `it is a symbolic link to ${target}, and agent-hooks never writes through one`,
      link: target,
    });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    if (exists) expect(readFileSync(target, "utf8")).toBe("theirs\n");
    else expect(() => lstatSync(target)).toThrow("ENOENT");
    expect(readdirSync(workspace.root).sort()).toEqual(
      exists ? ["elsewhere.txt", "settings.json"] : ["settings.json"],
    );
  });

  it("refuses a directory, a FIFO and non-UTF-8 text", async () => {
    const workspace = createTestWorkspace("atomic");
    const directory = workspace.createDirectory("folder");
    expect(await writeFileAtomically(directory, "x")).toEqual({
      ok: false,
      reason: "it is not a regular file",
    });
    const fifo = workspace.path("pipe");
    if (spawnSync("mkfifo", [fifo]).status === 0) {
      expect(await writeFileAtomically(fifo, "x")).toEqual({
        ok: false,
        reason: "it is not a regular file",
      });
    }
    const binary = workspace.writeFile("binary.json", new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(await writeFileAtomically(binary, () => ({ ok: true, text: "{}" }))).toEqual({
      ok: false,
      reason: "it is not UTF-8 text",
    });
    expect(readFileSync(binary)).toEqual(Buffer.from([0x7b, 0xff, 0x7d]));
  });

  it("keeps a byte-order mark in the text it hands over", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.writeFile("bom.json", "\uFEFF{}");
    let text: string | undefined;
    await writeFileAtomically(file, (existing) => {
      text = existing?.text;
      return { ok: true, text: existing?.text ?? "" };
    });
    expect(text).toBe("\uFEFF{}");
  });

  it("writes a file with the longest legal name", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.path(`${"é".repeat(127)}.`);
    expect(await writeFileAtomically(file, "x")).toEqual({ ok: true, change: "created" });
    expect(readdirSync(workspace.root)).toEqual([path.basename(file)]);
  });

  it("replaces one name of a hard-linked file, leaving the other name's content", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.writeFile("a.json", "old");
    linkSync(file, workspace.path("b.json"));
    expect(await writeFileAtomically(file, "new")).toEqual({ ok: true, change: "replaced" });
    expect(readFileSync(workspace.path("b.json"), "utf8")).toBe("old");
  });

  it("reports a failure as a value, leaving no temporary file", async () => {
    const workspace = createTestWorkspace("atomic");
    const blocker = workspace.writeFile("not-a-folder", "");
    const written = await writeFileAtomically(path.join(blocker, "x.json"), "{}", {
      directoryMode: 0o700,
    });
    expect(written).toEqual({ ok: false, reason: expect.stringMatching(/^E(EXIST|NOTDIR)$/) });
    expect(readdirSync(workspace.root)).toEqual(["not-a-folder"]);
    const missing = await writeFileAtomically(workspace.path("absent", "x.json"), "{}");
    expect(missing).toEqual({ ok: false, reason: "ENOENT" });
  });

  it.skipIf(process.getuid?.() === 0 || process.platform === "win32")(
    "fails in a read-only folder, leaving the original and no temporary file (root: see the CLI test)",
    async () => {
      const workspace = createTestWorkspace("atomic");
      const folder = workspace.createDirectory("locked");
      const file = path.join(folder, "settings.json");
      writeFileSync(file, "old\n");
      chmodSync(folder, 0o555);
      try {
        expect(await writeFileAtomically(file, "new\n")).toEqual({ ok: false, reason: "EACCES" });
        expect(readFileSync(file, "utf8")).toBe("old\n");
        expect(readdirSync(folder)).toEqual(["settings.json"]);
      } finally {
        chmodSync(folder, 0o755);
      }
    },
  );

  it("refuses a file replaced while the editor ran", async () => {
    const workspace = createTestWorkspace("atomic");
    const file = workspace.writeFile("raced.json", "one\n");
    const written = await writeFileAtomically(file, () => {
      // Replaced by another writer between the read and the rename.
      writeFileSync(`${file}.new`, "two, longer\n");
      renameSync(`${file}.new`, file);
      return { ok: true, text: "mine\n" };
    });
    expect(written).toEqual({
      ok: false,
      reason: "it changed while agent-hooks edited it; run the command again",
    });
    expect(readFileSync(file, "utf8")).toBe("two, longer\n");
    expect(readdirSync(workspace.root)).toEqual(["raced.json"]);
  });
});
