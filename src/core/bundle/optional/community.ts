/**
 * The `community` optional validator: operator-framework/api's CommunityOperatorValidator
 * (pkg/validation/internal/community.go validateCommunityBundle). It speaks only when the bundle uses
 * APIs Kubernetes 1.22 removed: then the CSV must cap OpenShift below 4.9 with olm.maxOpenShiftVersion
 * in its olm.properties annotation, and the index image's Dockerfile (`--optional-values index-path=`,
 * read by the caller) must label it com.redhat.openshift.versions below 4.9 (validateImageFile).
 * Without index-path upstream's warning asking for it is given, with upstream's quirk that it repeats the
 * errors found before it (`warns = append(checks.errs, …)`).
 */
import { compareVersions, formatVersion, parseVersion, type Version } from '../../semver';
import type { RuleId } from '../../rules';
import type { Collector } from '../check-collector';
import { parseTolerant, type OptionalContext } from './context';
import { deprecatedApisMessage, removedOn122 } from './deprecated-apis';
import { dig, isObject } from '../read-bundle';

const OCP = '4.9';
const OCP_LABEL = 'com.redhat.openshift.versions';
const INDEX_PATH_KEY = 'index-path';
const MORE =
  'This bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22';

function maxOpenShiftErrors(ctx: OptionalContext, apis: string): { errs: string[]; warns: string[] } {
  const properties = dig(ctx.csv.object, 'metadata', 'annotations', 'olm.properties');
  const text = typeof properties === 'string' ? properties : '';
  if (text === '')
    return {
      errs: [
        `csv.Annotations not specified olm.maxOpenShiftVersion for an OCP version < ${OCP}. This annotation is required to prevent the user from upgrading their OCP cluster before they have installed a version of their operator which is compatible with ${OCP}. ${MORE} which are no longer supported on ${OCP}. Migrate the API(s) for ${apis} or use the annotation`,
      ],
      warns: [],
    };
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = undefined;
  }
  if (!Array.isArray(list) || !list.every(isObject))
    return {
      errs: [
        `csv.Annotations has an invalid value specified for olm.properties. Please, check the value  (${text}) and ensure that it is an array such as: "olm.properties": '[{"type": "key name", "value": "key value"}]'`,
      ],
      warns: [],
    };
  const entry = (list as Record<string, unknown>[]).find((p) => p.type === 'olm.maxOpenShiftVersion');
  if (!entry)
    return {
      errs: [
        `csv.Annotations.olm.properties with the key \`olm.maxOpenShiftVersion\` and a value with an OCP version which is < ${OCP} is required for any operator bundle that is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for ${apis} or use the annotation`,
      ],
      warns: [],
    };
  const value = typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value);
  const max = parseTolerant(value);
  if (!max)
    return {
      errs: [`csv.Annotations.olm.properties has an invalid value. Unable to parse (${value}) using semver`],
      warns: [],
    };
  const truncated = parseVersion(`${max.major}.${max.minor}.0`);
  if (compareVersions(max, truncated) !== 0)
    return {
      errs: [],
      warns: [
        `csv.Annotations.olm.properties has an invalid value. olm.maxOpenShiftVersion must specify only major.minor versions, ${formatVersion(max)} will be truncated to ${formatVersion(truncated)}`,
      ],
    };
  if (compareVersions(max, parseTolerant(OCP) as Version) >= 0)
    return {
      errs: [
        `csv.Annotations.olm.properties with the key and value for olm.maxOpenShiftVersion has the OCP version value ${value} which is >= of ${OCP}. ${MORE}. Migrate the API(s) for ${apis} or inform in this property an OCP version which is < ${OCP}`,
      ],
      warns: [],
    };
  return { errs: [], warns: [] };
}

