/**
 * Monaco, from the local package (no CDN), with only what FBC Studio uses: the slim 0.56+ entry
 * points, YAML (monaco-yaml) and JSON (Monaco's JSON service) both given the project's FBC schema,
 * and a plain highlighter for JSON streams (several values in one file), which Monaco's JSON
 * service cannot parse; their blobs are schema-checked in the catalog worker instead, and schema
 * completion and hover come from the JSON worker one value at a time (json-stream-language.ts).
 * Imported only by the lazily loaded editor chunks.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/yaml/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { configureMonacoYaml } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import YamlWorker from './yaml.worker?worker';
import { FBC_SCHEMA } from '../../core/schema/fbc-schema';
import { CROSSPLANE_META_SCHEMA } from '../../core/crossplane/meta-schema';
import { ISC_SCHEMA } from '../../core/mirror/isc-schema';
import { RULES } from '../../core/rules';
import REPO_CONFIG_SCHEMA from '../../../schema/fbc-studio-config.schema.json';
import { registerJsonStreamHelp } from './json-stream-language';

declare global {
  interface Window {
    /** Tests read markers and text through it (set under automation only). */
    __fbcMonaco?: typeof monaco;
    /** The editor dock's editor (automation only). */
    __fbcEditor?: import('monaco-editor/editor').editor.IStandaloneCodeEditor;
  }
}

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === 'json') return new JsonWorker();
    if (label === 'yaml') return new YamlWorker();
    return new EditorWorker();
  },
};

export const JSON_STREAM = 'fbc-json-stream';
const SCHEMA_URI = 'https://fbc-studio.local/schemas/fbc.schema.json';

/*
 * monaco-yaml 5.5 creates its worker with the pre-0.55 `createWebWorker({moduleId, label,
 * createData})` call, which Monaco 0.55+ rejects (it wants `opts.worker`): hand it a copy of
 * monaco whose createWebWorker starts the worker the old way (shared/notes/stack.md, pitfall 2).
 */
const realCreateWebWorker = monaco.editor.createWebWorker;
interface LegacyWorkerOptions {
  worker?: Worker;
  label?: string;
  createData?: unknown;
  host?: unknown;
  keepIdleModels?: boolean;
}
const monacoForYaml = {
  ...monaco,
  editor: {
    ...monaco.editor,
    createWebWorker(o: LegacyWorkerOptions) {
      if (o.worker) return realCreateWebWorker(o as never);
      const w = self.MonacoEnvironment!.getWorker!('workerMain.js', o.label ?? 'yaml') as Worker;
      w.postMessage('ignore');
      w.postMessage(o.createData);
      return realCreateWebWorker({ worker: w, host: o.host, keepIdleModels: o.keepIdleModels } as never);
    },
  },
};

/** The names oc-mirror's documentation gives an ImageSetConfiguration file. */
const ISC_FILES = ['imageset-config.yaml', 'imageset-config.yml', 'isc.yaml'];

const YAML_OPTIONS = {
  enableSchemaRequest: false,
  validate: true,
  completion: true,
  hover: true,
  format: { enable: false },
  schemas: [
    // A Crossplane package's meta file gets its own schema (completion of dependsOn entries), not the FBC one.
    {
      uri: SCHEMA_URI,
      fileMatch: [
        '**/*.yaml',
        '**/*.yml',
        '!crossplane.yaml',
        '!.fbc-studio.yaml',
        ...ISC_FILES.map((f) => '!' + f),
      ],
      schema: FBC_SCHEMA as never,
    },
    {
      uri: 'https://fbc-studio.local/schemas/crossplane-meta.schema.json',
      fileMatch: ['crossplane.yaml'],
      schema: CROSSPLANE_META_SCHEMA as never,
    },
    // An oc-mirror ImageSetConfiguration (the Mirror plan's input): what oc-mirror v2 accepts there.
    {
      uri: ISC_SCHEMA.$id as string,
      fileMatch: ISC_FILES,
      schema: ISC_SCHEMA as never,
    },
    // The repository configuration: the schema published in schema/ (completion, hover, checks).
    {
      uri: REPO_CONFIG_SCHEMA.$id,
      fileMatch: ['.fbc-studio.yaml'],
      schema: REPO_CONFIG_SCHEMA as never,
    },
  ],
};
const monacoYaml = configureMonacoYaml(monacoForYaml as never, YAML_OPTIONS);

