import type { z } from "zod";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { requireZod } from "../require-zod.js";

/** What the host passed to check a rewrite against: a validator, or a JSON Schema. */
export interface ToolInputCheck {
  toolInputSchema?: unknown;
  validateToolInput?: (input: unknown) => boolean;
}

/**
 * Turns the host's tool-input schema or validator into one predicate (null when neither was
 * given); a schema that cannot be compiled gives a diagnostic and no predicate. A throwing
 * host validator counts as "does not match".
 */
export function createToolInputValidator(check: ToolInputCheck): {
  validate: ((input: unknown) => boolean) | null;
  diagnostics: Diagnostic[];
} {
  const host = check.validateToolInput;
  if (host !== undefined) {
    return {
      validate: (input) => {
        try {
          return host(input) === true;
        } catch {
          return false;
        }
      },
      diagnostics: [],
    };
  }
  if (check.toolInputSchema === undefined) return { validate: null, diagnostics: [] };
  try {
    const schema = requireZod().fromJSONSchema(
      check.toolInputSchema as Parameters<typeof z.fromJSONSchema>[0],
    );
    return { validate: (input) => schema.safeParse(input).success, diagnostics: [] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      validate: null,
      diagnostics: [
        createDiagnostic(
          "invalid_payload",
          "error",
          `The toolInputSchema passed with the dispatch cannot be used (${reason}); rewrites are dropped`,
        ),
      ],
    };
  }
}