/** cleanStringToGetTheVersionToParse. */
const clean = (v: string) => v.replace(/'/g, '').replace(/"/g, '').replace(/v/g, '');

const atLeastOcp = (v: string): boolean | undefined => {
  const parsed = parseTolerant(v);
  return parsed === undefined ? undefined : compareVersions(parsed, parseTolerant(OCP) as Version) >= 0;
};

/** validateImageFile: the com.redhat.openshift.versions label of the index image's Dockerfile. */
function indexImageErrors(ctx: OptionalContext, apis: string): string[] {
  const path = ctx.values[INDEX_PATH_KEY] ?? '';
  const file = ctx.indexImage;
  if (!file || file.error !== undefined)
    return [
      `the index image in the path (${path}) was not found. Please, inform the path of the bundle operator index image via the the optional key values and the key ${INDEX_PATH_KEY}. (e.g. ${INDEX_PATH_KEY}=./mypath/bundle.Dockerfile). Error : ${file?.error ?? `stat ${path}: no such file or directory`}`,
    ];
  if (file.isDirectory)
    return [
      `the index image in the path (${path}) is not file. Please, inform the path of its index image via the the optional key values and the key ${INDEX_PATH_KEY}. (e.g. ${INDEX_PATH_KEY}=./mypath/bundle.Dockerfile). The value informed is a diretory and not a file`,
    ];
  const text = file.text ?? '';
  if (!text.includes(OCP_LABEL))
    return [
      `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the APIs for ${apis} or provide compatible version(s) via the labels. (e.g. LABEL ${OCP_LABEL}='4.6-4.8')`,
    ];
  const line = text.split('\n').find((l) => l.includes(OCP_LABEL)) as string;
  if (!line.includes('=')) return [`invalid syntax (${line}) for (${OCP_LABEL})`];
  const value = line.split('=');
  const unparsable = (v: string) => `unable to parse the value (${v}) on (${OCP_LABEL})`;
  if (value.length > 2 && (value[2] as string).length > 0) {
    const version = clean(value[2] as string);
    const ge = atLeastOcp(version);
    if (ge === undefined) return [unparsable(version)];
    return ge
      ? [
          `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for ${apis} or provide compatible version(s) by using the ${OCP_LABEL} annotation in \`metadata/annotations.yaml\` to ensure that the index image will be geneared with its label. (e.g. LABEL ${OCP_LABEL}='4.6-4.8')`,
        ]
      : [];
  }
  const range = clean(value[1] ?? '');
  if (range.length <= 1) return [`unable to get the range informed on ${OCP_LABEL}`];
  if (!range.includes('-'))
    return [
      `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22 The ${range} allows to distribute it on >= ${OCP}. Migrate the API(s) for ${apis} or provide compatible version(s) by using the ${OCP_LABEL} annotation in \`metadata/annotations.yaml\` to ensure that the index image will be generated with its label. (e.g. LABEL ${OCP_LABEL}='4.6-4.8')`,
    ];
  const upper = range.split('-')[1] as string;
  const ge = atLeastOcp(upper);
  if (ge === undefined) return [unparsable(upper)];
  return ge
    ? [
        `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Upgrade the APIs from for ${apis} or provide compatible distribution version(s) by using the ${OCP_LABEL} annotation in \`metadata/annotations.yaml\` to ensure that the index image will be generated with its label. (e.g. LABEL ${OCP_LABEL}='4.6-4.8')`,
      ]
    : [];
}

export function runCommunity(ctx: OptionalContext, c: Collector): void {
  const found = removedOn122(ctx);
  if (found.size === 0) return;
  const apis = deprecatedApisMessage(found);
  const { errs, warns } = maxOpenShiftErrors(ctx, apis);
  const add = (rule: RuleId, m: string) => c.add(rule, `(${ctx.name}) ${m}`, ctx.csv.path, 1);
  const hasIndexPath = (ctx.values[INDEX_PATH_KEY] ?? '') !== '';
  for (const e of errs) add('bundle-community-max-ocp', e);
  if (hasIndexPath) for (const e of indexImageErrors(ctx, apis)) add('bundle-community-index-label', e);
  const allWarns = [...warns];
  if (!hasIndexPath)
    allWarns.splice(
      0,
      allWarns.length,
      ...errs,
      `please, inform the path of its index image file via the the optional key values and the key ${INDEX_PATH_KEY} to allow this validator check the labels configuration or migrate the API(s) for ${apis}. (e.g. ${INDEX_PATH_KEY}=./mypath/bundle.Dockerfile). ${MORE} `,
    );
  for (const w of allWarns) add('bundle-community-warning', w);
}
