/**
 * Masterminds/sprig v3.3.0's TxtFuncMap for the Go text/template port, as Fleet's controller
 * uses it (without env, expandenv and getHostByName, which Fleet removes; include and tpl are
 * Helm's, not sprig's). The deterministic functions are ported; the others are listed in
 * SPRIG_NOT_PORTED so that a caller can tell "sprig has it, we don't" from an unknown name.
 */
import type { FuncMap, GoFunc } from '../template/values';
import { defaultFuncs } from './defaults';
import { dictFuncs } from './dicts';
import { encodingFuncs } from './encoding';
import { goFunc } from './func';
import { hashFuncs } from './hash';
import { listFuncs } from './lists';
import { mathFuncs } from './math';
import { pathFuncs } from './path';
import { reflectFuncs } from './reflect';
import { regexFuncs } from './regex';
import { semverFuncs } from './semver';
import { stringFuncs } from './strings';
import { urlFuncs } from './url';

/**
 * Go's view of a value as sprig's typeOf/kindOf report it (gotypes.ts), for an engine that wants to
 * name types the same way (`map[string]string` from split, nil slices) in its own messages.
 */
export { goKindOf, goTypeOf, isNilContainer } from './gotypes';

/**
 * The rest of sprig's genericMap: the moment (dates, durations of `time.Since`), randomness,
 * keys and certificates, and `semver`, whose *Version result with its methods has no place in
 * the template value model. `duration`/`durationRound` depend on telling Go's int from int64,
 * which the value model does not keep.
 */
export const SPRIG_NOT_PORTED: readonly string[] = Object.freeze([
  // Dates and durations
  'ago',
  'date',
  'date_in_zone',
  'date_modify',
  'dateInZone',
  'dateModify',
  'duration',
  'durationRound',
  'htmlDate',
  'htmlDateInZone',
  'must_date_modify',
  'mustDateModify',
  'mustToDate',
  'now',
  'toDate',
  'unixEpoch',
  // Randomness
  'randAlphaNum',
  'randAlpha',
  'randAscii',
  'randNumeric',
  'randInt',
  'randBytes',
  'shuffle',
  'uuidv4',
  // Crypto beyond hashing
  'bcrypt',
  'htpasswd',
  'genPrivateKey',
  'derivePassword',
  'buildCustomCert',
  'genCA',
  'genCAWithKey',
  'genSelfSignedCert',
  'genSelfSignedCertWithKey',
  'genSignedCert',
  'genSignedCertWithKey',
  'encryptAES',
  'decryptAES',
  // Returns a *semver.Version
  'semver',
]);

let funcs: FuncMap | undefined;

/**
 * The ported functions by their sprig names, aliases included. The map has no prototype, so a
 * lookup of a name like `constructor` finds nothing, as in Go.
 */
export function sprigFuncs(): FuncMap {
  funcs ??= Object.freeze(
    Object.assign(Object.create(null) as Record<string, GoFunc>, {
      hello: goFunc([], () => 'Hello!'),
      ...stringFuncs(),
      ...encodingFuncs(),
      ...hashFuncs(),
      ...mathFuncs(),
      ...defaultFuncs(),
      ...listFuncs(),
      ...dictFuncs(),
      ...reflectFuncs(),
      ...pathFuncs(),
      ...regexFuncs(),
      ...semverFuncs(),
      ...urlFuncs(),
    } satisfies Record<string, GoFunc>),
  );
  return funcs;
}
