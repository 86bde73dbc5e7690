import type { ShimRunOutcome, ShimVerdict, TranslatedPayload } from "../shim-types.js";
import type { CanonicalPayload, ShimHost, WrittenReply } from "./shim-host.js";

/** The steps of a host that a host module states as functions of the host they belong to. */
export type ShimHostStepName = "readPayload" | "writePayload" | "readVerdict" | "writeReply";

/** A host's steps, each given the host first (`readCursorVerdict(cursorHost, …)`). */
export interface ShimHostSteps<Host> {
  readPayload(
    host: Host,
    hostEvent: string,
    event: string,
    payload: Record<string, unknown>,
  ): CanonicalPayload;
  writePayload(
    host: Host,
    hookEvent: string,
    canonical: Record<string, unknown>,
    event: string,
  ): TranslatedPayload;
  readVerdict(host: Host, hookEvent: string, outcome: ShimRunOutcome): ShimVerdict;
  writeReply(host: Host, hostEvent: string, verdict: ShimVerdict): WrittenReply;
}

/**
 * A host's steps as its methods, each called with the host that `findHost` returns (the host being
 * defined, which the steps read its names and decisions from).
 *
 * @example
 * ```ts
 * export const cursorHost: ShimHost = {
 *   ...createHostDefaults(cursorFormat, true),
 *   ...bindHostSteps(() => cursorHost, { readPayload: readCursorPayload, … }),
 * };
 * ```
 */
export function bindHostSteps<Host>(
  findHost: () => Host,
  steps: ShimHostSteps<NoInfer<Host>>,
): Pick<ShimHost, ShimHostStepName> {
  return {
    readPayload: (hostEvent, event, payload) =>
      steps.readPayload(findHost(), hostEvent, event, payload),
    writePayload: (hookEvent, canonical, event) =>
      steps.writePayload(findHost(), hookEvent, canonical, event),
    readVerdict: (hookEvent, outcome) => steps.readVerdict(findHost(), hookEvent, outcome),
    writeReply: (hostEvent, verdict) => steps.writeReply(findHost(), hostEvent, verdict),
  };
}
