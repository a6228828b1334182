/**
 * The editing hooks of one catalog: replacing files' texts (one re-validation per change), the
 * context the edit actions run on, and the YAML document parses kept per edited file so a keystroke
 * re-parses only the document it changed. Owns those parses; separate because they live exactly as
 * long as editing one opened catalog (an open forgets them).
 */
import { loadHostileChecks } from '../load/hostile-registry';
import { compareWalkOrder, loadFile, type FileLoad, type LoadResult } from '../load';
import type { YamlDocParse } from '../load/types';
import type { Model } from '../model/types';
import { now } from './clock';
import type { CatalogFiles, Snapshot } from './session-snapshot';

/** Edited files are loaded with every bundle object checked as opm does (R14/R15): one file is cheap. */
const LOAD_OPTIONS = { bundleObjects: 'eager' } as const;

/** What the edit actions run on: every file's current text, the declcfg and the model. */
export interface EditContext {
  files: Map<string, string>;
  dc: LoadResult['dc'];
  model: Model;
}

export class CatalogEditing {
  /**
   * For each edited file, its YAML documents' parses from the last load: the next keystroke re-parses
   * only the document it changed (one document of a 3,000-bundle file, not 1.7 MB of YAML).
   */
  private yamlDocs = new Map<string, Map<string, YamlDocParse>>();

  constructor(private readonly build: (files: CatalogFiles, started: number) => Snapshot) {}

  /** A new catalog was opened: the parses of the old one's files are of no use. */
  reset(): void {
    this.yamlDocs = new Map();
  }

  /**
   * The next generation of `cur` with `files` replaced (`text: null` removes a file; a path the
   * catalog did not have is added), re-parsing only those files. Nothing is written to the source.
   */
  update(cur: Snapshot, files: readonly { path: string; text: string | null }[]): Snapshot {
    const started = now();
    const loads = new Map(cur.loads);
    for (const f of files) {
      if (f.text === null) {
        loads.delete(f.path);
        this.yamlDocs.delete(f.path);
      } else loads.set(f.path, this.loadEdited(f.path, f.text));
    }
    const sorted = new Map([...loads].sort(([a], [b]) => compareWalkOrder(a, b)));
    const bytes = [...sorted.values()].reduce((n, l) => n + l.file.bytes, 0);
    return this.build({ ...cur, loads: sorted, bytes }, started);
  }

  /**
   * Parses a file's YAML documents ahead of its first edit (the editor opened it): then the first
   * keystroke, too, re-parses only the document it changed.
   */
  prepareEdit(cur: Snapshot | undefined, path: string): void {
    // Typing can bring an alias or a stray byte the catalog did not have: have the checks ready.
    void loadHostileChecks();
    const load = cur?.loads.get(path);
    if (!load || load.file.format !== 'yaml' || this.yamlDocs.has(path)) return;
    const record = new Map<string, YamlDocParse>();
    loadFile(path, load.file.text, { ...LOAD_OPTIONS, yamlDocs: { record } });
    this.yamlDocs.set(path, record);
  }

  /** True when `path`'s YAML documents are kept for its next edit. */
  isPrepared(path: string): boolean {
    return this.yamlDocs.has(path);
  }

  editContext(s: Snapshot): EditContext {
    const files = new Map<string, string>();
    for (const [path, l] of s.loads) files.set(path, l.file.text);
    return { files, dc: s.load.dc, model: s.validation.model };
  }

  /** An edited file's load, re-using the parses of its unchanged YAML documents. */
  private loadEdited(path: string, text: string): FileLoad {
    const record = new Map<string, YamlDocParse>();
    const load = loadFile(path, text, {
      ...LOAD_OPTIONS,
      yamlDocs: { reuse: this.yamlDocs.get(path), record },
    });
    this.yamlDocs.set(path, record);
    return load;
  }
}
