/** A version, range or release that blang/semver (or opm's release check) rejects. `message` is Go's exact text. */
export class SemverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SemverError';
  }
}

/** Go's error text of a parse (`parseVersion`, `parseRange`, …) that fails; '' when it succeeds. */
export function semverErrorText(parse: () => unknown): string {
  try {
    parse();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}
