/**
 * The operator-registry release whose render-template, migrations and writer our template parity
 * follows (the rule catalogue names it; tests port its cases). Alone in its file so the catalogue
 * can name it without loading the renderer.
 */
export const PARITY_RELEASE = 'v1.73.0';
