import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import {
  createEmptyTrustStore,
  readTrustStore,
  type TrustStore,
  writeTrustStore,
} from "./trust-store.js";

const hash = "a".repeat(64);

function createStore(): TrustStore {
  return {
    version: 1,
    hooks: {
      "0123456789ab": {
        state: "trusted",
        hash,
        event: "PreToolUse",
        command: "python3 ~/.zerotwo/hooks/guard.py",
        file: "/home/me/.zerotwo/hooks.json",
        updatedAt: "2026-01-02T03:04:05.000Z",
      },
      ba9876543210: {
        state: "disabled",
        hash: null,
        event: "Stop",
        command: ["node", "stop.js"],
        file: "/home/me/.zerotwo/config.toml",
        updatedAt: "2026-01-02T03:04:05.000Z",
      },
    },
  };
}

function createDirectory(): string {
  return createTestWorkspace("store").root;
}

describe("readTrustStore / writeTrustStore", () => {
  it("round-trips a store, creating the directory 0700 and the file 0600", async () => {
    const file = path.join(createDirectory(), "nested", ".zerotwo", "hooks-trust.json");
    expect(await writeTrustStore(file, createStore())).toEqual({ ok: true });
    expect(await readTrustStore(file)).toEqual({ store: createStore(), diagnostics: [] });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    const text = await readFile(file, "utf8");
    expect(JSON.parse(text)).toEqual(createStore());
  });

  it("keeps the file 0600 and every directory it creates 0700 under a umask of 0", async () => {
    const root = createDirectory();
    const file = path.join(root, "a", "b", "hooks-trust.json");
    const previous = process.umask(0);
    try {
      expect(await writeTrustStore(file, createStore())).toEqual({ ok: true });
      expect(await writeTrustStore(file, createStore())).toEqual({ ok: true });
    } finally {
      process.umask(previous);
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, "a", "b"))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(root, "a"))).mode & 0o777).toBe(0o700);
  });

  it("replaces an existing file by rename, leaving no temporary file and fixing its mode", async () => {
    const directory = createDirectory();
    const file = path.join(directory, "hooks-trust.json");
    await writeFile(file, "{}", { mode: 0o644 });
    const before = (await stat(file)).ino;
    expect(await writeTrustStore(file, createStore())).toEqual({ ok: true });
    expect((await stat(file)).ino).not.toBe(before);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(["hooks-trust.json"]);
  });

  it("reads a missing file as an empty store without diagnostics", async () => {
    const file = path.join(createDirectory(), "absent.json");
    expect(await readTrustStore(file)).toEqual({
      store: createEmptyTrustStore(),
      diagnostics: [],
    });
  });

  it.each([
    ["invalid JSON", "{ not json", /is not valid JSON/],
    ["an array", "[]", /is not a version 1 trust store/],
    ["another version", '{"version":2,"hooks":{}}', /is not a version 1 trust store/],
    ["hooks not an object", '{"version":1,"hooks":[]}', /is not a version 1 trust store/],
    ["empty file", "", /is not valid JSON/],
  ])("reads %s as an empty store plus a diagnostic", async (_, text, message) => {
    const file = path.join(createDirectory(), "hooks-trust.json");
    await writeFile(file, text);
    const read = await readTrustStore(file);
    expect(read.store).toEqual(createEmptyTrustStore());
    expect(read.diagnostics).toEqual([
      expect.objectContaining({ code: "invalid_config", severity: "warning", file }),
    ]);
    expect(read.diagnostics[0]?.message).toMatch(message);
    expect(read.diagnostics[0]?.message).toMatch(/every hook needs review/);
  });

  it("reads a directory in place of the file as an empty store plus a diagnostic", async () => {
    const file = path.join(createDirectory(), "hooks-trust.json");
    await mkdir(file);
    const read = await readTrustStore(file);
    expect(read.store).toEqual(createEmptyTrustStore());
    expect(read.diagnostics[0]?.message).toMatch(/cannot be read \(EISDIR\)/);
  });

  it("drops invalid entries with a diagnostic and keeps the valid ones", async () => {
    const file = path.join(createDirectory(), "hooks-trust.json");
    const valid = createStore().hooks["0123456789ab"];
    const hooks = {
      "0123456789ab": valid,
      "not-an-id": valid,
      ffffffffffff: { ...valid, state: "maybe" },
      eeeeeeeeeeee: { ...valid, hash: "short" },
    };
    const text = JSON.stringify({ version: 1, hooks });
    await writeFile(
      file,
      text.replace('"hooks":{', `"hooks":{"__proto__":${JSON.stringify(valid)},`),
    );
    const read = await readTrustStore(file);
    expect(Object.keys(read.store.hooks)).toEqual(["0123456789ab"]);
    // A "__proto__" key never reaches the store, nor its prototype.
    expect(Object.getPrototypeOf(read.store.hooks)).toBe(Object.prototype);
    expect(read.diagnostics.map((diagnostic) => diagnostic.path)).toEqual([
      'hooks["not-an-id"]',
      'hooks["ffffffffffff"]',
      'hooks["eeeeeeeeeeee"]',
    ]);
  });

  it("reports a write failure as a value and leaves no temporary file", async () => {
    const directory = createDirectory();
    const blocker = path.join(directory, "not-a-directory");
    await writeFile(blocker, "");
    const written = await writeTrustStore(path.join(blocker, "hooks-trust.json"), createStore());
    expect(written).toEqual({ ok: false, message: expect.stringMatching(/cannot be written/) });
    expect(await readdir(directory)).toEqual(["not-a-directory"]);
  });

  it("saves only what changed since it was read, keeping what another process wrote meanwhile", async () => {
    const file = path.join(createDirectory(), "hooks-trust.json");
    const read = createStore();
    const entry = read.hooks["0123456789ab"];
    if (entry === undefined) throw new Error("fixture");
    // Written by another process after `read`, with an entry this version cannot read and a field.
    const onDisk = {
      version: 1,
      note: "kept",
      hooks: {
        ...read.hooks,
        cccccccccccc: { ...entry, event: "Stop" },
        "not-an-id": { anything: true },
      },
    };
    await writeFile(file, JSON.stringify(onDisk), { mode: 0o600 });
    const changed: TrustStore = {
      version: 1,
      hooks: { "0123456789ab": { ...entry, state: "disabled" } },
    };
    expect(await writeTrustStore(file, changed, read)).toEqual({ ok: true });
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      version: 1,
      note: "kept",
      hooks: {
        "0123456789ab": { ...entry, state: "disabled" },
        cccccccccccc: { ...entry, event: "Stop" },
        "not-an-id": { anything: true },
      },
    });
  });

  it.each([
    ["invalid JSON", "{ not json", "it is not valid JSON"],
    ["another version", '{"version":2,"hooks":{}}', "it is a version 2 trust store, not version 1"],
    ["a list", "[]", "it is not a trust store (a JSON object)"],
    ["hooks that are not an object", '{"version":1,"hooks":[]}', 'its "hooks" is not an object'],
  ])("refuses to replace %s, leaving it as it was", async (_name, text, reason) => {
    const file = path.join(createDirectory(), "hooks-trust.json");
    await writeFile(file, text, { mode: 0o600 });
    expect(await writeTrustStore(file, createStore())).toEqual({
      ok: false,
      message: `Hook trust store ${file} cannot be written: ${reason}; agent-hooks keeps it as it is: fix or remove it, then run the command again`,
    });
    expect(await readFile(file, "utf8")).toBe(text);
  });
});
