import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { z as Zod } from "zod";
import type { HookCommand } from "../config/hook-definition.js";
import { parseJsonDocument } from "../config/parse-json-document.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { requireZod } from "../require-zod.js";
import type { NotHashedWord } from "./hook-finding.js";

/** What the user decided about one hook: trusted at a hash, or disabled. */
export type TrustEntryState = "trusted" | "disabled";

/** One hook's record in the trust store, keyed by its id (see `identifyHook`). */
export interface TrustEntry {
  state: TrustEntryState;
  /**
   * For a trusted hook, the hash it was trusted at. For a disabled hook, the hash it was trusted
   * at before it was disabled (enabling restores that trust), or null if it never was.
   */
  hash: string | null;
  event: string;
  command: HookCommand;
  file: string;
  /** ISO 8601 time of the last change. */
  updatedAt: string;
  /**
   * What its command was resolved to when it was trusted, under the key of everything that
   * resolution depends on: reused while the key is the same, so loading does not parse again.
   */
  resolution?: TrustedResolution;
}

/** A remembered script resolution: its key, the files hashed and the words not hashed. */
export interface TrustedResolution {
  key: string;
  files: string[];
  notHashed: NotHashedWord[];
}

/** The trust store file: `{ "version": 1, "hooks": { "<id>": TrustEntry } }`. */
export interface TrustStore {
  version: 1;
  hooks: Record<string, TrustEntry>;
}

/** The store read from disk, with what was wrong with it (a bad file reads as empty). */
export interface TrustStoreRead {
  store: TrustStore;
  diagnostics: Diagnostic[];
}

/** Whether a store was written, and why not. */
export type TrustStoreWrite = { ok: true } | { ok: false; message: string };

const hookIdPattern = /^[0-9a-f]{12}$/;

// Built on first read (zod is loaded only when a store is read).
const createSchemas = (z: typeof Zod) => ({
  entry: z.object({
    state: z.enum(["trusted", "disabled"]),
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    event: z.string(),
    command: z.union([z.string(), z.array(z.string())]),
    file: z.string(),
    updatedAt: z.string(),
    resolution: z
      .object({
        key: z.string().regex(/^[0-9a-f]{64}$/),
        files: z.array(z.string()),
        notHashed: z.array(
          z.object({
            word: z.string(),
            reason: z.string(),
            file: z.string().exactOptional(),
            role: z.enum(["code", "data"]).exactOptional(),
          }),
        ),
      })
      .exactOptional(),
  }),
  store: z.object({
    version: z.literal(1),
    hooks: z.record(z.string(), z.unknown()),
  }),
});
let schemas: ReturnType<typeof createSchemas> | undefined;

/** The store's entry for a hook id, if any. */
export function findTrustEntry(store: TrustStore, id: string): TrustEntry | undefined {
  return Object.hasOwn(store.hooks, id) ? store.hooks[id] : undefined;
}

/** A store with no entries. */
export function createEmptyTrustStore(): TrustStore {
  return { version: 1, hooks: {} };
}

/**
 * Reads a trust store; never rejects. A missing file is an empty store. An unreadable file,
 * invalid JSON or an unknown shape is an empty store plus a diagnostic (every hook then needs
 * review again, which fails safe); an invalid entry is dropped with a diagnostic.
 *
 * @example
 * const { store, diagnostics } = await readTrustStore("/home/me/.zerotwo/hooks-trust.json");
 */
export async function readTrustStore(file: string): Promise<TrustStoreRead> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { store: createEmptyTrustStore(), diagnostics: [] };
    return emptyWith(
      `Hook trust store ${file} cannot be read (${code ?? String(error)}); every hook needs review`,
      file,
    );
  }
  const document = parseJsonDocument(text, file);
  if (!document.ok) {
    return emptyWith(
      `Hook trust store ${document.diagnostic.message}; every hook needs review`,
      file,
    );
  }
  schemas ??= createSchemas(requireZod());
  const parsed = schemas.store.safeParse(document.value);
  if (!parsed.success) {
    return emptyWith(
      `Hook trust store ${file} is not a version 1 trust store; every hook needs review`,
      file,
    );
  }
  const store = createEmptyTrustStore();
  const diagnostics: Diagnostic[] = [];
  for (const [id, value] of Object.entries(parsed.data.hooks)) {
    const entry = schemas.entry.safeParse(value);
    if (hookIdPattern.test(id) && entry.success) {
      store.hooks[id] = entry.data;
      continue;
    }
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "warning",
        `Hook trust store entry "${id}" is invalid and is ignored; that hook needs review`,
        { file, path: `hooks[${JSON.stringify(id)}]` },
      ),
    );
  }
  return { store, diagnostics };
}

/**
 * Writes a trust store atomically: a temporary file in the same directory (mode 0600) is
 * written, flushed to disk and renamed over `file`; the directory is created with mode 0700.
 * Never rejects; a failure leaves the previous file in place.
 */
export async function writeTrustStore(file: string, store: TrustStore): Promise<TrustStoreWrite> {
  const directory = path.dirname(file);
  const temporary = path.join(
    directory,
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const handle = await open(temporary, "wx", 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(`${JSON.stringify(store, null, 2)}\n`, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    await syncDirectory(directory);
    return { ok: true };
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      message: `Hook trust store ${file} cannot be written (${code ?? String(error)})`,
    };
  }
}

// Makes the rename itself durable; not every platform can open a directory, so best effort.
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    await handle.sync().finally(() => handle.close());
  } catch {
    // The store is already in place; only durability across a crash is at stake.
  }
}

function emptyWith(message: string, file: string): TrustStoreRead {
  return {
    store: createEmptyTrustStore(),
    diagnostics: [createDiagnostic("invalid_config", "warning", message, { file })],
  };
}
