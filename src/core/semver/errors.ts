/** A version, range or release that blang/semver (or opm's release check) rejects. `message` is Go's exact text. */
export class SemverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SemverError';
  }
}
