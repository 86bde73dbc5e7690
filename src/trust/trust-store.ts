import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import type { z as Zod } from "zod";
import type { HookCommand } from "../config/hook-definition.js";
import { parseJsonDocument } from "../config/parse-json-document.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { requireZod } from "../require-zod.js";
import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { writeFileAtomically } from "../shared/write-file-atomically.js";
import { writeOwn } from "../shared/write-own.js";
import type { NotHashedWord } from "./hook-finding.js";
import { createNotHashedWordSchema } from "./not-hashed-word-schema.js";

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
        notHashed: z.array(createNotHashedWordSchema(z)),
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
 * Saves the changes from `base` (the store as it was read) to `store` into the trust store file,
 * never rejecting: the file is read again and only the entries that differ are set or removed, so
 * entries written meanwhile by another process, entries this version could not read, and other
 * fields are kept. A file that is not a version 1 trust store (invalid JSON, another version) is
 * refused, never replaced. Written atomically (`writeFileAtomically`: mode 0600, its folder
 * created 0700, a symbolic link refused); a failure leaves the previous file in place.
 *
 * @example
 * ```ts
 * const written = await writeTrustStore(storeFile, recordHookTrusted(read.store, hook), read.store);
 * if (!written.ok) console.error(written.message);
 * ```
 */
export async function writeTrustStore(
  file: string,
  store: TrustStore,
  base: TrustStore = createEmptyTrustStore(),
): Promise<TrustStoreWrite> {
  const written = await writeFileAtomically(
    file,
    (existing) => {
      const current = readStoreObject(existing?.text ?? "");
      if (!current.ok) return current;
      const hooks = current.hooks;
      for (const id of new Set([...Object.keys(base.hooks), ...Object.keys(store.hooks)])) {
        const entry = findTrustEntry(store, id);
        if (isDeepStrictEqual(findTrustEntry(base, id), entry)) continue;
        if (entry === undefined) delete hooks[id];
        else writeOwn(hooks, id, entry);
      }
      return {
        ok: true,
        text: `${JSON.stringify({ ...current.fields, version: 1, hooks }, null, 2)}\n`,
      };
    },
    { mode: 0o600, directoryMode: 0o700 },
  );
  if (written.ok) return { ok: true };
  return { ok: false, message: `Hook trust store ${file} cannot be written: ${written.reason}` };
}

/** The fields and entries of a trust store file's text, or why it must not be replaced. */
function readStoreObject(
  text: string,
):
  | { ok: true; fields: Record<string, unknown>; hooks: Record<string, unknown> }
  | { ok: false; reason: string } {
  if (text.trim() === "") return { ok: true, fields: {}, hooks: {} };
  const parsed = safeParseJson(text);
  const keep = "agent-hooks keeps it as it is: fix or remove it, then run the command again";
  if (!parsed.success) return { ok: false, reason: `it is not valid JSON; ${keep}` };
  const value = parsed.value;
  if (!isRecord(value))
    return { ok: false, reason: `it is not a trust store (a JSON object); ${keep}` };
  if (value.version !== undefined && value.version !== 1) {
    return {
      ok: false,
      reason: `it is a version ${JSON.stringify(value.version)} trust store, not version 1; ${keep}`,
    };
  }
  if (value.hooks !== undefined && !isRecord(value.hooks)) {
    return { ok: false, reason: `its "hooks" is not an object; ${keep}` };
  }
  return { ok: true, fields: value, hooks: { ...value.hooks } };
}

function emptyWith(message: string, file: string): TrustStoreRead {
  return {
    store: createEmptyTrustStore(),
    diagnostics: [createDiagnostic("invalid_config", "warning", message, { file })],
  };
}
