import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { isRecord } from "../../shared/is-record.js";

/** A parsed `config.toml` or `requirements.toml` and where it came from. */
export interface ParsedConfigFile {
  file: string;
  document: unknown;
}

/** A `[features]` setting that turned hooks on or off. */
export interface FeatureSetting {
  file: string;
  /** `features.hooks`, or `features.zerocode_hooks` for the deprecated alias. */
  path: string;
  value: boolean;
  /** True when `requirements.toml` set it: administrator policy, which no other file overrides. */
  policy: boolean;
}

/** Whether hooks run, which setting decided it (null: nothing set, on by default), and diagnostics. */
export interface HooksFeature {
  enabled: boolean;
  setting: FeatureSetting | null;
  diagnostics: Diagnostic[];
}

/**
 * Decides `[features] hooks` from the config layers (lowest precedence first; the last that sets
 * it wins) and `requirements.toml`, whose setting overrides every layer. `zerocode_hooks` is read
 * as a deprecated alias, with a `deprecated_field` warning.
 */
export function resolveHooksFeature(
  layers: readonly ParsedConfigFile[],
  requirements: ParsedConfigFile | null,
): HooksFeature {
  const diagnostics: Diagnostic[] = [];
  let setting: FeatureSetting | null = null;
  for (const layer of layers) {
    setting = readFeatureSetting(layer, false, diagnostics) ?? setting;
  }
  if (requirements !== null) {
    setting = readFeatureSetting(requirements, true, diagnostics) ?? setting;
  }
  return { enabled: setting?.value ?? true, setting, diagnostics };
}

function readFeatureSetting(
  config: ParsedConfigFile,
  policy: boolean,
  diagnostics: Diagnostic[],
): FeatureSetting | null {
  if (!isRecord(config.document)) return null;
  const features = config.document.features;
  if (!isRecord(features)) return null;
  const read = (key: string): FeatureSetting | null => {
    const value = features[key];
    if (value === undefined) return null;
    const path = `features.${key}`;
    if (typeof value !== "boolean") {
      diagnostics.push(
        createDiagnostic(
          "invalid_config",
          "error",
          `${path} must be true or false; it is ignored`,
          {
            file: config.file,
            path,
          },
        ),
      );
      return null;
    }
    return { file: config.file, path, value, policy };
  };
  const alias = read("zerocode_hooks");
  if (features.zerocode_hooks !== undefined) {
    diagnostics.push(
      createDiagnostic(
        "deprecated_field",
        "warning",
        `[features] zerocode_hooks is a deprecated alias; use hooks = ${String(features.zerocode_hooks)} instead`,
        { file: config.file, path: "features.zerocode_hooks" },
      ),
    );
  }
  return read("hooks") ?? alias;
}
