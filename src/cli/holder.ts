/**
 * Parses kept where they were made (validate-pool.ts): `hold` parses a file, keeps the parse and
 * returns the stub discovery reads (held-stub.ts); `validate` checks the packages of a run of held
 * files and returns their findings, located, in parts that join in opm's order. The same holder
 * serves on a loader thread (load-worker.ts) and on the main thread, which takes one share itself.
 */
import { resolveDiagnosticLocations } from '../core/api';
import type { Diagnostic } from '../core/diagnostics';
import { loadFile, mergeFileLoads, type FileLoad, type LoadOptions } from '../core/load';
import {
  IncrementalValidator,
  shiftParts,
  type PartOffsets,
  type ValidationParts,
} from '../core/validate/incremental';
import { rebaseFileLoad } from '../core/workspace/discover';
import { elides, tryElided } from './elided-json';
import { heldStub } from './held-stub';

export type HoldOptions = Pick<LoadOptions, 'bundleObjects'> & { byteLength?: number };

/** A run of held files, each with its name in the catalog (discovery's), and the blob counts before it. */
export interface RunJob {
  files: { path: string; as: string }[];
  offsets: PartOffsets;
}

/** Every finding located in the holder's files, without its reference (the other side has no blobs). */
function located(files: Parameters<typeof resolveDiagnosticLocations>[0], ds: Diagnostic[]): Diagnostic[] {
  return resolveDiagnosticLocations(files, ds).map(({ ref: _ref, ...d }) => d);
}

export class Holder {
  private readonly held = new Map<string, FileLoad>();

  forget(): void {
    this.held.clear();
  }

  hold(path: string, content: Uint8Array | string, opts: HoldOptions): FileLoad {
    return this.keep(path, loadFile(path, content, opts));
  }

  /**
   * The file at `abs` read and held with its bundle objects' base64 cut out (elided-json.ts: held
   * parses are only validated), or undefined to read it as usual.
   */
  holdElided(path: string, abs: string, opts: HoldOptions): FileLoad | undefined {
    const fl =
      opts.byteLength !== undefined && elides(path, opts.byteLength) ? tryElided(path, abs, opts) : undefined;
    return fl && this.keep(path, fl);
  }

  private keep(path: string, fl: FileLoad): FileLoad {
    this.held.set(path, fl);
    return heldStub(fl);
  }

  validate(job: RunJob): ValidationParts {
    const loads = job.files.map(({ path, as }) => {
      const fl = this.held.get(path);
      if (!fl) throw new Error(`loader thread: ${path} is not held here`);
      rebaseFileLoad(fl, as);
      return fl;
    });
    const load = mergeFileLoads(loads);
    const { parts } = new IncrementalValidator().parts(load);
    const at = (ds: Diagnostic[]) => located(load.files, ds);
    return shiftParts(
      {
        loadDiagnostics: at(parts.loadDiagnostics),
        placed: parts.placed.map((e) => ({ ...e, diagnostics: at(e.diagnostics) })),
        packages: parts.packages.map((o) => ({
          tree: o.tree,
          treeDiagnostics: at(o.treeDiagnostics),
          warnings: at(o.warnings),
        })),
        others: at(parts.others),
      },
      job.offsets,
    );
  }
}
