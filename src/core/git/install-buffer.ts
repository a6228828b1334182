/**
 * Imported first by the modules that import isomorphic-git, so its Buffer exists before
 * isomorphic-git runs (ES modules evaluate in import order).
 */
import { installGitBuffer } from './buffer-shim';

installGitBuffer();
