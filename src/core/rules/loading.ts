import { defineRules } from './types';
import { K8S_YAML_DECODER, OPM_LOAD, OPM_VALIDATE_CMD, SIGS_YAML } from './upstream';

/** Stage A, first half: the command's argument, walking the tree, splitting files into blobs (fbc-rules §1.1–§1.4). */
export const LOADING_RULES = defineRules('loading', 'opm', {
  R1: {
    severity: 'error',
    title: 'Not a directory',
    summary: 'The path given to validate is not a directory.',
    description:
      'opm validate takes the root folder of a catalog. Point it (and the CLI) at the folder that holds ' +
      'the catalog files, not at one of the files.',
    message: '%q is not a directory',
    upstream: { text: 'cmd/opm/validate: the os.Stat check of the argument', url: OPM_VALIDATE_CMD },
  },
  R2: {
    severity: 'error',
    title: 'File cannot be read',
    summary: 'A file or folder of the catalog cannot be stat-ed, walked or opened.',
    description:
      'opm reads every regular file under the catalog root, whatever its name. A file it cannot open ' +
      '(no permission, a symlink to a folder, a vanished file) fails the whole catalog with the ' +
      "operating system's error. Fix the file's permissions or remove it (or list it in .indexignore).",
    message: 'the operating system error text',
    upstream: { text: 'declcfg.WalkMetasFS in alpha/declcfg/load.go (fs.WalkDir, os.Open)', url: OPM_LOAD },
  },
  R3: {
    severity: 'error',
    title: 'Bad YAML document separator',
    summary: 'A line starting with --- has text after it that is not a comment.',
    description:
      'opm splits YAML files into documents at lines that start with "---". Anything after the three ' +
      'dashes on that line must be empty or a # comment. Move the text to the next line.',
    message: 'invalid Yaml document separator: %s',
    upstream: { text: 'apimachinery pkg/util/yaml YAMLReader.Read', url: K8S_YAML_DECODER },
  },
  R4: {
    severity: 'error',
    title: 'YAML syntax error',
    summary: 'A YAML document does not parse.',
    description:
      'Each YAML document is converted to JSON with YAML 1.1 rules (go-yaml v2) before opm reads it. A ' +
      'syntax error anywhere in a file fails the catalog; the message gives the line within the document.',
    message: 'error converting YAML to JSON: yaml: …',
    upstream: { text: 'sigs.k8s.io/yaml YAMLToJSON, called by the YAMLOrJSONDecoder', url: SIGS_YAML },
  },
  R5: {
    severity: 'error',
    title: 'JSON syntax error',
    summary: 'A file read as a JSON stream has a syntax error.',
    description:
      'A file whose first non-blank character is "{" is read as a stream of JSON objects. A syntax error ' +
      'in its first two values is reported with the byte offset from the start of the file; later ones ' +
      "with Go's bare JSON error.",
    message: 'json: offset %d: %s',
    upstream: { text: 'apimachinery pkg/util/yaml YAMLOrJSONDecoder', url: K8S_YAML_DECODER },
  },
});
