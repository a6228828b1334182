/**
 * The `good-practices` optional validator: operator-framework/api's GoodPracticesValidator
 * (pkg/validation/internal/good_practices.go validateGoodPracticesFrom), its texts verbatim. Where
 * upstream reads a Quantity, `Requests.Cpu().String()` is never empty ("0" when unset), so only a
 * container without `resources.requests` at all is reported, as upstream does.
 */
import { parseVersionOrError } from '../../semver/version';
import { CHANNELS_LABEL, DEFAULT_CHANNEL_LABEL } from '../check-metadata';
import { str, type Collector } from '../check-collector';
import { dig, lineOf } from '../read-bundle';
import { goQuotedList, type OptionalContext } from './context';

const RBAC_CRD_WARNING =
  "CSV contains permissions to create CRD. An Operator shouldn't deploy or manage other operators (such patterns are known as meta or super operators or include CRDs in its Operands). It's the Operator Lifecycle Manager's job to manage the deployment and lifecycle of operators.  Please, review the design of your solution and if you should not be using Dependency Resolution from OLM instead. More info: https://sdk.operatorframework.io/docs/best-practices/common-recommendation/";

const NAME_VERSION_RE =
  /([0-9]+)\.([0-9]+)\.([0-9]+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+)?$/;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function runGoodPractices(ctx: OptionalContext, c: Collector): void {
  const { csv, name, dir } = ctx;
  const o = csv.object as Record<string, unknown>;
  const at = (re: RegExp) => lineOf(csv.text, re);

  const deployments = dig(o, 'spec', 'install', 'spec', 'deployments');
  if (deployments === undefined || deployments === null) {
    c.add(
      'bundle-gp-deployment',
      'unable to find a deployment to install in the CSV',
      csv.path,
      at(/^\s+install:/),
    );
  } else {
    for (const d of list(deployments))
      for (const ct of list(dig(d, 'spec', 'template', 'spec', 'containers'))) {
        const requests = dig(ct, 'resources', 'requests');
        if (requests === undefined || requests === null)
          c.add(
            'bundle-gp-resource-requests',
            `unable to find the resource requests for the container: (${str(dig(ct, 'name'))}). It is recommended to ensure the resource request for CPU and Memory. Be aware that for some clusters configurations it is required to specify requests or limits for those values. Otherwise, the system or quota may reject Pod creation. More info: https://master.sdk.operatorframework.io/docs/best-practices/managing-resources/`,
            csv.path,
            at(/^\s+containers:/),
          );
      }
  }

  for (const relation of ['owned', 'required'])
    for (const d of list(dig(o, 'spec', 'customresourcedefinitions', relation)))
      if (str(dig(d, 'description')) === '')
        c.add(
          'bundle-gp-crd-description',
          `${relation} CRD ${JSON.stringify(str(dig(d, 'name')))} has an empty description`,
          csv.path,
          at(new RegExp(`^\\s+${relation}:`)),
        );

  const channels = [
    ...(dir.annotations?.[CHANNELS_LABEL] ?? '').split(','),
    dir.annotations?.[DEFAULT_CHANNEL_LABEL] ?? '',
  ].map((ch) => ch.trim());
  const odd = [...new Set(channels)].filter(
    (ch) => ch !== '' && !ch.startsWith('candidate') && !ch.startsWith('stable') && !ch.startsWith('fast'),
  );
  if (odd.length > 0)
    c.add(
      'bundle-gp-channel-naming',
      `channel(s) ${goQuotedList(odd)} are not following the recommended naming convention: https://olm.operatorframework.io/docs/best-practices/channel-naming`,
      dir.annotationsFile?.path,
      dir.annotationsFile ? lineOf(dir.annotationsFile.text, /channels\.v1:/) : undefined,
    );

  const verbs = ['create', '*', '[*]', 'patch'];
  const createsCrds = ['permissions', 'clusterPermissions'].some((k) =>
    list(dig(o, 'spec', 'install', 'spec', k)).some((p) =>
      list(dig(p, 'rules')).some(
        (r) =>
          list(dig(r, 'apiGroups')).includes('apiextensions.k8s.io') &&
          list(dig(r, 'resources')).some((res) =>
            ['customresourcedefinitions', '*', '[*]'].includes(str(res)),
          ) &&
          list(dig(r, 'verbs')).some((v) => verbs.includes(str(v))),
      ),
    ),
  );
  if (createsCrds) c.add('bundle-gp-rbac-crd', RBAC_CRD_WARNING, csv.path, at(/^\s+install:/));

  const nameLine = at(/^\s+name:/);
  const match = NAME_VERSION_RE.exec(name);
  if (!match || typeof parseVersionOrError(match[0]) === 'string')
    c.add(
      'bundle-gp-csv-name',
      `csv.metadata.Name ${name} is not following the versioning convention (MAJOR.MINOR.PATCH e.g 0.0.1): https://semver.org/`,
      csv.path,
      nameLine,
    );
  if (name.split('.v').length !== 2)
    c.add(
      'bundle-gp-csv-name',
      `csv.metadata.Name ${name} is not following the recommended naming convention: <operator-name>.v<semver> e.g. memcached-operator.v0.0.1`,
      csv.path,
      nameLine,
    );
}