/*
 * The rule ids an accepted entry names are FBC Studio's checks of a catalog and of a repository: they
 * are offered as completions of `rule:`, added to the schema once a configuration file is opened
 * (the catalogue's text loads then, as for the Problems panel's "About rule"). Examples, not an
 * enum: an id the catalogue does not know is the reader's finding (config-unknown-rule), said once.
 * The catalogue is imported statically: the editor is a lazy chunk already, and a dynamic import of
 * it made the catalogue a chunk of its own whose namespace object moved Rolldown's runtime out of the
 * page's first chunk into a fifth initial file (+0.6 kB gzip of initial JS).
 */
let ruleIdsOffered = false;
monaco.editor.onDidCreateModel((model) => {
  if (ruleIdsOffered || !model.uri.path.endsWith('/.fbc-studio.yaml')) return;
  ruleIdsOffered = true;
  // The groups a repository's check reports (a catalog's warnings, the repository's own).
  const ids = RULES.filter((r) => r.group === 'fbc-studio' || r.group === 'workspace').map((r) => r.id);
  const schema = structuredClone(REPO_CONFIG_SCHEMA);
  Object.assign(schema.properties.accepted.items.properties.rule, { examples: ids });
  void monacoYaml.update({
    ...YAML_OPTIONS,
    schemas: YAML_OPTIONS.schemas.map((s) => (s.uri === REPO_CONFIG_SCHEMA.$id ? { ...s, schema } : s)),
  });
});

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  enableSchemaRequest: false,
  schemaValidation: 'warning',
  schemas: [{ uri: SCHEMA_URI, fileMatch: ['**/*.json'], schema: FBC_SCHEMA as never }],
});

// JSON streams: highlighting only (tokens named like Monaco's JSON ones, so themes colour them alike).
monaco.languages.register({ id: JSON_STREAM });
monaco.languages.setLanguageConfiguration(JSON_STREAM, {
  brackets: [
    ['{', '}'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"', notIn: ['string'] },
  ],
});
monaco.languages.setMonarchTokensProvider(JSON_STREAM, {
  tokenizer: {
    root: [
      [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'string.key.json'],
      [/"(?:[^"\\]|\\.)*"/, 'string.value.json'],
      [/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/, 'number.json'],
      [/\b(?:true|false|null)\b/, 'keyword.json'],
      [/[{}[\],:]/, 'delimiter.json'],
    ],
  },
});

registerJsonStreamHelp(JSON_STREAM);

if (navigator.webdriver) window.__fbcMonaco = monaco;

export { monaco };

/** The language a catalog file is edited in. */
export function languageOf(path: string, format: 'json' | 'yaml' | 'empty', blobs: number): string {
  if (format === 'json' || /\.json$/i.test(path)) return blobs > 1 ? JSON_STREAM : 'json';
  if (format === 'yaml' || /\.ya?ml$/i.test(path)) return 'yaml';
  return 'plaintext';
}

export const uriOf = (path: string) =>
  monaco.Uri.parse(`file:///${path.split('/').map(encodeURIComponent).join('/')}`);

/**
 * Monaco's own themes with the few token colours that fall below WCAG AA contrast (4.5:1) raised:
 * teal types/keys on the diff's inserted-line green and removed-line red, dark comments and strings on the dark diff's green.
 */
monaco.editor.defineTheme('fbc-light', {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'type', foreground: '005c5c' },
    { token: 'comment', foreground: '1a6b34' },
  ],
  colors: {},
});
monaco.editor.defineTheme('fbc-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'comment', foreground: '8fbc7a' },
    // Strings (JSON values, YAML scalars): vs-dark's ce9178 is 4.3:1 on the dark diff's inserted-line green.
    { token: 'string', foreground: 'd69d85' },
    { token: 'string.value.json', foreground: 'd69d85' },
    { token: 'string.yaml', foreground: 'd69d85' },
  ],
  colors: {},
});
export const monacoTheme = (theme: 'light' | 'dark') => (theme === 'dark' ? 'fbc-dark' : 'fbc-light');
