// monaco-yaml's worker, bundled by Vite (`?worker`); see shared/notes/stack.md, pitfall 2.
import 'monaco-yaml/yaml.worker.js';
